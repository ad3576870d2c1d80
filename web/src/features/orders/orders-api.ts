import type { OrderDetails, OrderLineView, OrdersPage, OrderView } from '../../../../contracts/order-answers';
import { apiRequest, parseAnswer } from '../../lib/api';
import { downloadApiFile, type DownloadedFile } from '../../lib/download';
import { ordersQuery, type OrdersFilter } from './orders-filter';

export type { OrderDetails, OrderLineView, OrdersPage, OrderView };

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
  // The export takes the filter only: a search by number is not exported (the page offers no export then).
  return downloadApiFile(`/api/orders/export.csv${ordersQuery({ status: filter.status, from: filter.from, to: filter.to })}`, { fallbackName: 'orders.csv', signal });
}

/** One of the vendor's orders (GET /api/orders/{orderId}, issue 15): lines, commission, totals, status history. */
export async function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderDetails> {
  const [{ orderDetailsSchema }, data] = await Promise.all([answers(), apiRequest<unknown>(`/api/orders/${encodeURIComponent(orderId)}`, { signal })]);
  return parseAnswer(orderDetailsSchema, data, 'GET /api/orders/{orderId}');
}
