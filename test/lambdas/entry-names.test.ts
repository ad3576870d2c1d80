/**
 * The naming rule of Lambda entry files (docs/architecture.md "Lambda entry files"):
 * - an entry is `lambdas/<capability>/handler.ts` when it is the capability's API function, and
 *   `lambdas/<capability>/<purpose>-handler.ts` otherwise (a second API function of the capability,
 *   a trigger, a queue or event consumer, a schedule);
 * - only entry files end in `handler.ts`.
 * The entries are read from every function definition the CDK app and the local stack deploy.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emailFeedbackFunction, notifierFunction } from '../../lambdas/notifications/functions';
import { bulkWorkerFunction, imageCheckFunction, imageUrlKeyFunction, orderIngestFunction, payoutRunFunction, payoutWorkerFunction, restockFunction } from '../../contracts/functions';

import { apiFunctions } from '../../contracts/routes';
import { cognitoTriggers } from '../../contracts/triggers';
import { archiverFunction } from '../../lambdas/archive/functions';

const lambdasDir = path.resolve(import.meta.dirname, '../../lambdas');

interface Entry {
  name: string;
  entry: string;
  api: boolean;
}

const entries: Entry[] = [
  ...Object.entries(apiFunctions).map(([name, def]) => ({ name, entry: def.entry, api: true })),
  ...Object.entries(cognitoTriggers).map(([name, def]) => ({ name, entry: def.entry, api: false })),
  { name: 'payoutRun', entry: payoutRunFunction.entry, api: false },
  { name: 'payoutWorker', entry: payoutWorkerFunction.entry, api: false },
  { name: 'imageCheck', entry: imageCheckFunction.entry, api: false },
  { name: 'imageUrlKey', entry: imageUrlKeyFunction.entry, api: false },
  { name: 'orderIngest', entry: orderIngestFunction.entry, api: false },
  { name: 'notifier', entry: notifierFunction.entry, api: false },
  { name: 'emailFeedback', entry: emailFeedbackFunction.entry, api: false },
  { name: 'restock', entry: restockFunction.entry, api: false },
  { name: 'bulkWorker', entry: bulkWorkerFunction.entry, api: false },
  { name: 'auditArchiver', entry: archiverFunction.entry, api: false },
];

const ENTRY_NAME = /^[a-z][a-z0-9-]*\/(?:[a-z][a-z0-9-]*-)?handler\.ts$/;

/** Every way `entries` breaks the rule, given the files under lambdas/ (paths relative to it). */
function ruleViolations(defs: readonly Entry[], files: readonly string[]): string[] {
  const problems: string[] = [];
  const entryPaths = new Set(defs.map((d) => d.entry));
  for (const d of defs) {
    if (!ENTRY_NAME.test(d.entry)) problems.push(`${d.name}: ${d.entry} is not <capability>/handler.ts or <capability>/<purpose>-handler.ts`);
    if (!files.includes(d.entry)) problems.push(`${d.name}: ${d.entry} does not exist`);
    if (path.posix.basename(d.entry) === 'handler.ts' && !d.api) problems.push(`${d.name}: ${d.entry} is not an API function, so it is <purpose>-handler.ts`);
  }
  const apiFolders = new Set(defs.filter((d) => d.api).map((d) => path.posix.dirname(d.entry)));
  for (const folder of apiFolders) {
    if (!defs.some((d) => d.api && d.entry === `${folder}/handler.ts`)) problems.push(`${folder}/: its API function is not ${folder}/handler.ts`);
  }
  for (const file of files) {
    if (file.endsWith('handler.ts') && !entryPaths.has(file)) problems.push(`${file} ends in handler.ts but is no function's entry`);
  }
  return problems;
}

const lambdaFiles = (readdirSync(lambdasDir, { recursive: true }) as string[]).map((f) => f.split(path.sep).join('/')).filter((f) => f.endsWith('.ts'));

describe('Lambda entry file names', () => {
  it('every function definition has an entry file named by the rule, and every *handler.ts is an entry', () => {
    expect(entries.length).toBeGreaterThanOrEqual(14);
    expect(ruleViolations(entries, lambdaFiles)).toEqual([]);
    for (const e of entries) expect(existsSync(path.join(lambdasDir, e.entry)), e.entry).toBe(true);
  });

  it('no two functions share an entry', () => {
    const paths = entries.map((e) => e.entry);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('the check catches each kind of break', () => {
    const api = (name: string, entry: string): Entry => ({ name, entry, api: true });
    const other = (name: string, entry: string): Entry => ({ name, entry, api: false });
    expect(ruleViolations([api('a', 'orders/handler.ts'), other('b', 'orders/export.ts')], ['orders/handler.ts', 'orders/export.ts'])).toEqual([
      'b: orders/export.ts is not <capability>/handler.ts or <capability>/<purpose>-handler.ts',
    ]);
    expect(ruleViolations([other('t', 'cognito/handler.ts')], ['cognito/handler.ts'])).toEqual([
      't: cognito/handler.ts is not an API function, so it is <purpose>-handler.ts',
    ]);
    expect(ruleViolations([api('a', 'payouts/statement-handler.ts')], ['payouts/statement-handler.ts'])).toEqual([
      'payouts/: its API function is not payouts/handler.ts',
    ]);
    expect(ruleViolations([api('a', 'vendor/handler.ts')], ['vendor/handler.ts', 'vendor/review-handler.ts'])).toEqual([
      'vendor/review-handler.ts ends in handler.ts but is no function\'s entry',
    ]);
    expect(ruleViolations([api('a', 'vendor/handler.ts')], [])).toEqual(['a: vendor/handler.ts does not exist']);
  });
});
