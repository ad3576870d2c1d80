/**
 * Ops confirm a bank transfer: the submitted (pending) payout becomes paid, or failed with the
 * amount re-credited — the same transitions the worker uses for the e-mail provider.
 */
import { parsePayoutId } from './period';
import { failPayout, getPayout, markPaid } from './store';

export type ConfirmOutcome = 'paid' | 'failed' | 'not_found' | 'not_pending' | 'not_submitted';

export async function confirmBankPayout(payoutId: string, outcome: 'paid' | 'failed', reason = 'bank_transfer_failed', now: Date = new Date()): Promise<ConfirmOutcome> {
  const ids = parsePayoutId(payoutId);
  const payout = ids ? await getPayout(ids.vendorId, ids.periodId) : null;
  if (!payout) return 'not_found';
  if (payout.status !== 'pending') return 'not_pending';
  if (payout.method !== 'bank' || !payout.submittedAt) return 'not_submitted';
  if (outcome === 'paid') return (await markPaid(payout, payout.providerReference ?? 'bank-transfer', now.toISOString())) ? 'paid' : 'not_pending';
  const result = await failPayout(payout, reason, now.toISOString());
  return result === 'failed' ? 'failed' : 'not_pending';
}
