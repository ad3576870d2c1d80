import { beforeEach, vi } from 'vitest';
import { auth, configure, storage } from './amplify-mock';
import { resetConfigForTests } from '../../web/src/lib/config';
import { resetAuthForTests } from '../../web/src/lib/auth-client';
import { i18n } from '../../web/src/i18n/i18n';

/**
 * The `web` project runs its files in one module graph per worker (`isolate: false`, vitest.config.ts):
 * a module is evaluated once and every later file sees it as the first left it. So:
 * - every file sees the same Amplify, the fakes of test/web/amplify-mock.ts, whichever file first loaded
 *   a module that imports Amplify (a file's own `vi.mock` of the same objects changes nothing);
 * - the state the app keeps in modules (the loaded config, the auth client, the language) and the fakes'
 *   recorded calls start afresh in every test.
 * A file that mocks some other module, or needs a fresh module graph, runs in `web-isolated` instead.
 */
vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));
vi.mock('aws-amplify/storage', () => storage);

const fakes = [configure, ...Object.values(auth), ...Object.values(storage)].filter((f) => vi.isMockFunction(f));

beforeEach(async () => {
  // English, as a fresh page starts: an earlier file may have left the shared i18n instance in zh-TW.
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  // What an earlier file's last test called on the shared fakes does not count in this file's tests.
  for (const fake of fakes) fake.mockClear();
  resetConfigForTests();
  resetAuthForTests();
});
