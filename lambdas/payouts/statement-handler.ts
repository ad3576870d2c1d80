/**
 * GET /api/payouts/{payoutId}/statement.csv: a payout's statement — every ledger entry of its
 * window (sales, cancellations, adjustments, failed payouts returned; lambdas/payouts/reconcile.ts),
 * then the reconciliation lines, whose Net cells add up to "Paid to you". Streamed page by page like
 * the orders export, with the same CSV rules (lambdas/orders/csv.ts) and the same two column sets:
 * the vendor's language and the marketplace zone, or `?format=machine`.
 */
import * as z from 'zod';
import { NotFoundError } from '../shared/errors';
import { route } from '../shared/http';
import { streamApiHandler } from '../shared/streaming';
import { csvFormatParam, csvLabel, csvLanguage, type CsvLabel } from '../shared/csv-labels';
import { MARKETPLACE_TIME_ZONE } from '../shared/dates';
import { BOM, csvRow, csvTime, type Cell, type CsvOptions } from '../orders/csv';
import { payoutWindowPages } from './history';
import type { PayoutItem } from './model';
import { parsePayoutId } from './period';
import { entryFigures, payoutWindow, reconcile, reconciliationLines, WindowSums, type StatementEntry } from './reconcile';
import { getPayout } from './store';

export const STATEMENT_PAGE_SIZE = 200;

/** The machine column set (`?format=machine`); the vendor set has the same columns, translated. */
export const STATEMENT_MACHINE_COLUMNS = ['line_type', 'booked_at_utc', 'reference', 'status', 'gross_usd', 'commission_usd', 'net_usd'] as const;
const STATEMENT_LABELS = ['line', 'booked_at', 'reference', 'status', 'gross', 'commission', 'net'] as const satisfies readonly CsvLabel[];

/** `line_type` of the detail rows (ledger entry kinds) and of the summary rows, in this order. */
export const STATEMENT_ENTRY_TYPES = ['sale', 'reversal', 'adjustment', 'payout', 'payout_reversal'] as const;
export const STATEMENT_TOTAL_TYPES = ['gross_sales', 'commission', 'adjustments', 'carried_over', 'transfer_fee', 'paid_to_you'] as const;

export const statementQuery = z.strictObject({ format: csvFormatParam });

export function statementColumns(opts: CsvOptions): string[] {
  if (opts.format === 'machine') return [...STATEMENT_MACHINE_COLUMNS];
  return STATEMENT_LABELS.map((key) => csvLabel(opts.language, key, { zone: opts.timeZone }));
}

function entryRow(e: StatementEntry, opts: CsvOptions): string {
  const known = (STATEMENT_ENTRY_TYPES as readonly string[]).includes(e.kind);
  const type = opts.format === 'machine' ? e.kind : csvLabel(opts.language, known ? `entry_${e.kind}` : 'entry_unknown');
  const f = entryFigures(e);
  const isOrder = e.kind === 'sale' || e.kind === 'reversal' || e.kind === 'adjustment';
  const money: Cell[] = isOrder ? [{ cents: f.grossCents }, { cents: f.commissionCents }, { cents: f.netCents }] : ['', '', { cents: f.netCents }];
  return csvRow([type, csvTime(e.at, opts), e.orderNumber ?? e.payoutId ?? '', '', ...money]);
}

/**
 * The CSV, chunk by chunk: BOM, header and the first page's rows; a chunk per further page (read
 * only when the previous one was taken); then the six summary rows.
 */
export async function* statementChunks(payout: PayoutItem, first: IteratorResult<StatementEntry[]>, pages: AsyncIterator<StatementEntry[]>, opts: CsvOptions): AsyncGenerator<string> {
  const sums = new WindowSums(payoutWindow(payout, opts.timeZone).payoutSk);
  const rows = (entries: StatementEntry[]) =>
    entries
      .filter((e) => sums.add(e))
      .map((e) => entryRow(e, opts))
      .join('');
  yield BOM + csvRow(statementColumns(opts)) + (first.done ? '' : rows(first.value));
  if (!first.done) for (let next = await pages.next(); !next.done; next = await pages.next()) yield rows(next.value);

  const r = reconcile(payout, sums, opts.timeZone);
  const label = (type: (typeof STATEMENT_TOTAL_TYPES)[number]) => (opts.format === 'machine' ? type : csvLabel(opts.language, `total_${type}`));
  const cents = Object.fromEntries(reconciliationLines(r).map((l) => [l.id, l.cents]));
  const status = opts.format === 'machine' ? payout.status : csvLabel(opts.language, `payout_status_${payout.status}`);
  yield csvRow([label('gross_sales'), '', '', '', { cents: r.grossSalesCents }, '', { cents: cents.gross_sales! }]) +
    csvRow([label('commission'), '', '', '', '', { cents: r.commissionCents }, { cents: cents.commission! }]) +
    csvRow([label('adjustments'), '', '', '', '', '', { cents: cents.adjustments! }]) +
    // The balance when the period began: its time is the window's start.
    csvRow([label('carried_over'), csvTime(r.windowStart, opts), '', '', '', '', { cents: cents.carried_over! }]) +
    csvRow([label('transfer_fee'), '', '', '', '', '', { cents: cents.transfer_fee! }]) +
    csvRow([label('paid_to_you'), csvTime(payout.createdAt, opts), payout.payoutId, status, '', '', { cents: r.paidCents }]);
}

export const handler = streamApiHandler('payoutStatement', {
  'GET /api/payouts/{payoutId}/statement.csv': route({
    access: 'vendor',
    query: statementQuery,
    async handler({ caller, params, query }) {
      const vendorId = caller.vendor.vendorId;
      const ids = parsePayoutId(params.payoutId ?? '');
      const payout = ids && ids.vendorId === vendorId ? await getPayout(vendorId, ids.periodId) : null;
      if (!payout) throw new NotFoundError('No such payout.', 'payout_not_found');
      const opts: CsvOptions = { format: query.format ?? 'vendor', language: csvLanguage(caller.vendor.language), timeZone: MARKETPLACE_TIME_ZONE };
      const pages = payoutWindowPages(vendorId, payout, { pageSize: STATEMENT_PAGE_SIZE, timeZone: opts.timeZone });
      const first = await pages.next();
      return {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="statement-${payout.payoutId}.csv"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
        body: statementChunks(payout, first, pages, opts),
      };
    },
  }),
});
