/**
 * The inventory as a bulk file (GET /api/inventory/export.csv, issue 15): the export's CSV
 * conventions (lambdas/orders/csv.ts: UTF-8 with a BOM, CRLF, RFC 4180 quoting, formula guard), one
 * row per product sorted by SKU, headed in the vendor's language (./labels.ts). `template`: the same
 * rows with the value cells blank (a blank cell leaves the value as it is on upload).
 */
import { BULK_COLUMNS } from '../../contracts/bulk-model';
import type { Language } from '../../contracts/languages';
import { BOM, csvRow, type Cell } from '../orders/csv';
import type { CatalogueRow } from '../listings/store';
import { BULK_HEADERS } from './labels';

export function bulkCsv(rows: readonly CatalogueRow[], opts: { language: Language; template: boolean }): string {
  const header = BULK_COLUMNS.map((c) => BULK_HEADERS[opts.language][c]);
  const sorted = [...rows].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
  const lines = sorted.map((row) => {
    const name = opts.language === 'zh-TW' ? row.nameZh || row.nameEn : row.nameEn || row.nameZh;
    const values: Cell[] = opts.template ? ['', '', ''] : [{ cents: row.priceCents }, row.compareAtCents === undefined ? '' : { cents: row.compareAtCents }, row.inventory];
    return csvRow([row.sku, name ?? '', ...values]);
  });
  return BOM + csvRow(header) + lines.join('');
}
