import { ApiError, apiRequest } from '../../lib/api';
import { downloadApiFile, type DownloadedFile } from '../../lib/download';
import { isOrderStatus, ordersQuery, type OrdersFilter, type OrderStatus } from './orders-filter';

/** An order line as GET /api/orders gives it (docs/api.md). */
export interface OrderLineView {
  name: string;
  sku: string;
  quantity: number;
  unitPriceCents: number;
}

/** An order as GET /api/orders gives it. */
export interface OrderView {
  orderId: string;
  orderNumber: string;
  /** ISO-8601 UTC. */
  placedAt: string;
  status: OrderStatus;
  totalCents: number;
  /** Items in the order (all lines). */
  quantity: number;
  lines: OrderLineView[];
}

export interface OrdersPage {
  orders: OrderView[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const isLine = (l: unknown) => isRecord(l) && typeof l.name === 'string' && typeof l.sku === 'string' && isInt(l.quantity) && isInt(l.unitPriceCents);

const isOrder = (o: unknown) =>
  isRecord(o) &&
  typeof o.orderId === 'string' &&
  typeof o.orderNumber === 'string' &&
  typeof o.placedAt === 'string' &&
  !Number.isNaN(Date.parse(o.placedAt)) &&
  isOrderStatus(o.status) &&
  isInt(o.totalCents) &&
  isInt(o.quantity) &&
  Array.isArray(o.lines) &&
  o.lines.every(isLine);

/** Checks the shape of a GET /api/orders answer before the table shows it. */
export function parseOrdersPage(data: unknown): OrdersPage {
  const ok = isRecord(data) && Array.isArray(data.orders) && data.orders.every(isOrder) && (data.nextCursor === null || typeof data.nextCursor === 'string');
  if (!ok) throw new ApiError(200, 'invalid_response', 'GET /api/orders answered an unexpected shape.');
  return data as unknown as OrdersPage;
}

/** One page of the vendor's orders matching `filter`, newest first (25 a page, the API's default). */
export async function getOrdersPage(filter: OrdersFilter, cursor: string | null, signal?: AbortSignal): Promise<OrdersPage> {
  return parseOrdersPage(await apiRequest<unknown>(`/api/orders${ordersQuery(filter, { cursor })}`, { signal }));
}

/** Downloads every order matching `filter` as CSV (GET /api/orders/export.csv) and saves it. */
export function exportOrdersCsv(filter: OrdersFilter, signal?: AbortSignal): Promise<DownloadedFile> {
  return downloadApiFile(`/api/orders/export.csv${ordersQuery(filter)}`, { fallbackName: 'orders.csv', signal });
}
