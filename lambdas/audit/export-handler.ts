import { auditFilterSchema } from '../../contracts/audit';
import { route } from '../shared/http';
import { adminStreamApiHandler } from '../shared/admin-access';
import { auditCsvHeader, auditCsvRow, auditFileName } from './csv';
import { auditPages } from './store';
import type { AuditEntry } from '../../contracts/audit';

/** Entries per DynamoDB page of the export. */
export const AUDIT_EXPORT_PAGE_SIZE = 200;

async function* chunks(first: IteratorResult<AuditEntry[]>, pages: AsyncIterator<AuditEntry[]>): AsyncGenerator<string> {
  yield auditCsvHeader() + (first.done ? '' : first.value.map(auditCsvRow).join(''));
  if (first.done) return;
  for (let next = await pages.next(); !next.done; next = await pages.next()) yield next.value.map(auditCsvRow).join('');
}

/** GET /api/admin/audit.csv (issue 13): the filtered audit log as CSV, streamed page by page. */
export const handler = adminStreamApiHandler('auditExport', {
  'GET /api/admin/audit.csv': route({
    access: 'admin',
    query: auditFilterSchema,
    async handler({ query }) {
      const pages = auditPages(query, AUDIT_EXPORT_PAGE_SIZE);
      // The first page is read before the first byte, so a failing read still answers JSON with a status.
      const first = await pages.next();
      return {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${auditFileName(new Date().toISOString().slice(0, 10))}"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
        body: chunks(first, pages),
      };
    },
  }),
});
