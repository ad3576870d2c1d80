/**
 * The payout run: closes the period of the run date and hands every payable vendor to the worker.
 * Candidates come from the ledger's sparse payable index (BALANCE items changed since they were last
 * pruned), never a table scan; a candidate below the minimum rolls over and is pruned.
 *
 * Sized for 100,000 vendors (issue 23, docs/decisions.md "Payout runs at 100,000 vendors"): the index
 * is write-sharded (sixteen partitions and the legacy one, lambdas/payouts/model.ts), and the run
 * reads every partition at once, page by page; each page's vendors go in chunks of 100 to one
 * BatchGetItem for their balances, `concurrency` chunks in flight; prunes and enqueues run with
 * bounded parallelism of their own (the enqueue, run-handler.ts, sends ten per SendMessageBatch,
 * several batches in flight). Nothing is done twice for a vendor within a run (a vendor whose item
 * moves from the legacy partition to its shard while the run reads is seen once), and a run done
 * twice is safe: the worker pays a vendor at most once per period.
 */
import { limiter, mapLimit } from '../shared/concurrency';
import { MINIMUM_PAYOUT_CENTS } from '../shared/money';
import { MARKETPLACE_TIME_ZONE, type Instant } from '../shared/dates';
import { PAYABLE_PARTITIONS } from './model';
import { periodFromId, payoutPeriodFor, type PayoutPeriod } from './period';
import type { PayoutMessage } from './settlement';
import { BATCH_GET_SIZE, balancesOf, prunePayable, queryPayable } from './store';

export interface RunSummary {
  period: PayoutPeriod;
  enqueued: number;
  rolledOver: number;
}

export interface RunOptions {
  timeZone?: string;
  minimumCents?: number;
  /** Balance chunks (BatchGetItem of 100, then their enqueue) in flight at once. */
  concurrency?: number;
  /** Prunes (a transaction each, with the roll-over notice) in flight at once. */
  pruneConcurrency?: number;
}

/** Enough to keep DynamoDB and SQS busy from one Lambda; far below what either throttles. */
export const RUN_CONCURRENCY = 8;
export const PRUNE_CONCURRENCY = 8;

export async function runPayouts(date: Instant, enqueue: (messages: PayoutMessage[]) => Promise<void>, opts: RunOptions = {}): Promise<RunSummary> {
  const period = payoutPeriodFor(date, opts.timeZone ?? MARKETPLACE_TIME_ZONE);
  const minimum = opts.minimumCents ?? MINIMUM_PAYOUT_CENTS;
  const chunkSlot = limiter(opts.concurrency ?? RUN_CONCURRENCY);
  const pruneSlot = limiter(opts.pruneConcurrency ?? PRUNE_CONCURRENCY);
  let enqueued = 0;
  let rolledOver = 0;
  const nextPayoutDate = nextPeriodOf(period).to;
  // The notices' time: the run's instant (a bare day means "now").
  const at = (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date() : new Date(date)).toISOString();
  const seen = new Set<string>();

  const handleChunk = async (vendorIds: string[]) => {
    const candidates = await balancesOf(vendorIds);
    const payable = candidates.filter((c) => c.balanceCents >= minimum);
    const below = candidates.filter((c) => c.balanceCents < minimum);
    await settleAll([
      // The vendor's "rolled over" notice is written with the prune (off by default in e-mail).
      ...below.map((c) => pruneSlot(() => prunePayable(c.vendorId, minimum, { periodId: period.id, balanceCents: c.balanceCents, minimumCents: minimum, nextPayoutDate, at }))),
      ...(payable.length ? [enqueue(payable.map((c) => ({ vendorId: c.vendorId, periodId: period.id })))] : []),
    ]);
    enqueued += payable.length;
    rolledOver += below.length;
  };

  const readPartition = async (partition: string) => {
    let startKey: Record<string, unknown> | undefined;
    const chunks: Promise<void>[] = [];
    try {
      do {
        const page = await queryPayable(partition, startKey);
        const fresh = page.vendorIds.filter((v) => !seen.has(v));
        for (const v of fresh) seen.add(v);
        for (let i = 0; i < fresh.length; i += BATCH_GET_SIZE) {
          const chunk = fresh.slice(i, i + BATCH_GET_SIZE);
          chunks.push(chunkSlot(() => handleChunk(chunk)));
        }
        startKey = page.next;
      } while (startKey);
    } finally {
      // Also when a page failed: the chunks already started finish (or fail) before the run does.
      await Promise.allSettled(chunks);
    }
    await settleAll(chunks);
  };

  await mapLimit(PAYABLE_PARTITIONS, PAYABLE_PARTITIONS.length, readPartition);
  return { period, enqueued, rolledOver };
}

/** Waits for every promise (none left running unobserved), then rejects with the first failure. */
async function settleAll(promises: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(promises)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** The period after `period` (its last day is the next run's date). */
export function nextPeriodOf(period: PayoutPeriod): PayoutPeriod {
  const [y, m, half] = period.id.split('-').map(Number) as [number, number, number];
  if (half === 1) return periodFromId(`${y}-${String(m).padStart(2, '0')}-2`)!;
  const next = m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 };
  return periodFromId(`${next.y}-${String(next.m).padStart(2, '0')}-1`)!;
}
