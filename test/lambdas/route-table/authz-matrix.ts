import { routeKey, type Access, type Route } from '../../../contracts/routes';
import { completeForm } from '../listings/fixtures';

/**
 * The authorization matrix's table (its pure part, issue 25): every route of contracts/routes.ts × every
 * kind of caller, with the status each cell must answer. test/integration/authz-matrix.test.ts sends every
 * cell through the local API server (the authorizer's token check, then the handler's access check);
 * test/lambdas/route-table/authz-matrix.test.ts checks the table itself without a stack: a route without
 * an entry in `expectations` (or an entry for a route that no longer exists) fails it, so a new route
 * cannot ship without saying who may call it.
 *
 * Callers. The ids in every path are vendor B's (`owner`, a fresh approved vendor with a product and
 * a paid payout of its own); `owner` is the control that those ids exist and the request is sound.
 *   anonymous  no Authorization header
 *   tampered   A's token with `sub` changed to B's, A's signature kept
 *   expired    B's claims signed with cognito-local's real key, `exp` an hour ago
 *   forged     B's claims, fresh `exp`, signed with another RSA key under the same kid
 *   pending / rejected / noRecord / admin   the seeded demo accounts (README)
 *   otherVendor  vendor A (approved) on B's ids
 *   removed    a member of B's team whom B removed (issue 14): vendor routes 403 `membership_ended`
 *   manager / inventory / finance   members of B's team with that role (issue 14): a route their role
 *              does not allow is 403 `role_not_allowed`; the rows say for each role what it gets
 *   owner      vendor B itself (its account holder; two-step sign-in on, signed in with a code: issue 14)
 *   adminWithoutTotp  a second member of admins, without two-step sign-in (issue 14: admin routes
 *              answer it 403 admin_mfa_required)
 */
export const PRINCIPALS = ['anonymous', 'tampered', 'expired', 'forged', 'pending', 'rejected', 'noRecord', 'admin', 'otherVendor', 'removed', 'manager', 'inventory', 'finance', 'owner', 'adminWithoutTotp'] as const;
export type Principal = (typeof PRINCIPALS)[number];
export const UNVERIFIED: readonly Principal[] = ['anonymous', 'tampered', 'expired', 'forged'];
/** Team members of B (issue 14) with each role but owner, and `removed`: a member of B the owner removed. */
export const MEMBERS: readonly Principal[] = ['manager', 'inventory', 'finance'];

/**
 * Which callers a route's access level lets reach its handler: only for those does the route's entry
 * give a status. The others are fixed by the access level: unverified tokens 401 `unauthorized`
 * (the authorizer, before any handler); `vendor` routes answer everyone but an approved vendor 403
 * `vendor_not_approved`; `admin` routes answer every non-admin 403 `not_admin`.
 */
export const reachesHandler: Record<Access, readonly Principal[]> = {
  'signed-in': ['pending', 'rejected', 'noRecord', 'admin', 'otherVendor', 'removed', 'manager', 'inventory', 'finance', 'owner', 'adminWithoutTotp'],
  vendor: ['otherVendor', 'manager', 'inventory', 'finance', 'owner'],
  admin: ['admin'],
};
const deniedCode: Record<Access, string> = { 'signed-in': '', vendor: 'vendor_not_approved', admin: 'not_admin' };

export interface Ids {
  vendorId: string;
  productId: string;
  /** A second product of B's, for the DELETE row (the owner's cell deletes it). */
  deletableProductId: string;
  payoutId: string;
  /** A support case of B's (issue 13): read, answered, replied to, closed and reopened by the rows below. */
  supportCaseId: string;
  /** Drafts of B's the manager and the inventory member delete (their DELETE cells). */
  memberDeletable: Partial<Record<Principal, string>>;
  /** Open invitations of B's: one whose role the owner changes, one the owner withdraws (issue 14). */
  invitedMemberId: string;
  withdrawnMemberId: string;
  /** A bulk dry run of B's (issue 15): read, and asked to undo (409: never applied), by the rows below. */
  bulkJobId: string;
}
export interface RouteExpectation {
  /** Path parameters, query and body of the request every cell of the row sends. */
  request(ids: Ids, principal: Principal): { params?: Record<string, string>; query?: string; body?: unknown };
  /** The status for each caller that reaches the handler (see `reachesHandler`). */
  expect: Partial<Record<Principal, number>>;
}

export const draftValues = completeForm({ images: [], nutritionLabel: '' });

