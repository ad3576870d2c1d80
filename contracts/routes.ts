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
  /**
   * Cognito user-pool admin actions the function calls on the portal's pool (e.g.
   * `cognito-idp:AdminUpdateUserAttributes`); the CDK grants exactly these on that pool (lib/api.ts).
   */
  cognitoAdmin?: readonly `cognito-idp:Admin${string}`[];
  /**
   * Queues the function sends to (`payouts`: the payout worker's queue, env PAYOUT_QUEUE_URL; `bulk`: the bulk worker's, env BULK_QUEUE_URL;
   * `lowStockRecheck`: the default low-stock level's re-check, env LOW_STOCK_RECHECK_QUEUE_URL, issue 16); the CDK grants SendMessage on exactly these.
   */
  queues?: readonly ('payouts' | 'bulk' | 'lowStockRecheck')[];
  /** Buckets the function reads (`payoutBatches`: bank-transfer instructions, env PAYOUT_BATCH_BUCKET); the CDK grants list and get under their prefix. */
  reads?: readonly 'payoutBatches'[];
  description: string;
}

interface RouteBase {
  method: HttpMethod;
  /** API Gateway resource path, e.g. /api/orders/{orderId}. */
  path: string;
  /** Key in `apiFunctions`: routes sharing a function are served by one Lambda. */
  fn: keyof typeof apiFunctions;
  /**
   * The answer is streamed (API Gateway response transfer mode STREAM, Lambda response streaming):
   * for large downloads built page by page. A function serves either only streamed or only
   * buffered routes (lambdas/shared/streaming.ts checks it).
   */
  stream?: true;
}

/**
 * A route. Vendor routes also say which team roles (issue 14, contracts/team.ts) may call them:
 * the caller's role comes from the member record, never from the request (lambdas/shared/auth.ts).
 */
export type Route = RouteBase & ({ access: 'vendor'; roles: readonly MemberRole[] } | { access: 'signed-in' | 'admin'; roles?: undefined });

import type { TableAccess } from './tables';
import type { TopicKey } from './topics';
import { PAGE_ROLES as page, ROLE_GROUPS, type MemberRole } from './team-roles';

/**
 * Roles once (issue 25, item 4): a vendor route that a web page reads (or whose action is open to
 * everyone who opens the page) takes its roles from that page's entry in `PAGE_ROLES`
 * (contracts/team-roles.ts), the table the web's route guard and navigation read too; only an action
 * narrower than its page says so itself (`owner`). test/web/app/role-access.test.tsx fails when a page
 * the web opens for a role calls a route that refuses it, or the web refuses a page whose calls all
 * accept it. team-roles.ts rather than team.ts: this table stays zod-free.
 */
const { owner } = ROLE_GROUPS;

