/**
 * Orders as the API answers them (GET /api/orders; docs/api.md): the statuses, and the answer the
 * server builds (lambdas/orders/handler.ts) and the web parses (web/src/features/orders/orders-api.ts).
 */
export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
