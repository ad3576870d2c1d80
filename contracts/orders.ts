/**
 * An order's statuses (zod-free: the orders page's filter imports them without zod). The answer of
 * GET /api/orders is in order-answers.ts.
 */

export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