export const apiFunctions = {
  me: {
    entry: 'vendor/handler.ts',
    // activity: the MFA on/off entries of POST /api/me/two-step (issue 14).
    tables: { vendors: 'rw', notifications: 'w', activity: 'append' },
    // Issue 14: POST /api/me/two-step reads the caller's two-step state from Cognito.
    cognitoAdmin: ['cognito-idp:AdminGetUser'],
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
    tables: { vendors: 'rw', payoutAccounts: 'w', notifications: 'w', activity: 'append' },
    // Issue 14: step-up for a change (TOTP on, asked of Cognito; lambdas/shared/step-up.ts).
    cognitoAdmin: ['cognito-idp:AdminGetUser'],
    description: 'Vendor payout method: e-mail provider or bank account (answers masked), sets the change hold',
  },
  listings: {
    entry: 'listings/handler.ts',
    // notifications: the low-stock notice, written with the offer change that takes stock below its threshold (issue 15).
    tables: { vendors: 'r', products: 'rw', imageChecks: 'rw', counters: 'rw', idempotency: 'rw', activity: 'append', notifications: 'w' },
    // A change of the default low-stock level hands its re-check to the worker (issue 16).
    queues: ['lowStockRecheck'],
    description: 'Vendor products: drafts, submission for review, tabs, the inventory table and offer changes',
  },
  adminOverview: {
    entry: 'admin/handler.ts',
    tables: { vendors: 'r', products: 'r', supportCases: 'r', ledger: 'r' },
    // Issue 14: two-step sign-in is required for admins (lambdas/shared/step-up.ts asks Cognito).
    cognitoAdmin: ['cognito-idp:AdminGetUser'],
    description: 'Ops console overview: what is waiting (applications, reviews, support cases, payouts) and the oldest wait',
  },
  audit: {
    entry: 'audit/handler.ts',
    tables: { audit: 'r' },
    // Issue 14: two-step sign-in is required for admins (lambdas/shared/step-up.ts asks Cognito).
    cognitoAdmin: ['cognito-idp:AdminGetUser'],
    description: 'Ops console audit log: every ops action, newest first, filtered and cursor-paged (read only)',
  },
  auditExport: {
    entry: 'audit/export-handler.ts',
    tables: { audit: 'r' },
    // Issue 14: two-step sign-in is required for admins (lambdas/shared/step-up.ts asks Cognito).
    cognitoAdmin: ['cognito-idp:AdminGetUser'],
    description: 'Ops console audit log: CSV export of the current filter, streamed page by page (read only)',
  },
  notifications: {
    entry: 'notifications/handler.ts',
    tables: { notifications: 'rw', vendors: 'r' },
    description: 'Vendor notifications inbox: the list, the unread count, mark read, e-mail preferences',
  },
  adminSupport: {
    entry: 'admin/support-handler.ts',
    tables: { supportCases: 'rw', vendors: 'r', notifications: 'w', audit: 'append' },
    // Issue 14: two-step sign-in is required for admins (lambdas/shared/step-up.ts asks Cognito).
    cognitoAdmin: ['cognito-idp:AdminGetUser'],
    description: 'Ops console support inbox: cases by status, category and vendor; the thread; reply (the vendor is notified), close, reopen; each audited',
  },
  adminVendors: {
    entry: 'admin/vendors-handler.ts',
    tables: { vendors: 'r', orders: 'r', ledger: 'r', products: 'r', audit: 'r' },
    // Issue 14: two-step sign-in is required for admins (lambdas/shared/step-up.ts asks Cognito).
    cognitoAdmin: ['cognito-idp:AdminGetUser'],
    description: 'Ops console: pending vendor applications, the vendor directory and a vendor detail with its audit trail (reads only)',
  },
  adminVendorChanges: {
    entry: 'admin/vendor-changes-handler.ts',
    tables: { vendors: 'rw', counters: 'rw', notifications: 'w', audit: 'append' },
    cognitoAdmin: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminUpdateUserAttributes', 'cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminRemoveUserFromGroup'],
    description: 'Ops console: approve or reject a vendor application (with Cognito) and change a commission rate, each with its audit entry',
  },
  adminPayouts: {
    entry: 'admin/payouts-handler.ts',
    // Ledger: the period and status indexes, the retry and confirm transitions (with the vendor's
    // payout_paid / payout_failed notifications); vendors: names and the current payout method;
    // audit: append the operator's entry in the same transaction.
    tables: { ledger: 'rw', vendors: 'r', notifications: 'w', audit: 'append' },
    queues: ['payouts'],
    reads: ['payoutBatches'],
    // Issue 14: two-step sign-in is required for admins (lambdas/shared/step-up.ts asks Cognito).
    cognitoAdmin: ['cognito-idp:AdminGetUser'],
    description: 'Ops console payouts: period figures, failed payouts and retry, bank transfers awaiting confirmation, the bank batch',
  },
  adminReviews: {
    entry: 'admin/reviews-handler.ts',
    tables: { vendors: 'r', products: 'rw', imageChecks: 'rw', notifications: 'w', audit: 'append', counters: 'rw' },
    // Issue 14: two-step sign-in is required for admins (lambdas/shared/step-up.ts asks Cognito).
    cognitoAdmin: ['cognito-idp:AdminGetUser'],
    description: 'Ops console product review: the review queue, a submission beside its live version, approve, reject, request changes',
  },
  team: {
    entry: 'team/handler.ts',
    // vendors: the shop's record and the members' membership items (an accepted invitation replaces
    // the invitee's own application); notifications: the invitation e-mail and the security notices.
    // idempotency: the invitation e-mails' rate windows per shop and per address (issue 24, item 5).
    tables: { vendors: 'rw', members: 'rw', notifications: 'w', activity: 'append', idempotency: 'rw' },
    // AdminGetUser: the step-up of a team change (TOTP on, lambdas/shared/step-up.ts).
    cognitoAdmin: ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminGetUser'],
    description: 'Vendor teams: members and invitations, roles, removal (with a global sign-out); accepting an invitation',
  },
  activity: {
    entry: 'activity/handler.ts',
    tables: { activity: 'r', vendors: 'r' },
    description: 'Vendor activity log: who did what in the account, newest first, filtered and cursor-paged (read only)',
  },
  activityExport: {
    entry: 'activity/export-handler.ts',
    tables: { activity: 'r', vendors: 'r' },
    description: 'Vendor activity log: CSV export of the current filter, streamed page by page (read only)',
  },
  bulk: {
    entry: 'bulk/handler.ts',
    // Products: the dry run reads the catalogue (the worker writes); the jobs; the worker's queue.
    tables: { vendors: 'r', products: 'r', bulkJobs: 'rw' },
    queues: ['bulk'],
    description: 'Bulk price and stock (issue 15): the dry run of an uploaded spreadsheet, the job and its progress, apply and undo (sent to the bulk worker)',
  },
  bulkExport: {
    entry: 'bulk/export-handler.ts',
    tables: { vendors: 'r', products: 'r' },
    description: 'Bulk price and stock (issue 15): the inventory (or its filter) as a CSV to edit, or as a template',
  },
  adminMfa: {
    entry: 'admin/mfa-handler.ts',
    tables: { vendors: 'rw', notifications: 'w', audit: 'append' },
    cognitoAdmin: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminSetUserMFAPreference'],
    description: 'Ops console: reset a user’s two-step sign-in (Cognito), audited, with the vendor’s security notice',
  },
} as const satisfies Record<string, ApiFunction>;

