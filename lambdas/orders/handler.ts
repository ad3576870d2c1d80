import type { OrderDetails, OrderView, OrdersPage } from '../../contracts/order-answers';
import { NotFoundError } from '../shared/errors';
import { apiHandler, route } from '../shared/http';
import { decodeCursor, decodeSearchCursor, encodeCursor, encodeSearchCursor } from './cursor';
import { orderDetails } from './details';
import { listQuery, PAGE_SIZE_DEFAULT, type OrdersFilter } from './filter';
import { getOrderById, queryOrdersPage, searchOrdersPage, type OrderRow } from './store';

/** Order ids as the marketplace sends them (contracts/order-events.ts): printable ASCII without spaces or `#`, at most 128. */
const ORDER_ID = /^[\x21\x22\x24-\x7e]{1,128}$/;

/**
 * The search by order number (issue 15): the number as typed, and when that finds nothing and has
 * lower-case letters, in capitals (order numbers are written in capitals, `MO-20260308-01234`). A
 * next page keeps to the spelling its cursor's last number starts with.
 */
async function searchByNumber(vendorId: string, typed: string, limit: number, cursor?: string): Promise<OrdersPage> {
  const spellings = [...new Set([typed, typed.toUpperCase()])];
  if (cursor) {
    const after = decodeSearchCursor(cursor, vendorId, spellings);
    const page = await searchOrdersPage(vendorId, after.prefix, { limit, after: after.key });
    return { orders: page.orders.map(orderView), nextCursor: page.last ? encodeSearchCursor(vendorId, typed, page.last) : null };
  }
  for (const prefix of spellings) {
    const page = await searchOrdersPage(vendorId, prefix, { limit });
    if (page.orders.length || prefix === spellings[spellings.length - 1]) {
      return { orders: page.orders.map(orderView), nextCursor: page.last ? encodeSearchCursor(vendorId, typed, page.last) : null };
    }
  }
  return { orders: [], nextCursor: null };
}

/** An order as the orders page shows it (GET /api/orders; docs/api.md). */
export function orderView(o: OrderRow): OrderView {
  return {
    orderId: o.orderId,
    orderNumber: o.orderNumber,
    placedAt: o.placedAt,
    status: o.status,
    totalCents: o.totalCents,
    quantity: o.quantity,
    lines: (o.lines ?? []).map((l) => ({ name: l.name, sku: l.sku, quantity: l.quantity, unitPriceCents: l.unitPriceCents })),
  };
}

export const handler = apiHandler('orders', {
  'GET /api/orders': route({
    access: 'vendor',
    query: listQuery,
    async handler({ query, caller }) {
      const vendorId = caller.vendor.vendorId;
      if (query.number) return { body: await searchByNumber(vendorId, query.number, query.limit ?? PAGE_SIZE_DEFAULT, query.cursor) };
      const filter: OrdersFilter = { status: query.status, from: query.from, to: query.to };
      const after = query.cursor ? decodeCursor(query.cursor, vendorId, filter) : undefined;
      const page = await queryOrdersPage(vendorId, filter, { limit: query.limit ?? PAGE_SIZE_DEFAULT, after });
      const body: OrdersPage = {
        orders: page.orders.map(orderView),
        nextCursor: page.lastKey ? encodeCursor(vendorId, filter, page.lastKey) : null,
      };
      return { body };
    },
  }),

  'GET /api/orders/{orderId}': route({
    access: 'vendor',
    async handler({ caller, params }) {
      const orderId = params.orderId ?? '';
      // Read under the caller's own vendor id: another vendor's order is not found, like a missing one.
      const order = ORDER_ID.test(orderId) ? await getOrderById(caller.vendor.vendorId, orderId) : null;
      if (!order) throw new NotFoundError('There is no such order.', 'order_not_found');
      const body: OrderDetails = orderDetails(order);
      return { body };
    },
  }),
});
