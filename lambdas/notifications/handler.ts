/**
 * The vendor's inbox API (issue 12; docs/api.md): the list (newest first, 20 a page), the unread count
 * for the header's badge, marking read (some items, or all) and the e-mail preferences. The vendor id
 * is always the caller's own, from the verified token and the stored vendor record.
 */
import * as z from 'zod';
import { emailPreferencesSchema, markReadBodySchema } from '../../contracts/notifications';
import * as cursors from '../shared/cursor';
import { apiHandler, route } from '../shared/http';
import { getPreferences, INBOX_PAGE_SIZE, ITEM_PREFIX, markAllRead, markRead, queryInboxPage, savePreferences, unreadCount } from './inbox-store';

/** The cursor's scope: the inbox has one list (no filter). */
const SCOPE = 'inbox';
/** `N#<ISO time>#<event id>` as the notifier writes it (well under DynamoDB's 1 KB sort-key limit). */
const ITEM_KEY = /^N#\d{4}-\d{2}-\d{2}T[^#]{1,40}#.{1,256}$/;
const isItemKey = (k: unknown): k is string => typeof k === 'string' && k.startsWith(ITEM_PREFIX) && ITEM_KEY.test(k);

export const encodeInboxCursor = (vendorId: string, sk: string): string => cursors.encodeCursor(vendorId, SCOPE, sk);
export const decodeInboxCursor = (cursor: string, vendorId: string): string =>
  cursors.decodeCursor(cursor, vendorId, SCOPE, isItemKey, 'The cursor belongs to another list. Start again from the first page.');

const listQuery = z.strictObject({ cursor: z.string().max(2048, { message: 'is not a cursor this API issued' }).optional() });

export const handler = apiHandler('notifications', {
  'GET /api/notifications': route({
    access: 'vendor',
    query: listQuery,
    async handler({ query, caller }) {
      const vendorId = caller.vendor.vendorId;
      const after = query.cursor ? decodeInboxCursor(query.cursor, vendorId) : undefined;
      const page = await queryInboxPage(vendorId, { limit: INBOX_PAGE_SIZE, after });
      return { body: { items: page.items, nextCursor: page.lastKey ? encodeInboxCursor(vendorId, page.lastKey) : null, unread: page.unread } };
    },
  }),
  'GET /api/notifications/unread': route({
    access: 'vendor',
    async handler({ caller }) {
      return { body: { unread: await unreadCount(caller.vendor.vendorId) } };
    },
  }),
  'POST /api/notifications/read': route({
    access: 'vendor',
    body: markReadBodySchema,
    async handler({ body, caller }) {
      const vendorId = caller.vendor.vendorId;
      const now = new Date();
      const unread = 'all' in body ? await markAllRead(vendorId, now) : await markRead(vendorId, body.ids, now);
      return { body: { unread } };
    },
  }),
  'GET /api/notifications/preferences': route({
    access: 'vendor',
    async handler({ caller }) {
      return { body: await getPreferences(caller.vendor.vendorId) };
    },
  }),
  'PUT /api/notifications/preferences': route({
    access: 'vendor',
    body: emailPreferencesSchema,
    async handler({ body, caller }) {
      return { body: await savePreferences(caller.vendor.vendorId, body) };
    },
  }),
});
