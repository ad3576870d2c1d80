/**
 * The local stand-in of the payout queue (lambdas/payouts/queue.ts): the console's retries (issue 13)
 * write their message as a JSON file in `<data dir>/payout-queue/`, and whoever runs the worker
 * locally delivers them — `npm run payouts:run -- --queued` (with the provider fake) or a test with
 * its own provider. The local stack has no SQS and runs no worker of its own: the e-mail provider
 * exists only for the duration of a payouts command.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PayoutQueue } from '../../lambdas/payouts/queue';
import type { PayoutMessage } from '../../lambdas/payouts/settlement';

export function folderPayoutQueue(dir: string): PayoutQueue {
  return {
    async send(message) {
      mkdirSync(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.vendorId}-${message.periodId}-${randomBytes(3).toString('hex')}.json`;
      writeFileSync(path.join(dir, name), JSON.stringify(message));
    },
  };
}

/** The messages waiting in `dir`, oldest first, each with the function that removes it once delivered. */
export function queuedPayoutMessages(dir: string): { message: PayoutMessage; done: () => void }[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const file = path.join(dir, name);
    return { message: JSON.parse(readFileSync(file, 'utf8')) as PayoutMessage, done: () => rmSync(file, { force: true }) };
  });
}

/** Delivers every queued message to `deliver` (the worker's payVendor); a message whose delivery throws stays queued. */
export async function drainPayoutQueue<T>(dir: string, deliver: (message: PayoutMessage) => Promise<T>): Promise<{ message: PayoutMessage; outcome: T | Error }[]> {
  const results: { message: PayoutMessage; outcome: T | Error }[] = [];
  for (const { message, done } of queuedPayoutMessages(dir)) {
    try {
      results.push({ message, outcome: await deliver(message) });
      done();
    } catch (err) {
      results.push({ message, outcome: err as Error });
    }
  }
  return results;
}
