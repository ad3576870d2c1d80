import { BadRequestError } from '../shared/errors';
import { orderKeyInRange, type OrdersFilter } from './filter';

/**
 * The `nextCursor` of the orders list: opaque to clients (base64url of a small JSON), bound to the
 * vendor and the filter it was issued for, carrying the `orderKey` of the last order returned. It
 * is not signed: the Query always runs on the caller's own vendor id, so a forged cursor can only
 * move within the caller's own orders; the checks below turn every cursor DynamoDB would refuse
 * (or that belongs to another vendor or filter) into a 400.
 */
interface CursorPayload {
  /** Vendor the cursor was issued to. */
  v: string;
  /** The filter it was issued for (see filterKey). */
  f: string;
  /** orderKey of the last order of the previous page. */
  k: string;
}

const MAX_CURSOR_LENGTH = 2048;
/** `placedAt#orderId` as the ingest writes it: an ISO-8601 instant, `#`, an id (well under DynamoDB's 1 KB sort-key limit). */
const ORDER_KEY = /^\d{4}-\d{2}-\d{2}T[^#]{1,40}#.{1,256}$/;

const filterKey = (f: OrdersFilter) => [f.status ?? '', f.from ?? '', f.to ?? ''].join('|');

export function encodeCursor(vendorId: string, filter: OrdersFilter, orderKey: string): string {
  const payload: CursorPayload = { v: vendorId, f: filterKey(filter), k: orderKey };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

const invalid = (message: string) => new BadRequestError(message, 'invalid_cursor');

/** The orderKey to resume after; 400 `invalid_cursor` for anything this API did not issue to this vendor and filter. */
export function decodeCursor(cursor: string, vendorId: string, filter: OrdersFilter): string {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid('The cursor is not one this API issued.');
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('The cursor is not one this API issued.');
  }
  const p = payload as Partial<CursorPayload> | null;
  if (typeof p !== 'object' || p === null || typeof p.v !== 'string' || typeof p.f !== 'string' || typeof p.k !== 'string' || !ORDER_KEY.test(p.k)) {
    throw invalid('The cursor is not one this API issued.');
  }
  if (p.v !== vendorId) throw invalid('The cursor belongs to another account. Start again from the first page.');
  if (p.f !== filterKey(filter) || !orderKeyInRange(p.k, filter)) {
    throw invalid('The cursor belongs to a different filter. Start again from the first page.');
  }
  return p.k;
}
