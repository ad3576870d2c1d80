import * as cursors from '../shared/cursor';
import { orderKeyInRange, type OrdersFilter } from './filter';
import type { NumberSearchKey } from './store';

/**
 * The orders list's cursor (lambdas/shared/cursor.ts), scoped to the filter it was issued for and
 * carrying the `orderKey` of the last order returned. A key outside the filter's date range (a
 * tampered cursor DynamoDB would refuse as a start key) is a 400 too.
 */

/** `placedAt#orderId` as the ingest writes it: an ISO-8601 instant, `#`, an id (well under DynamoDB's 1 KB sort-key limit). */
const ORDER_KEY = /^\d{4}-\d{2}-\d{2}T[^#]{1,40}#.{1,256}$/;
const isOrderKey = (k: unknown): k is string => typeof k === 'string' && ORDER_KEY.test(k);
const OTHER_FILTER = 'The cursor belongs to a different filter. Start again from the first page.';

const filterKey = (f: OrdersFilter) => [f.status ?? '', f.from ?? '', f.to ?? ''].join('|');

export const encodeCursor = (vendorId: string, filter: OrdersFilter, orderKey: string): string => cursors.encodeCursor(vendorId, filterKey(filter), orderKey);

/** The orderKey to resume after; 400 `invalid_cursor` for anything this API did not issue to this vendor and filter. */
export function decodeCursor(cursor: string, vendorId: string, filter: OrdersFilter): string {
  const key = cursors.decodeCursor(cursor, vendorId, filterKey(filter), isOrderKey, OTHER_FILTER);
  if (!orderKeyInRange(key, filter)) throw cursors.invalidCursor(OTHER_FILTER);
  return key;
}

/**
 * The search by order number's cursor (issue 15): scoped to the number as typed, carrying the last
 * order's number and key. On decoding, the spelling searched (as typed or in capitals) is the one
 * the last number starts with.
 */
const SEARCH_OTHER = 'The cursor belongs to a different search. Start again from the first page.';
const isSearchKey = (k: unknown): k is NumberSearchKey =>
  typeof k === 'object' && k !== null && typeof (k as NumberSearchKey).orderNumber === 'string' && (k as NumberSearchKey).orderNumber.length <= 64 && isOrderKey((k as NumberSearchKey).orderKey);

export const encodeSearchCursor = (vendorId: string, typed: string, key: NumberSearchKey): string => cursors.encodeCursor(vendorId, `number|${typed}`, key);

export function decodeSearchCursor(cursor: string, vendorId: string, spellings: readonly string[]): { prefix: string; key: NumberSearchKey } {
  const key = cursors.decodeCursor(cursor, vendorId, `number|${spellings[0]}`, isSearchKey, SEARCH_OTHER);
  const prefix = spellings.find((s) => key.orderNumber.startsWith(s));
  if (prefix === undefined) throw cursors.invalidCursor(SEARCH_OTHER);
  return { prefix, key: { orderNumber: key.orderNumber, orderKey: key.orderKey } };
}
