import { apiRequest, ApiError } from './api';
import type { Language } from '../i18n/language';
import type { MeAnswer, Role } from '@contracts/me';
import { MEMBER_ROLES, type MemberRole } from '@contracts/team-roles';

/**
 * `GET /api/me` and `PATCH /api/me` answer (the API contract of issues 2 and 11, declared in
 * contracts/me.ts). Read with a hand-written check rather than the zod schema, so the sign-in path
 * does not download zod.
 */
export type Me = MeAnswer;

const STATUSES: readonly string[] = ['pending', 'approved', 'rejected'];
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');
const stringOrNull = (value: unknown) => value === null || typeof value === 'string';

export function parseMe(data: unknown): Me {
  const raw = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const ok =
    typeof raw.userId === 'string' &&
    typeof raw.email === 'string' &&
    (raw.status === null || (typeof raw.status === 'string' && STATUSES.includes(raw.status))) &&
    stringOrNull(raw.vendorId) &&
    stringOrNull(raw.vendorName) &&
    stringOrNull(raw.language) &&
    (raw.payoutAccountId === undefined || stringOrNull(raw.payoutAccountId)) &&
    (raw.rejectionReason === undefined || typeof raw.rejectionReason === 'string') &&
    // Roles the client does not know are carried along and never match a check ('vendor', 'admin').
    (raw.roles === undefined || isStringArray(raw.roles)) &&
    (raw.memberRole === undefined || raw.memberRole === null || (typeof raw.memberRole === 'string' && (MEMBER_ROLES as readonly string[]).includes(raw.memberRole)));
  if (!ok) throw new ApiError(200, 'invalid_response', 'GET /api/me answered an unexpected shape.');
  const me = raw as unknown as Me;
  // A server from before issue 11 sends no roles: an approved vendor with an id is a vendor, nobody is an admin.
  const roles = (raw.roles as Role[] | undefined) ?? (me.status === 'approved' && me.vendorId ? ['vendor'] : []);
  // The groups are the server's business (roles say what they mean here): kept only when well-formed.
  // A server from before issue 14 sends no team role: an approved vendor is its account holder, an owner.
  const memberRole = (raw.memberRole as MemberRole | null | undefined) ?? (roles.includes('vendor') ? 'owner' : null);
  return {
    ...me,
    groups: isStringArray(raw.groups) ? raw.groups : [],
    roles,
    payoutAccountId: me.payoutAccountId ?? null,
    memberRole,
    accountHolder: typeof raw.accountHolder === 'boolean' ? raw.accountHolder : memberRole === 'owner',
  };
}

export async function getMe(): Promise<Me> {
  return parseMe(await apiRequest<unknown>('/api/me'));
}

export async function saveMyLanguage(language: Language): Promise<Me> {
  return parseMe(await apiRequest<unknown>('/api/me', { method: 'PATCH', body: { language } }));
}

/**
 * `POST /api/team/invitation/accept` (issue 14): the signed-in user joins the shop that invited their
 * address. Checked by hand like `/api/me`: this runs on the sign-in path, which carries no zod.
 */
export async function acceptInvitation(token: string): Promise<{ vendorName: string; role: MemberRole }> {
  const data = await apiRequest<unknown>('/api/team/invitation/accept', { method: 'POST', body: { token } });
  const raw = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (typeof raw.vendorName !== 'string' || typeof raw.role !== 'string' || !(MEMBER_ROLES as readonly string[]).includes(raw.role)) {
    throw new ApiError(200, 'invalid_response', 'POST /api/team/invitation/accept answered an unexpected shape.');
  }
  return { vendorName: raw.vendorName, role: raw.role as MemberRole };
}
