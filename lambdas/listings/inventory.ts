/**
 * The inventory table (GET /api/inventory): search by name (English or Chinese) or SKU, sort on
 * any column, page with a cursor. A vendor's catalogue is bounded (CATALOGUE_CAP), so the Lambda
 * reads the vendor's rows (store.catalogueRows) and filters, sorts and pages them here; the cursor
 * names the last row's sort value and product id (keyset), so a row changed between pages is
 * neither repeated nor skipped because of an offset shift.
 */
import * as z from 'zod';
import { INVENTORY_SORTS, type InventorySort } from '../../contracts/listings/model';
import type { CatalogueRow } from './store';

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface InventoryQuery {
  q: string;
  sort: InventorySort;
  order: SortOrder;
}

/** The cursor's position: the last row's sort value, then its product id. */
export type InventoryKey = [string | number, string];

export const isInventoryKey = (k: unknown): k is InventoryKey =>
  Array.isArray(k) && k.length === 2 && (typeof k[0] === 'string' || typeof k[0] === 'number') && typeof k[1] === 'string' && /^P-[0-9A-Z]{10}$/.test(k[1]);

/** Folds what a person may type differently: case, full-width letters and digits (IME input). */
const fold = (text: string): string => text.normalize('NFKC').toLocaleLowerCase('en-US');

export function matches(row: CatalogueRow, q: string): boolean {
  const needle = fold(q.trim());
  if (!needle) return true;
  return [row.nameEn, row.nameZh, row.sku].some((field) => fold(field ?? '').includes(needle));
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function sortValue(row: CatalogueRow, sort: InventorySort): string | number {
  switch (sort) {
    case 'name':
      return row.nameEn;
    case 'sku':
      return row.sku;
    case 'price':
      return row.priceCents;
    case 'inventory':
      return row.inventory;
    case 'updated':
      return row.updatedAt;
  }
}

function compareValues(a: string | number, b: string | number, sort: InventorySort): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // Names as people sort them (case-insensitive, "Tea 2" before "Tea 10"); SKUs and instants as written.
  if (sort === 'name') return collator.compare(String(a), String(b));
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** A total order: the column, then the product id, both reversed for `desc`. */
export function compareKeys(a: InventoryKey, b: InventoryKey, query: Pick<InventoryQuery, 'sort' | 'order'>): number {
  const primary = compareValues(a[0], b[0], query.sort);
  const result = primary !== 0 ? primary : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
  return query.order === 'asc' ? result : -result;
}

export const keyOf = (row: CatalogueRow, sort: InventorySort): InventoryKey => [sortValue(row, sort), row.productId];

export interface InventorySlice {
  rows: CatalogueRow[];
  /** Rows matching the search, over all pages. */
  total: number;
  /** Position of the last row when more follow, else null. */
  lastKey: InventoryKey | null;
}

/** Filters, sorts and returns the page after `after`. */
export function inventorySlice(all: readonly CatalogueRow[], query: InventoryQuery, page: { limit: number; after?: InventoryKey }): InventorySlice {
  const sorted = all
    .filter((row) => matches(row, query.q))
    .map((row) => ({ row, key: keyOf(row, query.sort) }))
    .sort((a, b) => compareKeys(a.key, b.key, query));
  const start = page.after ? sorted.findIndex((r) => compareKeys(r.key, page.after!, query) > 0) : 0;
  const rest = start < 0 ? [] : sorted.slice(start);
  const rows = rest.slice(0, page.limit);
  return {
    rows: rows.map((r) => r.row),
    total: sorted.length,
    lastKey: rest.length > page.limit ? rows[rows.length - 1]!.key : null,
  };
}

/** The list a cursor is bound to: the same search, column and direction. */
export const inventoryListKey = (query: InventoryQuery): string => `inventory|${query.sort}|${query.order}|${fold(query.q.trim())}`;

/** A query parameter left empty (`?q=`, as an HTML form sends it) counts as not given. */
export const optionalParam = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;

export const limitParam = optionalParam(
  z
    .string()
    .regex(/^\d{1,3}$/, { message: `must be a whole number from 1 to ${PAGE_SIZE_MAX}` })
    .transform(Number)
    .pipe(z.number().int().min(1, { message: `must be from 1 to ${PAGE_SIZE_MAX}` }).max(PAGE_SIZE_MAX, { message: `must be from 1 to ${PAGE_SIZE_MAX}` })),
);

export const cursorParam = optionalParam(z.string().max(2048, { message: 'is not a cursor this API issued' }));

/** `GET /api/inventory` query. Unknown parameters are refused. Default: by name, A to Z. */
export const inventoryQuery = z.strictObject({
  q: optionalParam(z.string().max(100, { message: 'must be at most 100 characters' })),
  sort: optionalParam(z.enum(INVENTORY_SORTS, { message: `must be one of ${INVENTORY_SORTS.join(', ')}` })),
  order: optionalParam(z.enum(SORT_ORDERS, { message: 'must be asc or desc' })),
  cursor: cursorParam,
  limit: limitParam,
});
