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

/**
 * A line of GET /api/orders/{orderId} (issue 15): the line amount (quantity × unit price) and its
 * share of the order's commission. The order's commission is computed on its total (lambdas/sales/
 * apply.ts) and shared out over the lines in proportion to their amounts, whole cents by the largest
 * remainder, so the lines' commissions add up to the order's exactly.
 */
export const orderDetailLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  sku: z.string(),
  quantity: int,
  unitPriceCents: cents,
  amountCents: cents,
  commissionCents: cents,
  netCents: cents,
});
export type OrderDetailLine = z.infer<typeof orderDetailLineSchema>;

/** A status the order took, and when (UTC): recorded by the ingest since issue 15. */
export const orderStatusChangeSchema = z.object({ status: z.enum(ORDER_STATUSES), at: instant });
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** GET /api/orders/{orderId}: one order of the caller's vendor, with its lines, totals and status history. */
export const orderDetailsSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  placedAt: instant,
  status: z.enum(ORDER_STATUSES),
  /** Items in the order (all lines). */
  quantity: int,
  lines: z.array(orderDetailLineSchema),
  /** The order's total (the lines' amounts), the commission on it and what the vendor is credited. */
  grossCents: cents,
  commissionCents: cents,
  netCents: cents,
  /** The commission rate the order was taken at (basis points, 1500 = 15 %); null for orders stored before rates were kept. */
  commissionRateBps: z.nullable(int),
  /** Oldest first; the last is the current status. */
  statusHistory: z.array(orderStatusChangeSchema),
  /** False when the history starts after the order was placed (orders stored before issue 15, or whose first event was missed). */
  historyComplete: z.boolean(),
  /** When the order last changed (UTC). */
  updatedAt: instant,
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;
