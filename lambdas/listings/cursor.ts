/**
 * The `nextCursor` of the product lists and the inventory table: opaque to clients (base64url of a
 * small JSON), bound to the vendor and the list (tab, or search + sort) it was issued for, carrying
 * the position of the last row returned. Like the orders cursor (lambdas/orders/cursor.ts) it is not
 * signed: every read runs on the caller's own vendor id, so a forged cursor can only move within the
 * caller's own products; anything this API did not issue to this vendor and list is a 400.
 */
import { BadRequestError } from '../shared/errors';

interface CursorPayload<K> {
  /** Vendor the cursor was issued to. */
  v: string;
  /** The list it was issued for. */
  l: string;
  /** Position: the last row's key. */
  k: K;
}

const MAX_CURSOR_LENGTH = 2048;

export function encodeCursor<K>(vendorId: string, list: string, key: K): string {
  const payload: CursorPayload<K> = { v: vendorId, l: list, k: key };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

const invalid = (message: string) => new BadRequestError(message, 'invalid_cursor');

/** The position to resume after; 400 `invalid_cursor` unless this API issued the cursor to this vendor for this list. */
export function decodeCursor<K>(cursor: string, vendorId: string, list: string, isKey: (k: unknown) => k is K): K {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid('The cursor is not one this API issued.');
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('The cursor is not one this API issued.');
  }
  const p = payload as Partial<CursorPayload<unknown>> | null;
  if (typeof p !== 'object' || p === null || typeof p.v !== 'string' || typeof p.l !== 'string' || !isKey(p.k)) {
    throw invalid('The cursor is not one this API issued.');
  }
  if (p.v !== vendorId) throw invalid('The cursor belongs to another account. Start again from the first page.');
  if (p.l !== list) throw invalid('The cursor belongs to a different list. Start again from the first page.');
  return p.k;
}

/** A tab's sort key: `<ISO instant>#<productId>` (see withIndexes). */
export const isTabSortKey = (k: unknown): k is string => typeof k === 'string' && /^\d{4}-\d{2}-\d{2}T[^#]{1,40}#P-[0-9A-Z]{10}$/.test(k);
