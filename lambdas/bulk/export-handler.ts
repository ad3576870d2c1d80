import * as z from 'zod';
import { csvLanguage } from '../shared/csv-labels';
import { route } from '../shared/http';
import { streamApiHandler } from '../shared/streaming';
import { matches, optionalParam } from '../listings/inventory';
import { catalogueRows } from '../listings/store';
import { bulkCsv } from './export';

/** `?q=` the inventory's search (the current filter), `?template=1` the value cells blank. */
export const bulkExportQuery = z.strictObject({
  q: optionalParam(z.string().max(100, { message: 'must be at most 100 characters' })),
  template: optionalParam(z.enum(['0', '1'], { message: 'must be 0 or 1' })),
});

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}

export const handler = streamApiHandler('bulkExport', {
  'GET /api/inventory/export.csv': route({
    access: 'vendor',
    query: bulkExportQuery,
    async handler({ query, caller }) {
      const vendorId = caller.vendor.vendorId;
      const template = query.template === '1';
      // The catalogue is bounded (5,000 products, lambdas/listings/store.ts): one read, one chunk.
      const rows = (await catalogueRows(vendorId)).filter((row) => matches(row, query.q ?? ''));
      return {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="inventory-${vendorId}${template ? '-template' : ''}.csv"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
        body: once(bulkCsv(rows, { language: csvLanguage(caller.vendor.language), template })),
      };
    },
  }),
});
