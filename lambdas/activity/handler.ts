import * as z from 'zod';
import { ACTIVITY_PAGE_DEFAULT, ACTIVITY_PAGE_MAX, activityFilterFields, activityPageSchema, withActivityFilterRules, type ActivityFilter } from '../../contracts/activity';
import { decodeCursor, encodeCursor, invalidCursor } from '../shared/cursor';
import { apiHandler, route } from '../shared/http';
import { keyFits, plan, readActivityPage } from './store';

/** The list's query: the filters, a cursor and a page size. */
export const activityListQuery = withActivityFilterRules(
  activityFilterFields.extend({
    cursor: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).optional(),
  }),
);

/** Cursors are bound to the vendor (lambdas/shared/cursor.ts) and to the filter they were issued for. */
const scopeOf = (filter: ActivityFilter): string => JSON.stringify(['activity', filter.action, filter.actor, filter.from, filter.to]);
const isKey = (k: unknown): k is Record<string, string> =>
  typeof k === 'object' && k !== null && !Array.isArray(k) && Object.values(k).every((v) => typeof v === 'string') && typeof (k as Record<string, unknown>).entryKey === 'string';

/**
 * GET /api/activity (issue 14): the caller's vendor activity log, newest first, filtered by action,
 * person and marketplace days, cursor-paged. The vendor id is the caller's (token and vendor record) only.
 */
export const handler = apiHandler('activity', {
  'GET /api/activity': route({
    access: 'vendor',
    query: activityListQuery,
    async handler({ query, caller }) {
      const vendorId = caller.vendor.vendorId;
      const { cursor, limit, ...filter } = query;
      const scope = scopeOf(filter);
      const after = cursor ? decodeCursor(cursor, vendorId, scope, isKey, 'The cursor belongs to a different filter. Start again from the first page.') : undefined;
      // Not signed: a position must lie in the caller's own key range, else it is not one we issued.
      if (after && !keyFits(after, vendorId, plan(vendorId, filter))) throw invalidCursor();
      const page = await readActivityPage(vendorId, filter, limit ?? ACTIVITY_PAGE_DEFAULT, after);
      return { body: activityPageSchema.parse({ items: page.items, nextCursor: page.next ? encodeCursor(vendorId, scope, page.next) : null }) };
    },
  }),
});
