import { activityFilterSchema, type ActivityEntry } from '../../contracts/activity';
import { route } from '../shared/http';
import { streamApiHandler } from '../shared/streaming';
import { activityCsvHeader, activityCsvRow, activityFileNameNow } from './csv';
import { activityPages } from './store';

/** Entries per DynamoDB page of the export. */
export const ACTIVITY_EXPORT_PAGE_SIZE = 200;

async function* chunks(first: IteratorResult<ActivityEntry[]>, pages: AsyncIterator<ActivityEntry[]>): AsyncGenerator<string> {
  yield activityCsvHeader() + (first.done ? '' : first.value.map(activityCsvRow).join(''));
  if (first.done) return;
  for (let next = await pages.next(); !next.done; next = await pages.next()) yield next.value.map(activityCsvRow).join('');
}

/** GET /api/activity.csv (issue 14): the caller's filtered activity log as CSV, streamed page by page. */
export const handler = streamApiHandler('activityExport', {
  'GET /api/activity.csv': route({
    access: 'vendor',
    query: activityFilterSchema,
    async handler({ query, caller }) {
      const vendorId = caller.vendor.vendorId;
      const pages = activityPages(vendorId, query, ACTIVITY_EXPORT_PAGE_SIZE);
      // The first page is read before the first byte, so a failing read still answers JSON with a status.
      const first = await pages.next();
      return {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${activityFileNameNow(vendorId)}"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
        body: chunks(first, pages),
      };
    },
  }),
});
