/**
 * GET /api/orders (docs/api.md): the answer the server builds (lambdas/orders/handler.ts) as these
 * types and the web parses (web/src/features/orders/orders-api.ts) with these schemas (`zod/mini`).
 */
import * as z from 'zod/mini';
import { ORDER_STATUSES } from './orders';
import { cents, instant, int } from './values';

/** An order line as GET /api/orders gives it. */
export const orderLineViewSchema = z.object({ name: z.string(), sku: z.string(), quantity: int, unitPriceCents: cents });
export type OrderLineView = z.infer<typeof orderLineViewSchema>;

/** An order as the orders page shows it (lambdas/orders/handler.ts orderView). */
export const orderViewSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  /** ISO-8601 UTC. */
  placedAt: instant,
  status: z.enum(ORDER_STATUSES),
  totalCents: cents,
  /** Items in the order (all lines). */
  quantity: int,
  lines: z.array(orderLineViewSchema),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** GET /api/orders: one page, newest first. */
export const ordersPageSchema = z.object({
  orders: z.array(orderViewSchema),
  /** Where the next page starts; null on the last page. */
  nextCursor: z.nullable(z.string()),
});
export type OrdersPage = z.infer<typeof ordersPageSchema>;
