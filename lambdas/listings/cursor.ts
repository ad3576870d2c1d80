import * as cursors from '../shared/cursor';

/** The product tabs' and the inventory's cursor (lambdas/shared/cursor.ts), scoped to the list it was issued for. */
export const encodeCursor = <K>(vendorId: string, list: string, key: K): string => cursors.encodeCursor(vendorId, list, key);

export const decodeCursor = <K>(cursor: string, vendorId: string, list: string, isKey: (k: unknown) => k is K): K =>
  cursors.decodeCursor(cursor, vendorId, list, isKey, 'The cursor belongs to a different list. Start again from the first page.');

/** A tab's sort key: `<ISO instant>#<productId>` (see withIndexes). */
export const isTabSortKey = (k: unknown): k is string => typeof k === 'string' && /^\d{4}-\d{2}-\d{2}T[^#]{1,40}#P-[0-9A-Z]{10}$/.test(k);
