/**
 * Settling one vendor's payout for one period: the pure rules the payout worker
 * (worker-handler.ts) applies between its reads and writes (docs/decisions.md, "Payouts").
 * Nothing here reads a table or calls a provider; the worker does, and asks these functions what to do.
 */
import * as z from 'zod';
import { maskDestination, type PayoutAccountItem, type PayoutItem, type PayoutMethodKind } from './model';
import { payoutIdFor, payoutSk, type PayoutDecision, type PayoutPeriod } from './period';
import type { PayoutProvider, PayoutResult } from './provider';

/** The payout queue's message (written by the run, read by the worker): one vendor, one period. */
export const payoutMessage = z.strictObject({ vendorId: z.string().regex(/^V-\d+$/), periodId: z.string().regex(/^\d{4}-\d{2}-[12]$/) });
export type PayoutMessage = z.infer<typeof payoutMessage>;

export type SettlementOutcome =
  | 'paid'
  | 'submitted'
  | 'failed'
  | 'already_settled'
  | 'duplicate'
  | 'below_minimum'
  | 'no_method'
  | 'held'
  | 'method_unavailable';

export type Providers = Partial<Record<PayoutMethodKind, PayoutProvider>>;

/**
 * Why no payout may be made to the vendor's current destination at `nowIso` (no method, a change
 * still on hold, a method this process cannot pay), or null when it may.
 */
export function destinationBlock(account: PayoutAccountItem | null, providers: Providers, nowIso: string): 'no_method' | 'held' | 'method_unavailable' | null {
  if (!account) return 'no_method';
  if (account.holdUntil && account.holdUntil > nowIso) return 'held';
  if (!providers[account.method]) return 'method_unavailable';
  return null;
}

/** The pending payout the worker creates (with the debit, in one transaction) for a decision to pay. */
export function pendingPayout(
  vendorId: string,
  period: PayoutPeriod,
  decision: Extract<PayoutDecision, { pay: true }>,
  account: PayoutAccountItem,
  at: string,
): PayoutItem {
  return {
    vendorId,
    sk: payoutSk(period),
    payoutId: payoutIdFor(vendorId, period),
    periodId: period.id,
    periodFrom: period.from,
    periodTo: period.to,
    status: 'pending',
    amountCents: decision.amountCents,
    feeCents: decision.feeCents,
    paidCents: decision.paidCents,
    method: account.method,
    destinationMasked: maskDestination(account),
    payoutAccountId: account.payoutAccountId,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * Whom a pending payout is paid through: the provider of the destination it was made out to, or the
 * reason it fails instead — the destination changed or vanished after the debit (never pay somewhere
 * else), or its method cannot be paid by this process.
 */
export function settlementRoute(
  payout: PayoutItem,
  account: PayoutAccountItem | null,
  providers: Providers,
): { pay: true; account: PayoutAccountItem; provider: PayoutProvider } | { pay: false; reason: 'destination_changed' | 'method_unavailable' } {
  if (!account || account.payoutAccountId !== payout.payoutAccountId) return { pay: false, reason: 'destination_changed' };
  const provider = providers[account.method];
  return provider ? { pay: true, account, provider } : { pay: false, reason: 'method_unavailable' };
}

/** What the provider's answer makes of the pending payout. */
export function providerTransition(result: PayoutResult): { to: 'paid' | 'submitted'; reference: string } | { to: 'failed'; reason: string } {
  return result.status === 'failed' ? { to: 'failed', reason: result.reason } : { to: result.status, reference: result.reference };
}
