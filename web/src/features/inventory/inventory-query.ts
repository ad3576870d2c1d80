import { INVENTORY_SORTS, type InventorySort, type InventoryStockFilter } from '@contracts/listings/model';

export type SortOrder = 'asc' | 'desc';

/** What the inventory table shows: a search by name or SKU, a sort and the stock filter, all in the URL (`?q=tea&sort=price&order=desc&stock=low`). */
export interface InventoryQuery {
  q: string;
  sort: InventorySort;
  order: SortOrder;
  /** `low`: only the products at or below their low-stock threshold (issue 15). */
  stock?: InventoryStockFilter;
}

export const SEARCH_MAX = 100;
export const DEFAULT_SORT: InventorySort = 'name';

/** The order a column starts in when first chosen: the latest change first, else A→Z / low→high. */
export const firstOrder = (sort: InventorySort): SortOrder => (sort === 'updated' ? 'desc' : 'asc');

export const isInventorySort = (v: unknown): v is InventorySort => (INVENTORY_SORTS as readonly unknown[]).includes(v);

/** The query a URL asks for; values the page cannot use fall back to the defaults. */
export function parseInventoryQuery(params: URLSearchParams): InventoryQuery {
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX);
  const rawSort = params.get('sort');
  const sort = isInventorySort(rawSort) ? rawSort : DEFAULT_SORT;
  const rawOrder = params.get('order');
  const order = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : firstOrder(sort);
  return { q, sort, order, ...(params.get('stock') === 'low' ? { stock: 'low' as const } : {}) };
}

/** The URL's parameters for a query: only what differs from the defaults, other parameters kept. */
export function inventorySearchParams(query: InventoryQuery, base?: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const k of ['q', 'sort', 'order', 'stock']) next.delete(k);
  if (query.q) next.set('q', query.q);
  if (query.sort !== DEFAULT_SORT) next.set('sort', query.sort);
  if (query.order !== firstOrder(query.sort)) next.set('order', query.order);
  if (query.stock) next.set('stock', query.stock);
  return next;
}

/** GET /api/inventory's query string: the search, the sort and its order always explicit, and the cursor. */
export function inventoryApiQuery(query: InventoryQuery, cursor?: string): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  params.set('sort', query.sort);
  params.set('order', query.order);
  if (query.stock) params.set('stock', query.stock);
  if (cursor) params.set('cursor', cursor);
  return `?${params}`;
}

export const queryKey = (query: InventoryQuery): string => `${query.q}|${query.sort}|${query.order}${query.stock ? `|${query.stock}` : ''}`;
