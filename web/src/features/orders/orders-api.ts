import { ordersPageSchema, type OrderLineView, type OrdersPage, type OrderView } from '../../../../contracts/orders';
import { apiRequest, parseAnswer } from '../../lib/api';
import { downloadApiFile, type DownloadedFile } from '../../lib/download';
import { ordersQuery, type OrdersFilter } from './orders-filter';

export type { OrderLineView, OrdersPage, OrderView };

/** Checks a GET /api/orders answer with its schema (contracts/orders.ts) before the table shows it. */
export function parseOrdersPage(data: unknown): OrdersPage {
  return parseAnswer(ordersPageSchema, data, 'GET /api/orders');
}

/** One page of the vendor's orders matching `filter`, newest first (25 a page, the API's default). */
export async function getOrdersPage(filter: OrdersFilter, cursor: string | null, signal?: AbortSignal): Promise<OrdersPage> {
  return parseOrdersPage(await apiRequest<unknown>(`/api/orders${ordersQuery(filter, { cursor })}`, { signal }));
}

/** Downloads every order matching `filter` as CSV (GET /api/orders/export.csv) and saves it. */
export function exportOrdersCsv(filter: OrdersFilter, signal?: AbortSignal): Promise<DownloadedFile> {
  return downloadApiFile(`/api/orders/export.csv${ordersQuery(filter)}`, { fallbackName: 'orders.csv', signal });
}