/**
 * The intended answers. Vendor A on B's ids: a product or payout that is not the caller's is 404,
 * the same answer as an id that does not exist, so A learns nothing about B's catalogue or payouts
 * (docs/decisions.md). Routes without an id act on the caller's own data (A gets A's dashboard,
 * creates A's draft); the support body names a vendor id, and B's id from A is 403 `vendor_mismatch`.
 */
export const expectations: Record<string, RouteExpectation> = {
  // The admin has no vendor record but is answered (issue 11: groups and roles, not a vendor without a record).
  'GET /api/me': { request: () => ({}), expect: { pending: 200, rejected: 200, noRecord: 404, admin: 200, otherVendor: 200, removed: 403, manager: 200, inventory: 200, finance: 200, owner: 200, adminWithoutTotp: 200 } },
  // The rejected demo account's language is zh-TW: the row's body is its own language, and afterAll restores the others.
  'PATCH /api/me': { request: () => ({ body: { language: 'zh-TW' } }), expect: { pending: 200, rejected: 200, noRecord: 404, admin: 404, otherVendor: 200, removed: 403, manager: 200, inventory: 200, finance: 200, owner: 200, adminWithoutTotp: 404 } },
  // A body whose access token is none (400 before Cognito is asked): every signed-in caller reaches the
  // handler, and no cell changes anyone's password.
  'POST /api/me/password': {
    request: () => ({ body: { accessToken: 'not-an-access-token', previousPassword: 'Matrix!Probe2026', proposedPassword: 'Matrix!Probe2027' } }),
    expect: { pending: 400, rejected: 400, noRecord: 400, admin: 400, otherVendor: 400, removed: 400, manager: 400, inventory: 400, finance: 400, owner: 400, adminWithoutTotp: 400 },
  },
  'POST /api/support': {
    request: (ids) => ({ body: { category: 'ask_question', message: 'Authorization matrix probe.', vendorId: ids.vendorId } }),
    expect: { otherVendor: 403, manager: 201, inventory: 201, finance: 201, owner: 201 },
  },
  'GET /api/dashboard': { request: () => ({}), expect: { otherVendor: 200, manager: 200, inventory: 403, finance: 200, owner: 200 } },
  // The ops console (issue 13): only the admin reaches it; everyone else is 401 (unverified) or 403 not_admin by its access level.
  'GET /api/admin/overview': { request: () => ({}), expect: { admin: 200 } },
  'GET /api/admin/audit': { request: () => ({ query: '?limit=5' }), expect: { admin: 200 } },
  'GET /api/admin/audit.csv': { request: () => ({ query: '?action=vendor.approved' }), expect: { admin: 200 } },
  'GET /api/orders': { request: () => ({}), expect: { otherVendor: 200, manager: 200, inventory: 403, finance: 200, owner: 200 } },
  'GET /api/orders/export.csv': { request: () => ({}), expect: { otherVendor: 200, manager: 200, inventory: 403, finance: 200, owner: 200 } },
  'GET /api/payouts': { request: () => ({}), expect: { otherVendor: 200, manager: 403, inventory: 403, finance: 200, owner: 200 } },
  'GET /api/payouts/{payoutId}': { request: (ids) => ({ params: { payoutId: ids.payoutId } }), expect: { otherVendor: 404, manager: 403, inventory: 403, finance: 200, owner: 200 } },
  'GET /api/payouts/{payoutId}/statement.csv': { request: (ids) => ({ params: { payoutId: ids.payoutId } }), expect: { otherVendor: 404, manager: 403, inventory: 403, finance: 200, owner: 200 } },
  'GET /api/payout-method': { request: () => ({}), expect: { otherVendor: 200, manager: 403, inventory: 403, finance: 200, owner: 200 } },
  // Step-up (issue 14): A has no two-step sign-in (403 mfa_required); B has it on and signed in with a code just before this row.
  'PUT /api/payout-method': { request: () => ({ body: { method: 'email', email: 'matrix.payouts@example.com' } }), expect: { otherVendor: 403, manager: 403, inventory: 403, finance: 403, owner: 200 } },
  'GET /api/products': { request: () => ({ query: '?tab=draft' }), expect: { otherVendor: 200, manager: 200, inventory: 200, finance: 403, owner: 200 } },
  'POST /api/products': { request: () => ({ body: { values: draftValues, submit: false } }), expect: { otherVendor: 201, manager: 201, inventory: 201, finance: 403, owner: 201 } },
  'GET /api/products/{productId}': { request: (ids) => ({ params: { productId: ids.productId } }), expect: { otherVendor: 404, manager: 200, inventory: 200, finance: 403, owner: 200 } },
  'PUT /api/products/{productId}': {
    request: (ids) => ({ params: { productId: ids.productId }, body: { values: { ...draftValues, nameEn: 'Matrix Tea' }, submit: false } }),
    expect: { otherVendor: 404, manager: 200, inventory: 200, finance: 403, owner: 200 },
  },
  'DELETE /api/products/{productId}': { request: (ids, who) => ({ params: { productId: ids.memberDeletable[who] ?? ids.deletableProductId } }), expect: { otherVendor: 404, manager: 204, inventory: 204, finance: 403, owner: 204 } },
  // The owner's draft has no images: submitting it is refused with the form's field errors.
  'POST /api/products/{productId}/submit': { request: (ids) => ({ params: { productId: ids.productId } }), expect: { otherVendor: 404, manager: 400, inventory: 400, finance: 403, owner: 400 } },
  'PATCH /api/products/{productId}/offer': {
    request: (ids) => ({ params: { productId: ids.productId }, body: { price: '9.99', compareAtPrice: '', inventory: 5, outOfStock: false } }),
    expect: { otherVendor: 404, manager: 200, inventory: 200, finance: 403, owner: 200 },
  },
  'GET /api/inventory': { request: () => ({}), expect: { otherVendor: 200, manager: 200, inventory: 200, finance: 403, owner: 200 } },
  // The inbox is always the caller's own (the vendor id comes from the token): A reads and marks A's.
  'GET /api/notifications': { request: () => ({}), expect: { otherVendor: 200, manager: 200, inventory: 200, finance: 200, owner: 200 } },
  'GET /api/notifications/unread': { request: () => ({}), expect: { otherVendor: 200, manager: 200, inventory: 200, finance: 200, owner: 200 } },
  'POST /api/notifications/read': { request: () => ({ body: { all: true } }), expect: { otherVendor: 200, manager: 200, inventory: 200, finance: 200, owner: 200 } },
  'GET /api/notifications/preferences': { request: () => ({}), expect: { otherVendor: 200, manager: 200, inventory: 200, finance: 200, owner: 200 } },
  'PUT /api/notifications/preferences': {
    request: () => ({ body: { email: { account: true, products: true, payouts: true, balance: false, support: true } } }),
    expect: { otherVendor: 200, manager: 403, inventory: 403, finance: 403, owner: 200 },
  },
  // Support threads (issue 13): a vendor lists and reads its own cases; B's case id from A is 404, as
  // one that does not exist. The ops inbox rows run in this order on B's case: reply, close, reopen.
  'GET /api/support': { request: () => ({}), expect: { otherVendor: 200, manager: 200, inventory: 200, finance: 200, owner: 200 } },
  'GET /api/support/{caseId}': { request: (ids) => ({ params: { caseId: ids.supportCaseId } }), expect: { otherVendor: 404, manager: 200, inventory: 200, finance: 200, owner: 200 } },
  'POST /api/support/{caseId}/messages': {
    request: (ids) => ({ params: { caseId: ids.supportCaseId }, body: { message: 'Authorization matrix answer.' } }),
    expect: { otherVendor: 404, manager: 201, inventory: 201, finance: 201, owner: 201 },
  },
  'GET /api/admin/support': { request: () => ({ query: '?status=open' }), expect: { admin: 200 } },
  'GET /api/admin/support/{vendorId}/{caseId}': { request: (ids) => ({ params: { vendorId: ids.vendorId, caseId: ids.supportCaseId } }), expect: { admin: 200 } },
  'POST /api/admin/support/{vendorId}/{caseId}/reply': {
    request: (ids) => ({ params: { vendorId: ids.vendorId, caseId: ids.supportCaseId }, body: { message: 'Authorization matrix reply.' } }),
    expect: { admin: 200 },
  },
  'POST /api/admin/support/{vendorId}/{caseId}/close': { request: (ids) => ({ params: { vendorId: ids.vendorId, caseId: ids.supportCaseId }, body: {} }), expect: { admin: 200 } },
  'POST /api/admin/support/{vendorId}/{caseId}/reopen': { request: (ids) => ({ params: { vendorId: ids.vendorId, caseId: ids.supportCaseId }, body: {} }), expect: { admin: 200 } },

  // The ops console's applications and directory (issue 13): the admin reaches each; the decision names an
  // applicant that does not exist (404, nothing decided), the commission change sets B's rate (the default, 15 %).
  'GET /api/admin/applications': { request: () => ({}), expect: { admin: 200 } },
  'GET /api/admin/applications/{userId}': { request: () => ({ params: { userId: 'matrix-no-such-applicant' } }), expect: { admin: 404 } },
  'POST /api/admin/applications/{userId}/decision': {
    request: () => ({ params: { userId: 'matrix-no-such-applicant' }, body: { decision: 'approve' } }),
    expect: { admin: 404 },
  },
  'GET /api/admin/vendors': { request: () => ({ query: '?status=pending' }), expect: { admin: 200 } },
  'GET /api/admin/vendors/{vendorId}': { request: (ids) => ({ params: { vendorId: ids.vendorId } }), expect: { admin: 200 } },
  'PUT /api/admin/vendors/{vendorId}/commission': {
    request: (ids) => ({ params: { vendorId: ids.vendorId }, body: { commissionRateBps: 1500, expectedRateBps: null } }),
    expect: { admin: 200 },
  },

  // The console's Payouts screen (issue 13): B's payout is paid, so the admin's retry and confirm are the
  // real 409s (nothing to retry, nothing awaiting) and change nothing; the lists, figures and batch answer.
  'GET /api/admin/payouts': { request: () => ({ query: '?view=failed' }), expect: { admin: 200 } },
  'GET /api/admin/payouts/periods/{periodId}': { request: () => ({ params: { periodId: '2026-11-2' } }), expect: { admin: 200 } },
  'POST /api/admin/payouts/{payoutId}/retry': { request: (ids) => ({ params: { payoutId: ids.payoutId }, body: { retryCount: 0 } }), expect: { admin: 409 } },
  'POST /api/admin/payouts/{payoutId}/confirm': { request: (ids) => ({ params: { payoutId: ids.payoutId }, body: { outcome: 'paid' } }), expect: { admin: 409 } },
  'POST /api/admin/payouts/bank-batch': { request: () => ({ body: { periodId: '2026-11-2' } }), expect: { admin: 200 } },

  // The ops console's Product review (issue 13): the queue, B's draft's review page, and a decision on
  // it, which is a 409 (nothing of B's is pending: no cell changes anything).
  'GET /api/admin/reviews': { request: () => ({}), expect: { admin: 200 } },
  'GET /api/admin/reviews/{productId}': { request: (ids) => ({ params: { productId: ids.productId } }), expect: { admin: 200 } },
  'POST /api/admin/reviews/{productId}/decision': {
    request: (ids) => ({ params: { productId: ids.productId }, body: { decision: 'approve', submittedAt: '2026-01-01T00:00:00.000Z' } }),
    expect: { admin: 409 },
  },
  // Issue 15: one order, read under the caller's own vendor id: B's order from A is not found.
  'GET /api/orders/{orderId}': { request: () => ({ params: { orderId: 'mx1' } }), expect: { otherVendor: 404, manager: 200, inventory: 403, finance: 200, owner: 200 } },

  // The vendor activity log (issue 14): always the caller's own vendor's (the vendor id comes from the
  // token), so A reads A's log; no id in the path to guess. Owners only.
  'GET /api/activity': { request: () => ({ query: '?limit=5' }), expect: { otherVendor: 200, manager: 403, inventory: 403, finance: 403, owner: 200 } },
  'GET /api/activity.csv': { request: () => ({ query: '?action=product.price_changed' }), expect: { otherVendor: 200, manager: 403, inventory: 403, finance: 403, owner: 200 } },


  // Bulk price and stock (issue 15): the export and the dry run act on the caller's own catalogue; B's
  // job is 404 to A; the owner's undo of a job never applied is the real 409 (no cell changes anything).
  'GET /api/inventory/export.csv': { request: () => ({ query: '?template=1' }), expect: { otherVendor: 200, manager: 200, inventory: 200, finance: 403, owner: 200 } },
  'POST /api/inventory/bulk': { request: () => ({ body: { fileName: 'matrix.csv', content: Buffer.from('sku,price\nMATRIX-1,1\n').toString('base64') } }), expect: { otherVendor: 201, manager: 201, inventory: 201, finance: 403, owner: 201 } },
  'GET /api/inventory/bulk': { request: () => ({}), expect: { otherVendor: 200, manager: 200, inventory: 200, finance: 403, owner: 200 } },
  'GET /api/inventory/bulk/{jobId}': { request: (ids) => ({ params: { jobId: ids.bulkJobId } }), expect: { otherVendor: 404, manager: 200, inventory: 200, finance: 403, owner: 200 } },
  'POST /api/inventory/bulk/{jobId}': { request: (ids) => ({ params: { jobId: ids.bulkJobId }, body: { action: 'undo' } }), expect: { otherVendor: 404, manager: 409, inventory: 409, finance: 403, owner: 409 } },
  // The default low-stock level (issue 15): the catalogue roles; the PUT sets the level it finds (5), changing nothing.
  'GET /api/inventory/settings': { request: () => ({}), expect: { otherVendor: 200, manager: 200, inventory: 200, finance: 403, owner: 200 } },
  'PUT /api/inventory/settings': { request: () => ({ body: { lowStockDefault: 5, expected: 5 } }), expect: { otherVendor: 200, manager: 200, inventory: 200, finance: 403, owner: 200 } },
};

