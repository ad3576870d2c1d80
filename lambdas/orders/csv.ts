import { centsToDecimal } from '../shared/money';
import type { OrderRow } from './store';

/**
 * The orders CSV (GET /api/orders/export.csv): RFC 4180 (comma, CRLF, fields quoted when they hold
 * a comma, quote, CR or LF, quotes doubled), UTF-8 with a byte-order mark so spreadsheet software
 * reads Chinese product names correctly. One row per order line; the order's number, time, status
 * and total repeat on each of its rows. Columns and reasons: docs/api.md, docs/decisions.md.
 */
export const BOM = '\uFEFF';
const EOL = '\r\n';

export const CSV_COLUMNS = [
  'Order number',
  'Placed at (UTC)',
  'Status',
  'Product',
  'SKU',
  'Quantity',
  'Unit price (USD)',
  'Line total (USD)',
  'Order total (USD)',
] as const;

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

export const csvHeader = (): string => BOM + csvRow(CSV_COLUMNS);

/** The rows of one order: one per line (an order without lines still gets one row, with its total). */
export function orderRows(o: OrderRow): string {
  const head = [o.orderNumber, o.placedAt, o.status] as const;
  const total = { cents: o.totalCents };
  const lines = o.lines ?? [];
  if (lines.length === 0) return csvRow([...head, '', '', o.quantity, '', '', total]);
  return lines
    .map((l) => csvRow([...head, l.name, l.sku, l.quantity, { cents: l.unitPriceCents }, { cents: l.unitPriceCents * l.quantity }, total]))
    .join('');
}

/** `orders-V-10001-2026-03-08.csv` */
export const exportFileName = (vendorId: string, day: string): string => `orders-${vendorId.replace(/[^A-Za-z0-9-]/g, '_')}-${day}.csv`;
