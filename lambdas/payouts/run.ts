/**
 * The payout run: closes the period of the run date and hands every payable vendor to the worker.
 * Candidates come from the ledger's sparse `byPayable` index (BALANCE items changed since they were
 * last pruned), never a table scan; a candidate below the minimum rolls over and is pruned.
 */
import { MINIMUM_PAYOUT_CENTS } from '../shared/money';
import { MARKETPLACE_TIME_ZONE, type Instant } from '../shared/dates';
import { periodFromId, payoutPeriodFor, type PayoutPeriod } from './period';
import type { PayoutMessage } from './settlement';
import { prunePayable, queryPayable } from './store';

export interface RunSummary {
  period: PayoutPeriod;
  enqueued: number;
  rolledOver: number;
}

export async function runPayouts(
  date: Instant,
  enqueue: (messages: PayoutMessage[]) => Promise<void>,
  opts: { timeZone?: string; minimumCents?: number } = {},
): Promise<RunSummary> {
  const period = payoutPeriodFor(date, opts.timeZone ?? MARKETPLACE_TIME_ZONE);
  const minimum = opts.minimumCents ?? MINIMUM_PAYOUT_CENTS;
  let enqueued = 0;
  let rolledOver = 0;
  const nextPayoutDate = nextPeriodOf(period).to;
  // The notices' time: the run's instant (a bare day means "now").
  const at = (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date() : new Date(date)).toISOString();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryPayable(startKey);
    const payable = page.items.filter((c) => c.balanceCents >= minimum);
    for (const c of page.items) {
      if (c.balanceCents < minimum) {
        rolledOver++;
        // The vendor's "rolled over" notice is written with the prune (off by default in e-mail).
        await prunePayable(c.vendorId, minimum, { periodId: period.id, balanceCents: c.balanceCents, minimumCents: minimum, nextPayoutDate, at });
      }
    }
    if (payable.length) await enqueue(payable.map((c) => ({ vendorId: c.vendorId, periodId: period.id })));
    enqueued += payable.length;
    startKey = page.next;
  } while (startKey);
  return { period, enqueued, rolledOver };
}

/** The period after `period` (its last day is the next run's date). */
export function nextPeriodOf(period: PayoutPeriod): PayoutPeriod {
  const [y, m, half] = period.id.split('-').map(Number) as [number, number, number];
  if (half === 1) return periodFromId(`${y}-${String(m).padStart(2, '0')}-2`)!;
  const next = m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 };
  return periodFromId(`${next.y}-${String(next.m).padStart(2, '0')}-1`)!;
}
