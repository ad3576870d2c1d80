/**
 * Ops confirm a bank transfer: the submitted (pending) payout becomes paid, or failed with the
 * amount re-credited — the same transitions the worker uses for the e-mail provider, with the
 * operator's audit entry (issue 13) in the same transaction. The console (POST
 * /api/admin/payouts/{payoutId}/confirm) and `npm run payouts:bank -- confirm` both call this.
 */
import { auditWrite, type Operator } from '../audit/record';
import { parsePayoutId } from './period';
import { failPayout, getPayout, markPaid } from './store';

export type ConfirmOutcome = 'paid' | 'failed' | 'not_found' | 'not_pending' | 'not_submitted';

export const DEFAULT_BANK_FAILURE_REASON = 'bank_transfer_failed';

export interface ConfirmOptions {
  /** Who confirms: the console's signed-in admin or `cliOperator()`. */
  actor: Operator;
  /** Why the transfer failed (outcome `failed`); default `bank_transfer_failed`. */
  reason?: string | undefined;
  now?: Date;
}

export async function confirmBankPayout(payoutId: string, outcome: 'paid' | 'failed', opts: ConfirmOptions): Promise<ConfirmOutcome> {
  const now = opts.now ?? new Date();
  const at = now.toISOString();
  const ids = parsePayoutId(payoutId);
  const payout = ids ? await getPayout(ids.vendorId, ids.periodId) : null;
  if (!payout) return 'not_found';
  if (payout.status !== 'pending') return 'not_pending';
  if (payout.method !== 'bank' || !payout.submittedAt) return 'not_submitted';
  const reason = outcome === 'failed' ? opts.reason?.trim() || DEFAULT_BANK_FAILURE_REASON : null;
  const audit = auditWrite({
    actor: opts.actor,
    action: outcome === 'paid' ? 'payout.confirmed_paid' : 'payout.confirmed_failed',
    target: { type: 'payout', id: payout.payoutId },
    vendorId: payout.vendorId,
    before: { status: 'pending' },
    after: { status: outcome },
    reason,
    at,
  });
  if (outcome === 'paid') return (await markPaid(payout, payout.providerReference ?? 'bank-transfer', at, [audit])) ? 'paid' : 'not_pending';
  const result = await failPayout(payout, reason!, at, [audit]);
  return result === 'failed' ? 'failed' : 'not_pending';
}
