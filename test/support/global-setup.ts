import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { createInterface } from 'node:readline';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { StackInfo } from './stack-info';

let child: ChildProcess | undefined;

/** A port the OS says is free now, so several test runs (or a developer's `npm start`) never collide. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The stack both stack projects share: `stack` and `stack-serial` list this file as their globalSetup,
 * and vitest runs each project's globalSetup in this same process, so the first starts the stack and
 * the second gets the same one (kept on globalThis: each project loads this module afresh).
 * The last project's teardown stops it.
 */
interface SharedStack {
  info: Promise<StackInfo>;
  projects: number;
}
const shared = globalThis as typeof globalThis & { __sellerPortalTestStack?: SharedStack };

/**
 * Starts the real local stack once for the integration and end-to-end tests (`--profile test`:
 * in-memory DynamoDB Local, a throwaway cognito-local pool, test ports) and stops it afterwards.
 * The same script as `npm start`, so the tests exercise what a developer runs.
 */
export default async function setup(project: TestProject) {
  const stack = (shared.__sellerPortalTestStack ??= { info: startStack(), projects: 0 });
  stack.projects += 1;
  project.provide('stack', await stack.info);
  return async () => {
    stack.projects -= 1;
    if (stack.projects > 0) return;
    shared.__sellerPortalTestStack = undefined;
    await stopStack();
  };
}

async function startStack(): Promise<StackInfo> {
  const root = path.resolve(import.meta.dirname, '../..');
  const ports = {
    TEST_WEB_PORT: String(await freePort()),
    TEST_API_PORT: String(await freePort()),
    TEST_DYNAMODB_PORT: String(await freePort()),
    TEST_COGNITO_PORT: String(await freePort()),
    TEST_S3_PORT: String(await freePort()),
    TEST_SES_PORT: String(await freePort()),
  };
  // Tests that run scripts against the stack (e.g. the review CLI with --profile test) inherit these.
  Object.assign(process.env, ports);
  child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts', '--profile', 'test'], {
    cwd: root,
    // Small re-check batches (issue 16): a re-check of a few hundred products takes several messages.
    env: { LOW_STOCK_RECHECK_BATCH: '100', ...process.env, ...ports },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const codes: StackInfo['codes'] = [];
  const info = await new Promise<StackInfo>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The local stack did not become ready within 600 s')), 600_000);
    child!.once('exit', (code) => reject(new Error(`The local stack exited early with code ${code}`)));
    createInterface({ input: child!.stdout! }).on('line', (line) => {
      let msg: { type?: string } & Record<string, unknown>;
      try {
        msg = JSON.parse(line) as typeof msg;
      } catch {
        return;
      }
      if (msg.type === 'code') codes.push(msg as StackInfo['codes'][number]);
      if (msg.type === 'ready') {
        clearTimeout(timer);
        resolve({ ...(msg as unknown as StackInfo), codes });
      }
    });
  });
  return { ...info, ports: Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, Number(v)])) };
}

async function stopStack(): Promise<void> {
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((r) => child!.once('exit', r));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}
