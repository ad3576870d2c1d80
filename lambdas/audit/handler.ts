import * as z from 'zod';
import { auditFilterFields, auditPageSchema, withFilterRules, type AuditFilter } from '../../contracts/audit';
import { decodeCursor, encodeCursor } from '../shared/cursor';
import { adminApiHandler } from '../shared/admin-access';
import { route } from '../shared/http';
import { readAuditPage } from './store';

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

/** The list's query: the filters, a cursor and a page size. */
export const auditListQuery = withFilterRules(
  auditFilterFields.extend({
    cursor: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).optional(),
  }),
);

/** Cursors of the log are bound to the console (not a vendor) and to the filter they were issued for. */
const CURSOR_OWNER = 'admin';
const scopeOf = (filter: AuditFilter): string => JSON.stringify([filter.action, filter.actor, filter.targetType, filter.targetId, filter.from, filter.to]);
const isKey = (k: unknown): k is Record<string, string> =>
  typeof k === 'object' && k !== null && !Array.isArray(k) && Object.values(k).every((v) => typeof v === 'string') && typeof (k as Record<string, unknown>).entryKey === 'string';

/** GET /api/admin/audit (issue 13): the ops audit log, newest first, filtered and cursor-paged. */
export const handler = adminApiHandler('audit', {
  'GET /api/admin/audit': route({
    access: 'admin',
    query: auditListQuery,
    async handler({ query }) {
      const { cursor, limit, ...filter } = query;
      const scope = scopeOf(filter);
      const after = cursor ? decodeCursor(cursor, CURSOR_OWNER, scope, isKey, 'The cursor belongs to a different filter. Start again from the first page.') : undefined;
      const page = await readAuditPage(filter, limit ?? AUDIT_PAGE_DEFAULT, after);
      return { body: auditPageSchema.parse({ items: page.items, nextCursor: page.next ? encodeCursor(CURSOR_OWNER, scope, page.next) : null }) };
    },
  }),
});
