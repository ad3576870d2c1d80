import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { WebConfig } from '../../contracts/web-config';
import { readSeedToken } from '../local/cognito';
import type { LocalPorts } from '../local/ports';

/**
 * A benchmark's local stack, in a child process of its own so the load generator does not share
 * its event loop. The bench script runs itself with `--serve` as the child (see `serveStack`).
 */
const root = path.resolve(import.meta.dirname, '../..');

export interface BenchStack {
  apiUrl: string;
  cognitoEndpoint: string;
  dynamodbEndpoint: string;
  webConfig: WebConfig;
  /** The cognito server's token for its local-only targets (scripts/local/cognito.ts `readSeedToken`). */
  seedToken: string;
}

/**
 * The child's side: start the stack (no web), print one JSON "ready" line, stop on a signal.
 * `inMemory`: DynamoDB Local without its SQLite file (seeding 100,000 items takes minutes instead of
 * half an hour; the folder is deleted on stop).
 */
export async function serveStack(ports: LocalPorts, dataDir: string, opts: { inMemory?: boolean } = {}): Promise<void> {
  // A signal while the stack is still starting stops it as soon as it is up: DynamoDB Local and
  // cognito-local are never left running by an interrupted bench.
  const stopping: { requested: boolean; stop?: () => Promise<void> } = { requested: false };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => {
      stopping.requested = true;
      void stopping.stop?.();
    });
  const { startLocalStack } = await import('../local/stack');
  const stack = await startLocalStack({
    ports,
    dataDir,
    persistent: !opts.inMemory,
    web: false,
    log: (line) => console.error(line),
    debug: (line) => {
      if (process.env.DEBUG) console.error(line);
    },
  });
  stopping.stop = async () => {
    await stack.stop();
    process.exit(0);
  };
  if (stopping.requested) return stopping.stop();
  const ready: BenchStack = { apiUrl: stack.apiUrl, cognitoEndpoint: stack.cognitoEndpoint, dynamodbEndpoint: stack.dynamodbEndpoint, webConfig: stack.webConfig, seedToken: readSeedToken(path.join(dataDir, 'cognito')) };
  console.log(JSON.stringify({ type: 'ready', ...ready }));
}

/** The parent's side: runs `script --serve` (and `args`) and resolves with the stack's endpoints once it is ready. */
export function startStackProcess(script: string, args: string[] = []): { child: ChildProcess; ready: Promise<BenchStack> } {
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), script, '--serve', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'ERROR' },
  });
  const ready = new Promise<BenchStack>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The bench stack did not become ready within 180 s')), 180_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The bench stack exited early with code ${code}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const msg = JSON.parse(line) as { type?: string } & BenchStack;
        if (msg.type === 'ready') {
          clearTimeout(timer);
          resolve(msg);
        }
      } catch {
        /* not ours */
      }
    });
  });
  return { child, ready };
}

/** Stops the child's whole process group: politely, then after 15 s for good. */
export async function stopStackProcess(child: ChildProcess): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid, 'SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
}
