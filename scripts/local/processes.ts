import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import net from 'node:net';

/** Thrown for a problem the person running the stack can fix; printed as one line. */
export class PrerequisiteError extends Error {}

export async function assertPortFree(port: number, what: string, host = '127.0.0.1'): Promise<void> {
  const free = await new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
  if (!free) {
    throw new PrerequisiteError(
      `Port ${port} (${what}) is already in use on ${host}: stop whatever holds it (is another \`npm start\` running? \`lsof -i :${port}\`) and try again.`,
    );
  }
}

/**
 * Waits until something listens on `port`. The default is generous: DynamoDB Local's JVM took over 30 s
 * to open its port at load 35 on the 2-core machine (the test stack's start then failed), and a port that
 * opens sooner ends the wait at once.
 */
export async function waitForPort(port: number, host = '127.0.0.1', timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host);
      socket.once('connect', () => socket.end(() => resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${host}:${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Children still running; if this process dies without stopping them, the exit hook takes them down. */
const running = new Set<number>();
process.on('exit', () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});

export interface ManagedChild {
  name: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Spawns a child in its own process group so that stopping it also stops anything it started,
 * and so that a dying parent can take it down by group id.
 */
export function startChild(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { onLine?: (line: string) => void },
): ManagedChild {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let buffer = '';
  const forward = (chunk: Buffer) => {
    buffer += chunk.toString();
    let idx;
    while ((idx = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, idx);
      buffer = buffer.slice(idx + 1);
      options.onLine?.(line);
    }
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  if (child.pid) running.add(child.pid);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      if (child.pid) running.delete(child.pid);
      resolve();
    }),
  );
  return {
    name,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
