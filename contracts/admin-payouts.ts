/**
 * The ops console's Payouts screen (issue 13, screen 5): the answers of /api/admin/payouts/...
 * (docs/api.md), declared once for the server (lambdas/admin/payouts-handler.ts) and the web
 * (web/src/features/admin/payouts). Plain zod; imports only the console's plain values (contracts/admin-values.ts, payout-statuses.ts).
 */
import * as z from 'zod';
import { KNOWN_PAYOUT_FAILURE_REASONS } from './admin-values';
import { PAYOUT_STATUSES } from './payout-statuses';

const cents = z.number().int();
const PERIOD_ID = /^\d{4}-(0[1-9]|1[0-2])-[12]$/;
export const periodIdSchema = z.string().regex(PERIOD_ID, 'invalid_period');

/** The lists of the screen: a period's payouts (by vendor id), failed payouts and bank transfers awaiting confirmation (oldest first). */
export const ADMIN_PAYOUT_VIEWS = ['period', 'failed', 'awaiting'] as const;
export type AdminPayoutView = (typeof ADMIN_PAYOUT_VIEWS)[number];

/** Failure reasons the console translates (contracts/admin-values.ts). */
export { KNOWN_PAYOUT_FAILURE_REASONS };
export type KnownPayoutFailureReason = (typeof KNOWN_PAYOUT_FAILURE_REASONS)[number];

/** One payout as ops see it (the destination masked, as the vendor sees it). */
export const adminPayoutSchema = z.strictObject({
  payoutId: z.string(),
  vendorId: z.string(),
  /** The vendor's name from its record; null when the record is gone. */
  vendorName: z.string().nullable(),
  periodId: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  amountCents: cents,
  feeCents: cents,
  paidCents: cents,
  method: z.enum(['email', 'bank']),
  destination: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Bank transfer written to the batch (awaiting ops' confirmation while pending). */
  submittedAt: z.iso.datetime().nullable(),
  failureReason: z.string().nullable(),
  /** Retries so far: the retry request names it, so two retries of one failure make one. */
  retryCount: z.number().int().nonnegative(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

/** `GET /api/admin/payouts?view=…` */
export const adminPayoutPageSchema = z.strictObject({
  items: z.array(adminPayoutSchema),
  nextCursor: z.string().nullable(),
});
export type AdminPayoutPage = z.infer<typeof adminPayoutPageSchema>;

/** `GET /api/admin/payouts/periods/{periodId}`: one period's figures, over all of its payouts. */
export const adminPayoutPeriodSchema = z.strictObject({
  period: z.strictObject({ id: z.string(), from: z.string(), to: z.string() }),
  /** Payouts made for the period (one per vendor), and of them the vendors actually paid. */
  payouts: z.number().int().nonnegative(),
  vendorsPaid: z.number().int().nonnegative(),
  counts: z.strictObject({ pending: z.number().int().nonnegative(), paid: z.number().int().nonnegative(), failed: z.number().int().nonnegative() }),
  /**
   * Sums over every payout of the period: gross sales and commission of their reconciliations
   * (lambdas/payouts/reconcile.ts), the amounts debited, the transfer fees, and what was sent (amount − fee).
   */
  totals: z.strictObject({ grossSalesCents: cents, commissionCents: cents, amountCents: cents, feeCents: cents, paidCents: cents }),
  /** Sent to vendors whose payout is paid. */
  paidOutCents: cents,
});
export type AdminPayoutPeriod = z.infer<typeof adminPayoutPeriodSchema>;

export const retryBodySchema = z.strictObject({ retryCount: z.number().int().nonnegative().max(1000) });
/** Why a bank transfer failed, in ops' words (outcome failed); default `bank_transfer_failed`. */
const confirmReason = z.string().trim().max(500);
export const confirmBodySchema = z.strictObject({ outcome: z.enum(['paid', 'failed']), reason: confirmReason.optional() });
/** The console's payout action dialog: the reason as typed ('' for none; only a failed transfer sends it). */
export const payoutActionFormSchema = z.strictObject({ reason: confirmReason });
export const bankBatchBodySchema = z.strictObject({ periodId: periodIdSchema });

/** `POST /api/admin/payouts/{payoutId}/retry` and `/confirm`: what happened and the payout now. */
export const adminPayoutActionSchema = z.strictObject({
  outcome: z.enum(['retried', 'already_retried', 'paid', 'failed']),
  payout: adminPayoutSchema,
});
export type AdminPayoutAction = z.infer<typeof adminPayoutActionSchema>;

/** `POST /api/admin/payouts/bank-batch`: the period's transfer instructions as CSV (full account numbers; the download is audited). */
export const bankBatchSchema = z.strictObject({
  periodId: z.string(),
  fileName: z.string(),
  rows: z.number().int().nonnegative(),
  csv: z.string(),
});
export type BankBatch = z.infer<typeof bankBatchSchema>;