// Vendor teams (issue 14): only owners manage the team (A manages A's: B's member ids are 404 to A);
// an invitation token that names no invitation is 404 to every signed-in caller.
Object.assign(expectations, {
  'GET /api/team': { request: () => ({}), expect: { otherVendor: 200, manager: 403, inventory: 403, finance: 403, owner: 200 } },
  'POST /api/team/invitations': {
    request: () => ({ body: { email: 'matrix.invitee@example.com', role: 'finance' } }),
    // Step-up (issue 14): a team change needs two-step sign-in on and a recent sign-in; A has none (mfa_required).
    expect: { otherVendor: 403, manager: 403, inventory: 403, finance: 403, owner: 201 },
  },
  'PUT /api/team/members/{memberId}/role': {
    request: (ids) => ({ params: { memberId: ids.invitedMemberId }, body: { role: 'manager', expectedRole: 'finance' } }),
    expect: { otherVendor: 403, manager: 403, inventory: 403, finance: 403, owner: 200 },
  },
  'DELETE /api/team/members/{memberId}': {
    request: (ids) => ({ params: { memberId: ids.withdrawnMemberId } }),
    expect: { otherVendor: 403, manager: 403, inventory: 403, finance: 403, owner: 204 },
  },
  'POST /api/team/invitation': {
    request: () => ({ body: { token: 'M'.repeat(43) } }),
    expect: { pending: 404, rejected: 404, noRecord: 404, admin: 404, otherVendor: 404, removed: 404, manager: 404, inventory: 404, finance: 404, owner: 404, adminWithoutTotp: 404 },
  },
  'POST /api/team/invitation/accept': {
    request: () => ({ body: { token: 'M'.repeat(43) } }),
    expect: { pending: 404, rejected: 404, noRecord: 404, admin: 404, otherVendor: 404, removed: 404, manager: 404, inventory: 404, finance: 404, owner: 404, adminWithoutTotp: 404 },
  },
} satisfies Record<string, RouteExpectation>);

