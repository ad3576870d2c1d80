/**
 * The cursors of the support lists (lambdas/shared/cursor.ts): the vendor's cases are bound to the
 * vendor id, the ops inbox to the literal `admin` and the filter it was issued for.
 */
import type { AdminSupportListQuery } from '../../contracts/support/thread';
import * as cursors from '../shared/cursor';
import type { PageKey } from './thread';

const KEY_NAMES = new Set(['vendorId', 'caseId', 'status', 'createdAt']);
const isPageKey = (k: unknown): k is PageKey =>
  typeof k === 'object' &&
  k !== null &&
  !Array.isArray(k) &&
  typeof (k as Record<string, unknown>).vendorId === 'string' &&
  typeof (k as Record<string, unknown>).caseId === 'string' &&
  Object.entries(k).every(([name, value]) => KEY_NAMES.has(name) && typeof value === 'string' && value.length > 0 && value.length <= 200);

const OTHER_LIST = 'The cursor belongs to another list. Start again from the first page.';

export const encodeVendorCasesCursor = (vendorId: string, key: PageKey): string => cursors.encodeCursor(vendorId, 'support-cases', key);
export const decodeVendorCasesCursor = (cursor: string, vendorId: string): PageKey => cursors.decodeCursor(cursor, vendorId, 'support-cases', isPageKey, OTHER_LIST);

/** What an inbox cursor is bound to: the admin area and the exact filter. */
const ADMIN = 'admin';
const inboxScope = (q: Omit<AdminSupportListQuery, 'cursor'>): string => `support-inbox|${q.status}|${q.category ?? ''}|${q.vendorId ?? ''}`;
export const encodeInboxCursor = (q: Omit<AdminSupportListQuery, 'cursor'>, key: PageKey): string => cursors.encodeCursor(ADMIN, inboxScope(q), key);
export const decodeInboxCursor = (cursor: string, q: Omit<AdminSupportListQuery, 'cursor'>): PageKey =>
  cursors.decodeCursor(cursor, ADMIN, inboxScope(q), isPageKey, 'The cursor belongs to a different filter. Start again from the first page.');
