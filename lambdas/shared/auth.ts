import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Access } from '../../contracts/routes';
import type { MemberRole } from '../../contracts/team';
import { ForbiddenError, UnauthorizedError } from './errors';
import { getUserRecord, getVendorByUserId, isMembershipRecord, type MembershipRecord, type VendorRecord } from './vendors';

/** The caller's place in a shop's team (issue 14): from the stored records, never from the request. */
export interface Membership {
  role: MemberRole;
  /** `holder` for the account holder (whose record is the vendor record). */
  memberId: string;
  accountHolder: boolean;
}

/** Who is calling: from the claims the Cognito authorizer verified, plus their vendor record. */
export interface Caller {
  userId: string;
  email: string;
  groups: string[];
  /** The shop's vendor record: the caller's own, or for a team member the account holder's. */
  vendor: VendorRecord | null;
  /** The caller's role in that shop; null without an approved shop. */
  member: Membership | null;
  /** A team member's own item (their language; an ended membership); null for account holders and others. */
  membershipRecord: MembershipRecord | null;
}

/** An approved vendor: what `access: 'vendor'` routes receive. */
export interface VendorCaller extends Caller {
  vendor: VendorRecord & { status: 'approved'; vendorId: string };
  member: Membership;
}

/**
 * API Gateway's Cognito authorizer renders `cognito:groups` as a string ("admins", "admins,vendors"
 * or "[admins vendors]" depending on the integration); accept all of them.
 */
export function parseGroups(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string' || raw.trim() === '') return [];
  return raw
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

export function claimsOf(event: APIGatewayProxyEvent): Record<string, unknown> | undefined {
  const authorizer = event.requestContext?.authorizer as { claims?: Record<string, unknown> } | null | undefined;
  return authorizer?.claims;
}

/**
 * The admin routes' extra check (issue 14: two-step sign-in required for admins), which asks Cognito:
 * `requireAdminTotp` of lambdas/shared/step-up.ts, handed in by the functions that have admin routes
 * (lambdas/shared/admin-access.ts). Not imported here: every API function resolves its caller through
 * this module, and only those functions may load the Cognito client (issue 24, item 26).
 */
export type AdminCheck = (caller: Caller) => Promise<void>;

/**
 * Resolves the caller and enforces the route's access level. The vendor id is never taken from
 * the request: it comes from the verified token's subject and the stored vendor record. An `admin`
 * route without its `adminCheck` is refused (a function built without it fails closed).
 */
export async function resolveCaller(event: APIGatewayProxyEvent, access: Access, roles?: readonly MemberRole[], adminCheck?: AdminCheck): Promise<Caller> {
  const claims = claimsOf(event);
  const userId = typeof claims?.sub === 'string' ? claims.sub : '';
  if (!userId || claims?.token_use !== 'id') throw new UnauthorizedError();
  const groups = parseGroups(claims['cognito:groups']);
  const caller: Caller = {
    userId,
    email: typeof claims.email === 'string' ? claims.email : '',
    groups,
    ...(access === 'admin' ? { vendor: null, member: null, membershipRecord: null } : await shopOf(userId)),
  };
  if (access === 'admin' && !groups.includes('admins')) {
    throw new ForbiddenError('This area is for marketplace operations staff.', 'not_admin');
  }
  // Issue 14: two-step sign-in is required for admins (checked with Cognito, lambdas/shared/step-up.ts).
  if (access === 'admin') {
    if (!adminCheck) throw new Error('An admin route without the admin check: build its function with adminApiHandler (lambdas/shared/admin-access.ts)');
    await adminCheck(caller);
  }
  if (access === 'vendor' && caller.membershipRecord?.membershipEnded) {
    throw new ForbiddenError(`Your access to ${caller.membershipRecord.membershipEnded.vendorName} has ended.`, 'membership_ended');
  }
  if (access === 'vendor' && !isApprovedVendor(caller)) {
    throw new ForbiddenError('Your vendor account is not approved.', 'vendor_not_approved');
  }
  if (access === 'vendor' && roles && !roles.includes(caller.member!.role)) {
    throw new ForbiddenError('Your role in this shop does not allow this.', 'role_not_allowed');
  }
  return caller;
}

/**
 * The caller's shop: their own vendor record (the account holder, always an owner), or, for a team
 * member, the account holder's record with the role of the member's item. Members cost one more
 * consistent read; account holders none.
 */
async function shopOf(userId: string): Promise<Pick<Caller, 'vendor' | 'member' | 'membershipRecord'>> {
  const record = await getUserRecord(userId);
  if (!record) return { vendor: null, member: null, membershipRecord: null };
  if (!isMembershipRecord(record)) {
    const approved = record.status === 'approved' && typeof record.vendorId === 'string';
    return { vendor: record, member: approved ? { role: 'owner', memberId: 'holder', accountHolder: true } : null, membershipRecord: null };
  }
  const m = record.membership;
  if (!m) return { vendor: null, member: null, membershipRecord: record };
  const shop = await getVendorByUserId(m.holderUserId);
  // A shop whose holder record is gone or no longer approved gives its members nothing either.
  if (!shop || shop.vendorId !== m.vendorId) return { vendor: null, member: null, membershipRecord: record };
  return { vendor: shop, member: { role: m.role, memberId: m.memberId, accountHolder: false }, membershipRecord: record };
}

export function isApprovedVendor(caller: Caller): caller is VendorCaller {
  return caller.vendor?.status === 'approved' && typeof caller.vendor.vendorId === 'string' && caller.member !== null;
}
