import { marketplaceDay } from '../shared/dates';
import { route } from '../shared/http';
import { streamApiHandler } from '../shared/streaming';
import { csvHeader, exportFileName, orderRows } from './csv';
import { exportQuery, type OrdersFilter } from './filter';
import { orderPages, type OrderRow } from './store';

/** Orders per DynamoDB page of the export: one page is what the function holds in memory at a time. */
export const EXPORT_PAGE_SIZE = 200;

/**
 * The CSV text of the export, one chunk per page: the BOM and header row with the first page, then
 * a chunk per further page, read only when the previous chunk was taken.
 */
export async function* csvChunks(first: IteratorResult<OrderRow[]>, pages: AsyncIterator<OrderRow[]>): AsyncGenerator<string> {
  yield csvHeader() + (first.done ? '' : first.value.map(orderRows).join(''));
  if (first.done) return;
  for (let next = await pages.next(); !next.done; next = await pages.next()) yield next.value.map(orderRows).join('');
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
        body: csvChunks(first, pages),
      };
    },
  }),
});
