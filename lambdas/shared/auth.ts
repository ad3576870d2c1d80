import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Access } from '../../contracts/routes';
import { ForbiddenError, UnauthorizedError } from './errors';
import { requireAdminTotp } from './step-up';
import { getVendorByUserId, type VendorRecord } from './vendors';

/** Who is calling: from the claims the Cognito authorizer verified, plus their vendor record. */
export interface Caller {
  userId: string;
  email: string;
  groups: string[];
  vendor: VendorRecord | null;
}

/** An approved vendor: what `access: 'vendor'` routes receive. */
export interface VendorCaller extends Caller {
  vendor: VendorRecord & { status: 'approved'; vendorId: string };
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
 * Resolves the caller and enforces the route's access level. The vendor id is never taken from
 * the request: it comes from the verified token's subject and the stored vendor record.
 */
export async function resolveCaller(event: APIGatewayProxyEvent, access: Access): Promise<Caller> {
  const claims = claimsOf(event);
  const userId = typeof claims?.sub === 'string' ? claims.sub : '';
  if (!userId || claims?.token_use !== 'id') throw new UnauthorizedError();
  const groups = parseGroups(claims['cognito:groups']);
  const caller: Caller = {
    userId,
    email: typeof claims.email === 'string' ? claims.email : '',
    groups,
    vendor: access === 'admin' ? null : await getVendorByUserId(userId),
  };
  if (access === 'admin' && !groups.includes('admins')) {
    throw new ForbiddenError('This area is for marketplace operations staff.', 'not_admin');
  }
  // Issue 14: two-step sign-in is required for admins (checked with Cognito, lambdas/shared/step-up.ts).
  if (access === 'admin') await requireAdminTotp(caller);
  if (access === 'vendor' && !isApprovedVendor(caller)) {
    throw new ForbiddenError('Your vendor account is not approved.', 'vendor_not_approved');
  }
  return caller;
}

export function isApprovedVendor(caller: Caller): caller is VendorCaller {
  return caller.vendor?.status === 'approved' && typeof caller.vendor.vendorId === 'string';
}
