import * as cursors from '../shared/cursor';
import { orderKeyInRange, type OrdersFilter } from './filter';

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
