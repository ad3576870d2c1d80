/**
 * Payout answers the API gives and the web reads (docs/api.md, GET /api/payouts/{payoutId}).
 */

/**
 * How a payout adds up: gross − commission + adjustments + carried over − fee = paid to you, from the
 * ledger entries booked in the period up to the payout.
 */
export interface PayoutReconciliation {
  /** The window's first instant: the period's first day, 00:00 in the marketplace zone (UTC ISO). */
  windowStart: string;
  /** Sales booked in the window: their gross order totals … */
  grossSalesCents: number;
  /** … and the commission taken on them (positive: what the marketplace keeps). */
  commissionCents: number;
  /** Signed: reversals, adjustments, failed payouts returned, earlier payouts debited in the period. */
  adjustmentsCents: number;
  /** Signed: the balance when the period began (not paid by an earlier payout). */
  carriedOverCents: number;
  /** What left the balance: gross − commission + adjustments + carried over. */
  amountCents: number;
  feeCents: number;
  /** amount − fee. */
  paidCents: number;
  /** Entries in the window (the statement's detail rows). */
  entries: number;
}
