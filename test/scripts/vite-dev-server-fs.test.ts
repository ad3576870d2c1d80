import { readFileSync, realpathSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const nodeModules = realpathSync(path.join(root, 'node_modules'));

/**
 * The local dev server (web/vite.config.ts `server.fs`) serves the web app and what it imports, never
 * cognito-local's private signing key (with it anyone could mint tokens the local API accepts) nor any
 * other package the web does not import. Asked of the running dev server, as a browser would.
 */
describe('the Vite dev server serves no file the web does not import', () => {
  let server: ViteDevServer;
  let base: string;
  beforeAll(async () => {
    server = await createServer({
      configFile: path.join(root, 'web/vite.config.ts'),
      server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
      logLevel: 'silent',
      clearScreen: false,
    });
    await server.listen();
    base = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const status = async (url: string) => (await fetch(`${base}${url}`)).status;
  const keyPath = 'cognito-local/lib/keys/cognitoLocal.private.json';
  // The key's private exponent: in no answer, whatever its status (an unknown path gets the app's index.html).
  const secret = (JSON.parse(readFileSync(path.join(nodeModules, keyPath), 'utf8')) as { d: string }).d;

  it("refuses cognito-local's private signing key by every path", async () => {
    // The real path and the one through the repository (node_modules may be a link, as in a git worktree).
    for (const key of [path.join(nodeModules, keyPath), path.join(root, 'node_modules', keyPath)]) {
      for (const url of [`/@fs${key}`, `/@fs${key}?raw`, `/@fs${key}?import`, `/@fs${key}?url`]) {
        const res = await fetch(`${base}${url}`);
        expect([403, 404], url).toContain(res.status);
        expect(await res.text(), url).not.toContain(secret);
      }
    }
    for (const url of [`/node_modules/${keyPath}`, `/node_modules/${keyPath}?import`, `/node_modules/${keyPath}?raw`]) {
      expect(await (await fetch(`${base}${url}`)).text(), url).not.toContain(secret);
    }
  });

  it('refuses packages the web does not import (the server side of the local stack)', async () => {
    expect([403, 404]).toContain(await status(`/@fs${path.join(nodeModules, 'cognito-local/package.json')}`));
    expect([403, 404]).toContain(await status(`/@fs${path.join(nodeModules, 'aws-cdk-lib/package.json')}`));
  });

  it('still serves the web, the contracts it shares and the stylesheets it imports from packages', async () => {
    expect(await status('/src/main.tsx')).toBe(200);
    expect(await status(`/@fs${path.join(root, 'contracts/languages.ts')}`)).toBe(200);
    expect(await status(`/@fs${path.join(nodeModules, '@aws-amplify/ui-react/dist/styles.css')}`)).toBe(200);
  });
});