export type ApiFunctionKey = keyof typeof apiFunctions;

export const routes: readonly Route[] = [
  { method: 'GET', path: '/api/me', fn: 'me', access: 'signed-in' },
  { method: 'PATCH', path: '/api/me', fn: 'me', access: 'signed-in' },
  { method: 'POST', path: '/api/me/password', fn: 'me', access: 'signed-in' },
  { method: 'POST', path: '/api/support', fn: 'support', access: 'vendor', roles: page.support },
  { method: 'GET', path: '/api/dashboard', fn: 'dashboard', access: 'vendor', roles: page.dashboard },
  { method: 'GET', path: '/api/orders', fn: 'orders', access: 'vendor', roles: page.orders },
  { method: 'GET', path: '/api/orders/export.csv', fn: 'ordersExport', access: 'vendor', roles: page.orders, stream: true },
  { method: 'GET', path: '/api/payouts', fn: 'payouts', access: 'vendor', roles: page.payouts },
  { method: 'GET', path: '/api/payouts/{payoutId}', fn: 'payouts', access: 'vendor', roles: page.payouts },
  { method: 'GET', path: '/api/payouts/{payoutId}/statement.csv', fn: 'payoutStatement', access: 'vendor', roles: page.payouts, stream: true },
  { method: 'GET', path: '/api/payout-method', fn: 'payoutMethod', access: 'vendor', roles: page.payouts },
  { method: 'PUT', path: '/api/payout-method', fn: 'payoutMethod', access: 'vendor', roles: owner },
  { method: 'GET', path: '/api/products', fn: 'listings', access: 'vendor', roles: page.products },
  { method: 'POST', path: '/api/products', fn: 'listings', access: 'vendor', roles: page.products },
  { method: 'GET', path: '/api/products/{productId}', fn: 'listings', access: 'vendor', roles: page.products },
  { method: 'PUT', path: '/api/products/{productId}', fn: 'listings', access: 'vendor', roles: page.products },
  { method: 'DELETE', path: '/api/products/{productId}', fn: 'listings', access: 'vendor', roles: page.products },
  { method: 'POST', path: '/api/products/{productId}/submit', fn: 'listings', access: 'vendor', roles: page.products },
  { method: 'PATCH', path: '/api/products/{productId}/offer', fn: 'listings', access: 'vendor', roles: page.products },
  { method: 'GET', path: '/api/inventory', fn: 'listings', access: 'vendor', roles: page.inventory },
  { method: 'GET', path: '/api/admin/overview', fn: 'adminOverview', access: 'admin' },
  { method: 'GET', path: '/api/admin/audit', fn: 'audit', access: 'admin' },
  { method: 'GET', path: '/api/admin/audit.csv', fn: 'auditExport', access: 'admin', stream: true },
  { method: 'GET', path: '/api/notifications', fn: 'notifications', access: 'vendor', roles: page.notifications },
  { method: 'GET', path: '/api/notifications/unread', fn: 'notifications', access: 'vendor', roles: page.notifications },
  { method: 'POST', path: '/api/notifications/read', fn: 'notifications', access: 'vendor', roles: page.notifications },
  { method: 'GET', path: '/api/notifications/preferences', fn: 'notifications', access: 'vendor', roles: page.notifications },
  { method: 'PUT', path: '/api/notifications/preferences', fn: 'notifications', access: 'vendor', roles: owner },
  { method: 'GET', path: '/api/support', fn: 'support', access: 'vendor', roles: page.support },
  { method: 'GET', path: '/api/support/{caseId}', fn: 'support', access: 'vendor', roles: page.support },
  { method: 'POST', path: '/api/support/{caseId}/messages', fn: 'support', access: 'vendor', roles: page.support },
  { method: 'GET', path: '/api/admin/support', fn: 'adminSupport', access: 'admin' },
  { method: 'GET', path: '/api/admin/support/{vendorId}/{caseId}', fn: 'adminSupport', access: 'admin' },
  { method: 'POST', path: '/api/admin/support/{vendorId}/{caseId}/reply', fn: 'adminSupport', access: 'admin' },
  { method: 'POST', path: '/api/admin/support/{vendorId}/{caseId}/close', fn: 'adminSupport', access: 'admin' },
  { method: 'POST', path: '/api/admin/support/{vendorId}/{caseId}/reopen', fn: 'adminSupport', access: 'admin' },
  { method: 'GET', path: '/api/admin/applications', fn: 'adminVendors', access: 'admin' },
  { method: 'GET', path: '/api/admin/applications/{userId}', fn: 'adminVendors', access: 'admin' },
  { method: 'POST', path: '/api/admin/applications/{userId}/decision', fn: 'adminVendorChanges', access: 'admin' },
  { method: 'GET', path: '/api/admin/vendors', fn: 'adminVendors', access: 'admin' },
  { method: 'GET', path: '/api/admin/vendors/{vendorId}', fn: 'adminVendors', access: 'admin' },
  { method: 'PUT', path: '/api/admin/vendors/{vendorId}/commission', fn: 'adminVendorChanges', access: 'admin' },
  { method: 'GET', path: '/api/admin/payouts', fn: 'adminPayouts', access: 'admin' },
  { method: 'GET', path: '/api/admin/payouts/periods/{periodId}', fn: 'adminPayouts', access: 'admin' },
  { method: 'POST', path: '/api/admin/payouts/{payoutId}/retry', fn: 'adminPayouts', access: 'admin' },
  { method: 'POST', path: '/api/admin/payouts/{payoutId}/confirm', fn: 'adminPayouts', access: 'admin' },
  { method: 'POST', path: '/api/admin/payouts/bank-batch', fn: 'adminPayouts', access: 'admin' },
  { method: 'GET', path: '/api/admin/reviews', fn: 'adminReviews', access: 'admin' },
  { method: 'GET', path: '/api/admin/reviews/{productId}', fn: 'adminReviews', access: 'admin' },
  { method: 'POST', path: '/api/admin/reviews/{productId}/decision', fn: 'adminReviews', access: 'admin' },
  { method: 'GET', path: '/api/team', fn: 'team', access: 'vendor', roles: page.team },
  { method: 'POST', path: '/api/team/invitations', fn: 'team', access: 'vendor', roles: page.team },
  { method: 'PUT', path: '/api/team/members/{memberId}/role', fn: 'team', access: 'vendor', roles: page.team },
  { method: 'DELETE', path: '/api/team/members/{memberId}', fn: 'team', access: 'vendor', roles: page.team },
  { method: 'POST', path: '/api/team/invitation', fn: 'team', access: 'signed-in' },
  { method: 'POST', path: '/api/team/invitation/accept', fn: 'team', access: 'signed-in' },
  { method: 'GET', path: '/api/orders/{orderId}', fn: 'orders', access: 'vendor', roles: page.orders },
  { method: 'GET', path: '/api/activity', fn: 'activity', access: 'vendor', roles: page.activity },
  { method: 'GET', path: '/api/activity.csv', fn: 'activityExport', access: 'vendor', roles: page.activity, stream: true },
  { method: 'GET', path: '/api/inventory/export.csv', fn: 'bulkExport', access: 'vendor', roles: page.inventory, stream: true },
  { method: 'POST', path: '/api/inventory/bulk', fn: 'bulk', access: 'vendor', roles: page.inventory },
  { method: 'GET', path: '/api/inventory/bulk', fn: 'bulk', access: 'vendor', roles: page.inventory },
  { method: 'GET', path: '/api/inventory/bulk/{jobId}', fn: 'bulk', access: 'vendor', roles: page.inventory },
  { method: 'POST', path: '/api/inventory/bulk/{jobId}', fn: 'bulk', access: 'vendor', roles: page.inventory },
  { method: 'POST', path: '/api/me/two-step', fn: 'me', access: 'signed-in' },
  { method: 'POST', path: '/api/admin/users/{userId}/mfa-reset', fn: 'adminMfa', access: 'admin' },
  { method: 'GET', path: '/api/inventory/settings', fn: 'listings', access: 'vendor', roles: page.inventory },
  { method: 'PUT', path: '/api/inventory/settings', fn: 'listings', access: 'vendor', roles: page.inventory },
];

/** `GET /api/me` — the key a handler module's router uses for a route. */
export const routeKey = (r: Pick<Route, 'method' | 'path'>): string => `${r.method} ${r.path}`;
