/**
 * The inventory table (GET /api/inventory): search by name (English or Chinese) or SKU, sort on
 * any column, a "low stock" filter, page with a cursor. Issue 15: no request reads the vendor's
 * whole partition any more. Each column has its index (contracts/tables.ts), so a page is one key
 * range read in the column's order (store.inventoryIndexPage); a search filters that index as it
 * reads; the low-stock filter reads its sparse index (only the products low on stock) and sorts
 * and searches those here (inventorySlice). The cursor names the last row's sort value (its index's
 * sort key) and product id (keyset), so a row changed between pages is neither repeated nor skipped
 * because of an offset shift.
 */
import * as z from 'zod';
import { INVENTORY_SORTS, INVENTORY_STOCK_FILTERS, type InventorySort, type InventoryStockFilter } from '../../contracts/listings/model';
import { fold, nameSortKey } from './product-states';
import { inventoryIndexPage, lowStockRows, productCount, type CatalogueRow } from './store';

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface InventoryQuery {
  q: string;
  sort: InventorySort;
  order: SortOrder;
  /** `low`: only products at or below their low-stock threshold. */
  stock?: InventoryStockFilter;
}

/** The cursor's position: the last row's sort value, then its product id. */
export type InventoryKey = [string | number, string];

export const isInventoryKey = (k: unknown): k is InventoryKey =>
  Array.isArray(k) && k.length === 2 && (typeof k[0] === 'string' || typeof k[0] === 'number') && typeof k[1] === 'string' && /^P-[0-9A-Z]{10}$/.test(k[1]);

export function matches(row: CatalogueRow, q: string): boolean {
  const needle = fold(q.trim());
  if (!needle) return true;
  return [row.nameEn, row.nameZh, row.sku].some((field) => fold(field ?? '').includes(needle));
}

/** The column's value as its index sorts it (byVendorName sorts `nameSort`: folded, digit runs by length, then the id). */
export function sortValue(row: CatalogueRow, sort: InventorySort): string | number {
  switch (sort) {
    case 'name':
      return row.nameSort ?? `${nameSortKey(row.nameEn)}\u0001${row.productId}`;
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

/** As DynamoDB orders the index's sort key: numbers by value, strings as written (names are folded keys). */
function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** A total order: the column, then the product id, both reversed for `desc`. */
export function compareKeys(a: InventoryKey, b: InventoryKey, query: Pick<InventoryQuery, 'sort' | 'order'>): number {
  const primary = compareValues(a[0], b[0]);
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

/** The list a cursor is bound to: the same search, column, direction and filter. */
export const inventoryListKey = (query: InventoryQuery): string =>
  `inventory|${query.sort}|${query.order}|${fold(query.q.trim())}${query.stock ? `|stock=${query.stock}` : ''}`;

/** What the handler answers: a page of rows, the list's size when it is known (not for a search), where to go on. */
export interface InventoryListPage {
  rows: CatalogueRow[];
  total?: number;
  lastKey: InventoryKey | null;
}

/**
 * One page of the inventory list (see the header): the low-stock filter from its sparse index, else
 * the column's index (a search filtering it). The whole list's size is the vendor's product count
 * (the counters item, one read), or the low-stock rows read; a search is not counted.
 */
export async function inventoryList(vendorId: string, query: InventoryQuery, page: { limit: number; after?: InventoryKey }): Promise<InventoryListPage> {
  if (query.stock === 'low') {
    const slice = inventorySlice(await lowStockRows(vendorId), query, page);
    return { rows: slice.rows, total: slice.total, lastKey: slice.lastKey };
  }
  const needle = fold(query.q.trim());
  const [found, total] = await Promise.all([
    inventoryIndexPage(vendorId, { sort: query.sort, order: query.order, needle, limit: page.limit, after: page.after }),
    needle ? Promise.resolve(undefined) : productCount(vendorId),
  ]);
  return { rows: found.rows, lastKey: found.last, ...(total !== undefined ? { total } : {}) };
}

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
  stock: optionalParam(z.enum(INVENTORY_STOCK_FILTERS, { message: `must be ${INVENTORY_STOCK_FILTERS.join(', ')}` })),
  cursor: cursorParam,
  limit: limitParam,
});
