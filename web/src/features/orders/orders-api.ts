import type { OrderLineView, OrdersPage, OrderView } from '../../../../contracts/order-answers';
import { apiRequest, parseAnswer } from '../../lib/api';
import { downloadApiFile, type DownloadedFile } from '../../lib/download';
import { ordersQuery, type OrdersFilter } from './orders-filter';

export type { OrderLineView, OrdersPage, OrderView };

/**
 * The answer's schema (contracts/order-answers.ts), and zod with it, loads with the first answer, in
 * parallel with its request: the orders page's first download carries no zod.
 */
const answers = () => import('../../../../contracts/order-answers');

/** One page of the vendor's orders matching `filter`, newest first (25 a page, the API's default). */
export async function getOrdersPage(filter: OrdersFilter, cursor: string | null, signal?: AbortSignal): Promise<OrdersPage> {
  const [{ ordersPageSchema }, data] = await Promise.all([answers(), apiRequest<unknown>(`/api/orders${ordersQuery(filter, { cursor })}`, { signal })]);
  return parseAnswer(ordersPageSchema, data, 'GET /api/orders');
}

/** Downloads every order matching `filter` as CSV (GET /api/orders/export.csv) and saves it. */
export function exportOrdersCsv(filter: OrdersFilter, signal?: AbortSignal): Promise<DownloadedFile> {
  return downloadApiFile(`/api/orders/export.csv${ordersQuery(filter)}`, { fallbackName: 'orders.csv', signal });
}
