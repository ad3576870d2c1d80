/**
 * The route table: the single source for the API. The CDK api construct (lib/api.ts) and the
 * local API server (scripts/local/api-server.ts) are both generated from it, so cloud and local
 * cannot drift. Every route sits behind the Cognito authorizer; `access` says what the handler
 * additionally requires of the caller (see lambdas/shared/auth.ts).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** signed-in: any verified user (vendor record optional); vendor: approved vendor; admin: group admins. */
export type Access = 'signed-in' | 'vendor' | 'admin';

export interface ApiFunction {
  /** Module path relative to lambdas/, exporting `handler`. */
  entry: string;
  /** Tables the function reads (r) or writes (rw); the CDK grants exactly these. */
  tables: TableAccess;
  /** SNS topics the function publishes to (contracts/topics.ts); the CDK grants publish on exactly these. */
  publishes?: readonly TopicKey[];
  description: string;
}

export interface Route {
  method: HttpMethod;
  /** API Gateway resource path, e.g. /api/orders/{orderId}. */
  path: string;
  /** Key in `apiFunctions`: routes sharing a function are served by one Lambda. */
  fn: keyof typeof apiFunctions;
  access: Access;
  /**
   * The answer is streamed (API Gateway response transfer mode STREAM, Lambda response streaming):
   * for large downloads built page by page. A function serves either only streamed or only
   * buffered routes (lambdas/shared/streaming.ts checks it).
   */
  stream?: true;
}

import type { TableAccess } from './tables';
import type { TopicKey } from './topics';

export const apiFunctions = {
  me: {
    entry: 'vendor/handler.ts',
    tables: { vendors: 'rw', notifications: 'w' },
    description: 'The signed-in user: vendor record, status and language; the password change and its security notice',
  },
  support: {
    entry: 'support/handler.ts',
    tables: { vendors: 'r', supportCases: 'rw', idempotency: 'rw', notifications: 'w' },
    publishes: ['support'],
    description: 'Vendor support cases: store, rate-limit, notify ops',
  },
  dashboard: {
    entry: 'dashboard/handler.ts',
    tables: { vendors: 'r', ledger: 'r' },
    description: 'Vendor dashboard: sales for today, 7, 15 and 30 days, balance, next payout, 30-day series',
  },
  orders: {
    entry: 'orders/handler.ts',
    tables: { vendors: 'r', orders: 'r' },
    description: 'Vendor orders: filtered, cursor-paged list, newest first',
  },
  ordersExport: {
    entry: 'orders/export-handler.ts',
    tables: { vendors: 'r', orders: 'r' },
    description: 'Vendor orders: CSV export of the current filter, streamed page by page',
  },
  payouts: {
    entry: 'payouts/handler.ts',
    tables: { vendors: 'r', ledger: 'r', orders: 'r' },
    description: 'Vendor payouts: history with a month filter, payout information, details with products sold',
  },
  payoutStatement: {
    entry: 'payouts/statement-handler.ts',
    tables: { vendors: 'r', ledger: 'r', orders: 'r' },
    description: 'Vendor payouts: statement CSV of one payout (orders, commission, fee, net), streamed',
  },
  payoutMethod: {
    entry: 'payouts/method-handler.ts',
    tables: { vendors: 'rw', payoutAccounts: 'w', notifications: 'w' },
    description: 'Vendor payout method: e-mail provider or bank account (answers masked), sets the change hold',
  },
  listings: {
    entry: 'listings/handler.ts',
    tables: { vendors: 'r', products: 'rw', imageChecks: 'rw', counters: 'rw', idempotency: 'rw' },
    description: 'Vendor products: drafts, submission for review, tabs, the inventory table and offer changes',
  },
  adminOverview: {
    entry: 'admin/handler.ts',
    tables: { vendors: 'r', products: 'r', supportCases: 'r', ledger: 'r' },
    description: 'Ops console overview: what is waiting (applications, reviews, support cases, payouts) and the oldest wait',
  },
  notifications: {
    entry: 'notifications/handler.ts',
    tables: { notifications: 'rw', vendors: 'r' },
    description: 'Vendor notifications inbox: the list, the unread count, mark read, e-mail preferences',
  },
  adminReviews: {
    entry: 'admin/reviews-handler.ts',
    tables: { vendors: 'r', products: 'rw', imageChecks: 'rw', notifications: 'w', audit: 'append' },
    description: 'Ops console product review: the review queue, a submission beside its live version, approve, reject, request changes',
  },
} as const satisfies Record<string, ApiFunction>;

