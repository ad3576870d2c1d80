import type { OrderView, OrdersPage } from '../../contracts/order-answers';
import { apiHandler, route } from '../shared/http';
import { decodeCursor, encodeCursor } from './cursor';
import { listQuery, PAGE_SIZE_DEFAULT, type OrdersFilter } from './filter';
import { queryOrdersPage, type OrderRow } from './store';

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
});
