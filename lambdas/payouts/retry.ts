/**
 * Ops retry a failed payout (issue 13, the console's Payouts screen): the same payout id goes back
 * through the worker exactly once per retry.
 *   1. one transaction moves it failed → pending on the retry count the operator saw (two clicks,
 *      two operators or a repeated request: one transition), debits the re-credited amount again
 *      (ENTRY kind payout), points it at the vendor's current destination and records the audit
 *      entry `payout.retried`;
 *   2. the payout queue's message (vendor, period) sends it to the worker, which settles a pending
 *      payout by its id (worker-handler.ts) and calls the provider with the attempt's own key
 *      (`<payout id>.r<n>`, model.ts `attemptKey`): a redelivery never pays twice.
 * A request repeated after the transition (a lost answer) finds the payout pending at that count and
 * sends the message again — harmless, the worker is idempotent by payout id.
 */
import { auditWrite, type Operator } from '../audit/record';
import type { VendorRecord } from '../shared/vendors';
import type { PayoutItem } from './model';
import { parsePayoutId } from './period';
import { payoutQueue, type PayoutQueue } from './queue';
import { getPayout, retryFailedPayout } from './store';

export type RetryResult =
  | { outcome: 'retried' | 'already_retried'; payout: PayoutItem }
  | { outcome: 'not_found' }
  | { outcome: 'not_failed'; payout: PayoutItem }
  | { outcome: 'no_method' | 'held' | 'insufficient_balance'; payout: PayoutItem };

export interface RetryDeps {
  actor: Operator;
  /** The vendor record (its masked `payoutMethod`): where the retry pays to. */
  vendorOf: (vendorId: string) => Promise<Pick<VendorRecord, 'payoutMethod'> | null>;
  queue?: PayoutQueue;
  now?: () => Date;
}

const ATTEMPTS = 5;

/** Retries payout `payoutId`, last seen by the operator at `seenRetryCount` retries (0: never). */
export async function retryPayout(payoutId: string, seenRetryCount: number, deps: RetryDeps): Promise<RetryResult> {
  const now = deps.now ?? (() => new Date());
  const ids = parsePayoutId(payoutId);
  if (!ids) return { outcome: 'not_found' };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const payout = await getPayout(ids.vendorId, ids.periodId);
    if (!payout) return { outcome: 'not_found' };
    const count = payout.retryCount ?? 0;
    if (payout.status !== 'failed' || count !== seenRetryCount) {
      // This retry happened already (another click, operator or a repeated request).
      if (count > seenRetryCount) {
        if (payout.status === 'pending' && count === seenRetryCount + 1) await (deps.queue ?? payoutQueue()).send(ids);
        return { outcome: 'already_retried', payout };
      }
      return { outcome: 'not_failed', payout };
    }
    const method = (await deps.vendorOf(payout.vendorId))?.payoutMethod;
    if (!method) return { outcome: 'no_method', payout };
    const at = now().toISOString();
    if (method.holdUntil && method.holdUntil > at) return { outcome: 'held', payout };
    const audit = auditWrite({
      actor: deps.actor,
      action: 'payout.retried',
      target: { type: 'payout', id: payout.payoutId },
      vendorId: payout.vendorId,
      before: { status: 'failed', retryCount: count, failureReason: payout.failureReason ?? null },
      after: { status: 'pending', retryCount: count + 1 },
      reason: null,
      at,
    });
    const outcome = await retryFailedPayout(payout, { payoutAccountId: method.payoutAccountId, method: method.method, destinationMasked: method.destination }, at, [audit]);
    if (outcome === 'retried') {
      await (deps.queue ?? payoutQueue()).send(ids);
      return { outcome: 'retried', payout: (await getPayout(ids.vendorId, ids.periodId)) ?? payout };
    }
    if (outcome === 'insufficient_balance') return { outcome, payout };
    // not_failed (someone else moved it meanwhile) or contention: read again.
  }
  throw new Error(`Payout ${payoutId}: could not retry (contention)`);
}
