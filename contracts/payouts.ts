/**
 * Payout answers the API gives and the web reads (docs/api.md, GET /api/payouts,
 * GET /api/payouts/{payoutId}, GET/PUT /api/payout-method): zod schemas the web parses them with
 * (web/src/features/payouts/payouts-api.ts) and the types the server builds them as (`z.infer`).
 */
import * as z from 'zod/mini';
import { PAYOUT_STATUSES } from './payout-statuses';
import { cents, int } from './values';

/**
 * How a payout adds up: gross − commission + adjustments + carried over − fee = paid to you, from the
 * ledger entries booked in the period up to the payout.
 */
export const payoutReconciliationSchema = z.object({
  /** The window's first instant: the period's first day, 00:00 in the marketplace zone (UTC ISO). */
  windowStart: z.string(),
  /** Sales booked in the window: their gross order totals … */
  grossSalesCents: cents,
  /** … and the commission taken on them (positive: what the marketplace keeps). */
  commissionCents: cents,
  /** Signed: reversals, adjustments, failed payouts returned, earlier payouts debited in the period. */
  adjustmentsCents: cents,
  /** Signed: the balance when the period began (not paid by an earlier payout). */
  carriedOverCents: cents,
  /** What left the balance: gross − commission + adjustments + carried over. */
  amountCents: cents,
  feeCents: cents,
  /** amount − fee. */
  paidCents: cents,
  /** Entries in the window (the statement's detail rows). */
  entries: int,
});
export type PayoutReconciliation = z.infer<typeof payoutReconciliationSchema>;

export { PAYOUT_STATUSES, type PayoutStatus } from './payout-statuses';

/** One payout of the history (lambdas/payouts/history.ts payoutView). */
export const payoutViewSchema = z.object({
  payoutId: z.string(),
  periodId: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  amountCents: cents,
  feeCents: cents,
  paidCents: cents,
  method: z.enum(['email', 'bank']),
  /** Masked: an e-mail address or the last four digits of an account number. */
  destination: z.string(),
  createdAt: z.string(),
  failureReason: z.optional(z.string()),
});
export type PayoutView = z.infer<typeof payoutViewSchema>;

/** GET /api/payouts: the history (newest first) and the payout information. */
export const payoutsListSchema = z.object({
  payouts: z.array(payoutViewSchema),
  balanceCents: cents,
  minimumPayoutCents: cents,
  feeCents: cents,
  nextPayoutDate: z.string(),
  timeZone: z.string(),
});
export type PayoutsList = z.infer<typeof payoutsListSchema>;

export const payoutProductViewSchema = z.object({
  sku: z.string(),
  name: z.string(),
  unitPriceCents: cents,
  quantity: int,
  amountCents: cents,
});
export type PayoutProductView = z.infer<typeof payoutProductViewSchema>;

/** Counted orders placed in the period, with products sold (best sellers first). */
export const payoutPeriodSalesSchema = z.object({
  orders: int,
  totalCents: cents,
  commissionCents: cents,
  netCents: cents,
  products: z.array(payoutProductViewSchema),
});
export type PayoutPeriodSales = z.infer<typeof payoutPeriodSalesSchema>;

/** GET /api/payouts/{payoutId}. */
export const payoutDetailsSchema = z.extend(payoutViewSchema, {
  sales: payoutPeriodSalesSchema,
  reconciliation: payoutReconciliationSchema,
});
export type PayoutDetails = z.infer<typeof payoutDetailsSchema>;

/** GET/PUT /api/payout-method: at most the last four digits of an account number. */
export const payoutMethodViewSchema = z.object({
  method: z.nullable(z.enum(['email', 'bank'])),
  holdDays: int,
  payoutAccountId: z.optional(z.string()),
  destination: z.optional(z.string()),
  holdUntil: z.nullish(z.string()),
  updatedAt: z.optional(z.string()),
  email: z.optional(z.string()),
  accountType: z.optional(z.enum(['business', 'personal'])),
  country: z.optional(z.string()),
  currency: z.optional(z.string()),
  bankName: z.optional(z.string()),
  accountHolderName: z.optional(z.string()),
  accountNumberLast4: z.optional(z.string()),
  swiftBic: z.optional(z.string()),
});
export type PayoutMethodView = z.infer<typeof payoutMethodViewSchema>;