// Two-step sign-in (issue 14): the state is read from Cognito, never from the body, so every signed-in
// caller gets its own (those with a record have it recorded); the ops reset names a user that does not exist (404).
Object.assign(expectations, {
  'POST /api/me/two-step': {
    request: () => ({ body: {} }),
    expect: { pending: 200, rejected: 200, noRecord: 200, admin: 200, otherVendor: 200, removed: 200, manager: 200, inventory: 200, finance: 200, owner: 200, adminWithoutTotp: 200 },
  },
  'POST /api/admin/users/{userId}/mfa-reset': {
    request: () => ({ params: { userId: 'matrix-no-such-user' }, body: { reason: 'Authorization matrix probe.' } }),
    expect: { admin: 404 },
  },
} satisfies Record<string, RouteExpectation>);

export function expectedFor(route: Route, principal: Principal): { status: number; error?: string } {
  if (UNVERIFIED.includes(principal)) return { status: 401, error: 'unauthorized' };
  if (!reachesHandler[route.access].includes(principal)) {
    // A member of admins without two-step sign-in passes the group check and is refused by the TOTP check.
    if (route.access === 'admin' && principal === 'adminWithoutTotp') return { status: 403, error: 'admin_mfa_required' };
    return { status: 403, error: principal === 'removed' && route.access === 'vendor' ? 'membership_ended' : deniedCode[route.access] };
  }
  const status = expectations[routeKey(route)]!.expect[principal];
  if (status === undefined) throw new Error(`${routeKey(route)} has no expectation for ${principal}`);
  if (route.access === 'vendor' && MEMBERS.includes(principal) && status === 403) return { status, error: 'role_not_allowed' };
  if (principal === 'removed' && status === 403) return { status, error: 'membership_ended' };
  return { status };
}

/** Routes whose change needs a sign-in with the second step within 5 minutes (issue 14): B signs in again just before. */
export const STEP_UP_ROUTES = ['PUT /api/payout-method', 'POST /api/team/invitations', 'PUT /api/team/members/{memberId}/role', 'DELETE /api/team/members/{memberId}'];
