import type { QueryClient } from '@tanstack/react-query';
import type { InventoryPage, InventoryRow } from '@contracts/listings/model';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';
import { updateCursorListItems, useCursorList } from '../../../lib/use-cursor-list';
import { inventoryApiQuery, queryKey, type InventoryQuery } from '../inventory-query';

export type { InventoryPage, InventoryRow };

/** The answers' schemas (contracts/listings/answers.ts) and zod load with the first answer, in parallel with its request. */
const answers = () => import('@contracts/listings/answers');

/** One page of the vendor's products for the inventory table, searched and sorted by the server. */
export async function getInventoryPage(query: InventoryQuery, cursor: string | undefined, signal?: AbortSignal): Promise<InventoryPage> {
  const [{ inventoryPageSchema }, data] = await Promise.all([answers(), apiRequest<unknown>(`/api/inventory${inventoryApiQuery(query, cursor)}`, { signal })]);
  return parseAnswer(inventoryPageSchema, data, 'GET /api/inventory');
}

/** `GET /api/inventory` for a search, sort and filter: its "Load more" list (an infinite query). */
export function useInventoryList(query: InventoryQuery) {
  return useCursorList<InventoryRow, InventoryPage>(queryKeys.inventory.list(queryKey(query)), (cursor, signal) => getInventoryPage(query, cursor, signal));
}

/** A row saved in the offer dialog changes in place in the list on screen (no reload of every loaded page). */
export function replaceInventoryRow(client: QueryClient, query: InventoryQuery, row: InventoryRow): void {
  updateCursorListItems<InventoryRow, InventoryPage>(client, queryKeys.inventory.list(queryKey(query)), (rows) => rows.map((r) => (r.productId === row.productId ? row : r)));
}