export type ApiFunctionKey = keyof typeof apiFunctions;

export const routes: readonly Route[] = [
  { method: 'GET', path: '/api/me', fn: 'me', access: 'signed-in' },
  { method: 'PATCH', path: '/api/me', fn: 'me', access: 'signed-in' },
  { method: 'POST', path: '/api/me/password', fn: 'me', access: 'signed-in' },
  { method: 'POST', path: '/api/support', fn: 'support', access: 'vendor' },
  { method: 'GET', path: '/api/dashboard', fn: 'dashboard', access: 'vendor' },
  { method: 'GET', path: '/api/orders', fn: 'orders', access: 'vendor' },
  { method: 'GET', path: '/api/orders/export.csv', fn: 'ordersExport', access: 'vendor', stream: true },
  { method: 'GET', path: '/api/payouts', fn: 'payouts', access: 'vendor' },
  { method: 'GET', path: '/api/payouts/{payoutId}', fn: 'payouts', access: 'vendor' },
  { method: 'GET', path: '/api/payouts/{payoutId}/statement.csv', fn: 'payoutStatement', access: 'vendor', stream: true },
  { method: 'GET', path: '/api/payout-method', fn: 'payoutMethod', access: 'vendor' },
  { method: 'PUT', path: '/api/payout-method', fn: 'payoutMethod', access: 'vendor' },
  { method: 'GET', path: '/api/products', fn: 'listings', access: 'vendor' },
  { method: 'POST', path: '/api/products', fn: 'listings', access: 'vendor' },
  { method: 'GET', path: '/api/products/{productId}', fn: 'listings', access: 'vendor' },
  { method: 'PUT', path: '/api/products/{productId}', fn: 'listings', access: 'vendor' },
  { method: 'DELETE', path: '/api/products/{productId}', fn: 'listings', access: 'vendor' },
  { method: 'POST', path: '/api/products/{productId}/submit', fn: 'listings', access: 'vendor' },
  { method: 'PATCH', path: '/api/products/{productId}/offer', fn: 'listings', access: 'vendor' },
  { method: 'GET', path: '/api/inventory', fn: 'listings', access: 'vendor' },
  { method: 'GET', path: '/api/admin/overview', fn: 'adminOverview', access: 'admin' },
  { method: 'GET', path: '/api/notifications', fn: 'notifications', access: 'vendor' },
  { method: 'GET', path: '/api/notifications/unread', fn: 'notifications', access: 'vendor' },
  { method: 'POST', path: '/api/notifications/read', fn: 'notifications', access: 'vendor' },
  { method: 'GET', path: '/api/notifications/preferences', fn: 'notifications', access: 'vendor' },
  { method: 'PUT', path: '/api/notifications/preferences', fn: 'notifications', access: 'vendor' },
  { method: 'GET', path: '/api/admin/reviews', fn: 'adminReviews', access: 'admin' },
  { method: 'GET', path: '/api/admin/reviews/{productId}', fn: 'adminReviews', access: 'admin' },
  { method: 'POST', path: '/api/admin/reviews/{productId}/decision', fn: 'adminReviews', access: 'admin' },
];

/** `GET /api/me` — the key a handler module's router uses for a route. */
export const routeKey = (r: Pick<Route, 'method' | 'path'>): string => `${r.method} ${r.path}`;
