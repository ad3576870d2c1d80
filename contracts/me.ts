/**
 * The signed-in user as `GET /api/me` and `PATCH /api/me` answer it (issue 11, a role-aware
 * session): who they are, the Cognito groups their token carries, the roles the portal derives from
 * them, and their vendor record when they have one. The server builds its answer through
 * `meAnswerSchema`; the web reads the same shape (web/src/lib/me-api.ts).
 */
import * as z from 'zod';
import { GROUPS, meetsPasswordPolicy, VENDOR_STATUSES } from './auth';
import { MEMBER_ROLES } from './team';

/**
 * What the portal lets a user do. `vendor`: an approved vendor record with a vendor id (what
 * `access: 'vendor'` API routes require); `admin`: member of the Cognito group `admins` (marketplace
 * operations staff, `access: 'admin'`). A user may hold both, or neither (a pending or rejected vendor).
 */
export const ROLES = ['vendor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const meAnswerSchema = z.strictObject({
  userId: z.string(),
  email: z.string(),
  /** The Cognito groups of the verified token, as given (e.g. `["vendors"]`, `["admins"]`). */
  groups: z.array(z.string()),
  roles: z.array(z.enum(ROLES)),
  /** The vendor record's status; `null` when the user has none (only admins are answered then, others get 404). */
  status: z.enum(VENDOR_STATUSES).nullable(),
  /** `null` unless approved. */
  vendorId: z.string().nullable(),
  vendorName: z.string().nullable(),
  /** Exactly as stored (clients apply it only when it is `en` or `zh-TW`); `null` without a vendor record. */
  language: z.string().nullable(),
  payoutAccountId: z.string().nullable(),
  /** Present only for a rejected vendor with a reason. */
  rejectionReason: z.string().optional(),
  /**
   * The user's role in the shop's team (issue 14, contracts/team.ts): `owner` for the account holder,
   * the member record's role for a team member; null without an approved shop.
   */
  memberRole: z.enum(MEMBER_ROLES).nullable(),
  /** True for the account holder (whose record is the vendor record); false for team members. */
  accountHolder: z.boolean(),
});
export type MeAnswer = z.infer<typeof meAnswerSchema>;

/** The roles of a user from their token's groups and their vendor record (status and id). */
export function rolesOf(groups: readonly string[], vendor: { status: string; vendorId?: string | null } | null): Role[] {
  const roles: Role[] = [];
  if (vendor?.status === 'approved' && typeof vendor.vendorId === 'string' && vendor.vendorId) roles.push('vendor');
  if (groups.includes(GROUPS.admins.name)) roles.push('admin');
  return roles;
}

/**
 * `POST /api/me/password` (the signed-in password change, issue 12): the caller's Cognito access
 * token (the ID token authorizes the request; Cognito's ChangePassword takes the access token), the
 * current password and the new one, which must meet the pool's policy and differ from the current
 * one (the dialog's own checks, web/src/lib/password-rules.ts). Answers 204.
 */
export const changePasswordBodySchema = z
  .strictObject({
    accessToken: z.string().min(1).max(8192),
    previousPassword: z.string().min(1).max(256),
    proposedPassword: z.string().max(256).refine(meetsPasswordPolicy, 'password_too_weak'),
  })
  .refine((b) => b.proposedPassword !== b.previousPassword, { message: 'password_same_as_current', path: ['proposedPassword'] });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/**
 * `POST /api/me/two-step` (issue 14): the web calls it after turning two-step sign-in (TOTP) on or off.
 * The body is empty: the server reads the real state from Cognito, records it on the vendor record and,
 * when it went off, sends the security notice. `changed`: the state differs from the one last recorded.
 */
export const twoStepBodySchema = z.strictObject({});
export const twoStepAnswerSchema = z.strictObject({ totp: z.boolean(), changed: z.boolean() });
export type TwoStepAnswer = z.infer<typeof twoStepAnswerSchema>;
