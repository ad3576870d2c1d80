import type { Language } from '../../contracts/languages';
import { csvLabel, type CsvFormat, type CsvLabel } from '../shared/csv-labels';
import { zonedDateTime } from '../shared/dates';
import { centsToDecimal } from '../shared/money';
import type { OrderRow } from './store';

/**
 * The orders CSV (GET /api/orders/export.csv): RFC 4180 (comma, CRLF, fields quoted when they hold
 * a comma, quote, CR or LF, quotes doubled), UTF-8 with a byte-order mark so spreadsheet software
 * reads Chinese product names correctly. One row per order line; the order's number, time, status
 * and total repeat on each of its rows. Columns and reasons: docs/api.md ("CSV downloads"),
 * docs/decisions.md.
 */
export const BOM = '\uFEFF';
const EOL = '\r\n';

/**
 * The two column sets (lambdas/shared/csv-labels.ts): `machine` has these fixed ids, ISO-8601 UTC
 * times and the API's status codes; `vendor` has the same columns in the same order, headed and
 * labelled in the vendor's language, times in the marketplace zone with their offset.
 */
export const ORDER_MACHINE_COLUMNS = ['order_number', 'placed_at_utc', 'status', 'product_name', 'sku', 'quantity', 'unit_price_usd', 'line_total_usd', 'order_total_usd'] as const;
const ORDER_LABELS = ['order_number', 'placed_at', 'status', 'product', 'sku', 'quantity', 'unit_price', 'line_total', 'order_total'] as const satisfies readonly CsvLabel[];

/** Who a file is for: the column set, the vendor's language and the marketplace zone. */
export interface CsvOptions {
  format: CsvFormat;
  language: Language;
  timeZone: string;
}

export const MACHINE_CSV: CsvOptions = { format: 'machine', language: 'en', timeZone: 'UTC' };

/** The header row's cells. */
export function orderColumns(opts: CsvOptions): string[] {
  if (opts.format === 'machine') return [...ORDER_MACHINE_COLUMNS];
  return ORDER_LABELS.map((key) => csvLabel(opts.language, key, { zone: opts.timeZone }));
}

/** An instant as a file for `opts` writes it: as stored (UTC ISO) for machines, in the marketplace zone for people. */
export const csvTime = (instant: string, opts: CsvOptions): string => (opts.format === 'machine' ? instant : zonedDateTime(instant, opts.timeZone));

/** A cell: text (guarded against formulas), a whole number, or an amount in cents (written as a decimal). */
export type Cell = string | number | { cents: number };

/** Spreadsheet software runs text starting with these as a formula (CSV injection); such text gets a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(cell: Cell): string {
  let text: string;
  if (typeof cell === 'number') text = Number.isFinite(cell) ? String(cell) : '';
  else if (typeof cell === 'object') text = centsToDecimal(cell.cents);
  else text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly Cell[]): string => cells.map(csvCell).join(',') + EOL;

export const csvHeader = (opts: CsvOptions): string => BOM + csvRow(orderColumns(opts));

/** The rows of one order: one per line (an order without lines still gets one row, with its total). */
export function orderRows(o: OrderRow, opts: CsvOptions): string {
  const status = opts.format === 'machine' ? o.status : csvLabel(opts.language, `order_status_${o.status}`);
  const head = [o.orderNumber, csvTime(o.placedAt, opts), status] as const;
  const total = { cents: o.totalCents };
  const lines = o.lines ?? [];
  if (lines.length === 0) return csvRow([...head, '', '', o.quantity, '', '', total]);
  return lines
    .map((l) => csvRow([...head, l.name, l.sku, l.quantity, { cents: l.unitPriceCents }, { cents: l.unitPriceCents * l.quantity }, total]))
    .join('');
}

/** `orders-V-10001-2026-03-08.csv` */
export const exportFileName = (vendorId: string, day: string): string => `orders-${vendorId.replace(/[^A-Za-z0-9-]/g, '_')}-${day}.csv`;
