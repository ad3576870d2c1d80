/**
 * How a payout reconciles (issue 10): the lines the details dialog and the statement show, from the
 * ledger entries booked in the payout's period up to the payout, so they add up to "Paid to you"
 * exactly whatever happened before (balances rolled over below the minimum, failed payouts
 * returned, cancellations of orders paid earlier):
 *
 *   gross sales − commission + cancellations and adjustments + carried over − transfer fee = paid to you
 *
 * - The **window** is the ledger entries with `at` from the period's first instant (marketplace
 *   zone) up to the payout's own `payout` entry (excluded): one Query on the `ENTRY#` sort keys.
 * - **Gross sales** and **commission** are the `sale` entries in the window; every other entry in it
 *   (a cancellation's reversal, an adjustment of changed lines, a failed payout returned, an earlier
 *   payout debited inside the period) is **cancellations and adjustments**.
 * - **Carried over from earlier periods** is what was on the balance when the period began: the
 *   payout debits the whole balance, which is that opening balance plus every entry of the window.
 *   (An older entry without gross/commission counts its amount as gross with no commission.)
 *
 * Pure: history.ts reads the entries, statement-handler.ts writes the CSV, the API answers the figures.
 */
import { startOfDay, MARKETPLACE_TIME_ZONE } from '../shared/dates';
import { entrySk, type LedgerEntryItem } from '../sales/model';
import type { PayoutReconciliation } from '../../contracts/payouts';
import type { PayoutItem } from './model';

export type StatementEntry = Pick<LedgerEntryItem, 'sk' | 'kind' | 'amountCents' | 'grossCents' | 'commissionCents' | 'orderNumber' | 'payoutId' | 'at'>;

/** How a payout adds up (contracts/payouts.ts, shared with the web). */
export type Reconciliation = PayoutReconciliation;

/** The `at` of the window's first entry and the payout's own entry sort key (the window ends before it). */
export function payoutWindow(payout: Pick<PayoutItem, 'periodFrom' | 'createdAt' | 'payoutId'>, timeZone: string = MARKETPLACE_TIME_ZONE) {
  const start = startOfDay(payout.periodFrom, timeZone).toISOString();
  return { start, fromSk: `ENTRY#${start}`, payoutSk: entrySk(payout.createdAt, payout.payoutId) };
}

/** An entry's gross and commission (signed); `gross − commission` is always its amount. */
export function entryFigures(e: Pick<StatementEntry, 'kind' | 'amountCents' | 'grossCents' | 'commissionCents'>): { grossCents: number; commissionCents: number; netCents: number } {
  const isOrder = e.kind === 'sale' || e.kind === 'reversal' || e.kind === 'adjustment';
  const commission = isOrder && typeof e.commissionCents === 'number' ? e.commissionCents : 0;
  return { grossCents: isOrder ? e.amountCents + commission : 0, commissionCents: commission, netCents: e.amountCents };
}

/** Running sums of the window's entries; feed it page by page, then `reconcile`. */
export class WindowSums {
  grossSalesCents = 0;
  commissionCents = 0;
  adjustmentsCents = 0;
  entries = 0;

  constructor(private readonly payoutSk: string) {}

  /** True when the entry is in the window (the payout's own entry and anything after it are not). */
  add(e: StatementEntry): boolean {
    if (e.sk >= this.payoutSk) return false;
    this.entries++;
    const f = entryFigures(e);
    if (e.kind === 'sale') {
      this.grossSalesCents += f.grossCents;
      this.commissionCents += f.commissionCents;
    } else {
      this.adjustmentsCents += f.netCents;
    }
    return true;
  }
}

export function reconcile(payout: Pick<PayoutItem, 'periodFrom' | 'createdAt' | 'payoutId' | 'amountCents' | 'feeCents' | 'paidCents'>, sums: WindowSums, timeZone: string = MARKETPLACE_TIME_ZONE): Reconciliation {
  const periodNet = sums.grossSalesCents - sums.commissionCents + sums.adjustmentsCents;
  return {
    windowStart: payoutWindow(payout, timeZone).start,
    grossSalesCents: sums.grossSalesCents,
    commissionCents: sums.commissionCents,
    adjustmentsCents: sums.adjustmentsCents,
    carriedOverCents: payout.amountCents - periodNet,
    amountCents: payout.amountCents,
    feeCents: payout.feeCents,
    paidCents: payout.paidCents,
    entries: sums.entries,
  };
}

/** The reconciliation of a payout from all its window's entries at once (tests, small windows). */
export function reconcileEntries(payout: Parameters<typeof reconcile>[0], entries: Iterable<StatementEntry>, timeZone: string = MARKETPLACE_TIME_ZONE): Reconciliation {
  const window = payoutWindow(payout, timeZone);
  const sums = new WindowSums(window.payoutSk);
  for (const e of entries) if (e.sk >= window.fromSk) sums.add(e);
  return reconcile(payout, sums, timeZone);
}

/** The lines in the order the dialog and the statement show them; they add up to `paidCents`. */
export function reconciliationLines(r: Reconciliation): { id: 'gross_sales' | 'commission' | 'adjustments' | 'carried_over' | 'transfer_fee'; cents: number }[] {
  return [
    { id: 'gross_sales', cents: r.grossSalesCents },
    { id: 'commission', cents: -r.commissionCents },
    { id: 'adjustments', cents: r.adjustmentsCents },
    { id: 'carried_over', cents: r.carriedOverCents },
    { id: 'transfer_fee', cents: -r.feeCents },
  ];
}
