/**
 * The `nextCursor` of a paged list (orders, product tabs, inventory): opaque to clients (base64url
 * of a small JSON), bound to the vendor and the scope it was issued for (a filter, a tab, a search
 * and sort), carrying the position of the last row returned. It is not signed: every read runs on
 * the caller's own vendor id, so a forged cursor can only move within the caller's own rows; anything
 * this API did not issue to this vendor and scope is a 400 `invalid_cursor`.
 */
import { BadRequestError } from './errors';

interface CursorPayload<K> {
  /** Vendor the cursor was issued to. */
  v: string;
  /** The scope it was issued for. */
  f: string;
  /** Position: the last row's key. */
  k: K;
}

const MAX_CURSOR_LENGTH = 2048;

export function encodeCursor<K>(vendorId: string, scope: string, key: K): string {
  const payload: CursorPayload<K> = { v: vendorId, f: scope, k: key };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

export const invalidCursor = (message = 'The cursor is not one this API issued.') => new BadRequestError(message, 'invalid_cursor');

/**
 * The position to resume after. `otherScope` is the message for a cursor of this vendor issued for
 * another scope (e.g. "The cursor belongs to a different filter. …").
 */
export function decodeCursor<K>(cursor: string, vendorId: string, scope: string, isKey: (k: unknown) => k is K, otherScope: string): K {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const p = payload as Partial<CursorPayload<unknown>> | null;
  if (typeof p !== 'object' || p === null || typeof p.v !== 'string' || typeof p.f !== 'string' || !isKey(p.k)) throw invalidCursor();
  if (p.v !== vendorId) throw invalidCursor('The cursor belongs to another account. Start again from the first page.');
  if (p.f !== scope) throw invalidCursor(otherScope);
  return p.k;
}
