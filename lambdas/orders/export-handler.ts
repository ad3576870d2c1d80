import { csvLanguage } from '../shared/csv-labels';
import { marketplaceDay, MARKETPLACE_TIME_ZONE } from '../shared/dates';
import { route } from '../shared/http';
import { streamApiHandler } from '../shared/streaming';
import { csvHeader, exportFileName, orderRows, type CsvOptions } from './csv';
import { exportQuery, type OrdersFilter } from './filter';
import { orderPages, type OrderRow } from './store';

/** Orders per DynamoDB page of the export: one page is what the function holds in memory at a time. */
export const EXPORT_PAGE_SIZE = 200;

/**
 * The CSV text of the export, one chunk per page: the BOM and header row with the first page, then
 * a chunk per further page, read only when the previous chunk was taken.
 */
export async function* csvChunks(first: IteratorResult<OrderRow[]>, pages: AsyncIterator<OrderRow[]>, opts: CsvOptions): AsyncGenerator<string> {
  const rows = (orders: OrderRow[]) => orders.map((o) => orderRows(o, opts)).join('');
  yield csvHeader(opts) + (first.done ? '' : rows(first.value));
  if (first.done) return;
  for (let next = await pages.next(); !next.done; next = await pages.next()) yield rows(next.value);
}

export const handler = streamApiHandler('ordersExport', {
  'GET /api/orders/export.csv': route({
    access: 'vendor',
    query: exportQuery,
    async handler({ query, caller }) {
      const vendorId = caller.vendor.vendorId;
      const filter: OrdersFilter = { status: query.status, from: query.from, to: query.to };
      const pages = orderPages(vendorId, filter, EXPORT_PAGE_SIZE);
      // The first page is read before the first byte, so a failing read still answers JSON with a status.
      const first = await pages.next();
      return {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${exportFileName(vendorId, marketplaceDay(new Date()))}"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
        // The vendor's language and the marketplace zone, or the fixed machine columns (?format=machine).
        body: csvChunks(first, pages, { format: query.format ?? 'vendor', language: csvLanguage(caller.vendor.language), timeZone: MARKETPLACE_TIME_ZONE }),
      };
    },
  }),
});
