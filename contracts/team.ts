/**
 * Vendor teams (issue 14): the people of one shop and what each may do. The API enforces a member's
 * role from the member's membership item in the vendors table (lambdas/shared/vendors.ts, checked
 * in lambdas/shared/auth.ts `resolveCaller`) against the roles the route table
 * gives each vendor route (contracts/routes.ts `roles`); the web hides what a role cannot do with
 * the same lists (`PAGE_ROLES`, contracts/team-roles.ts). The account holder — the user who applied and was approved, whose
 * record is the vendor record — is always an owner and cannot be removed or demoted, so a shop
 * always has an owner (docs/decisions.md, "Issue 14: vendor teams").
 */
import * as z from 'zod';
import { isEmail, normalizeEmail } from './email';
import { MEMBER_ROLES } from './team-roles';

export * from './team-roles';


const email = z
  .string()
  .max(254)
  .transform(normalizeEmail)
  .refine(isEmail, 'invalid_email');

/** `POST /api/team/invitations`: whom to invite and as what. The account holder is the one owner who applied; others may be owners too. */
export const inviteBodySchema = z.strictObject({ email, role: z.enum(MEMBER_ROLES) });
export type InviteBody = z.infer<typeof inviteBodySchema>;

/** `PUT /api/team/members/{memberId}/role`: the new role, conditional on the role the owner saw. */
export const roleChangeBodySchema = z.strictObject({ role: z.enum(MEMBER_ROLES), expectedRole: z.enum(MEMBER_ROLES) });
export type RoleChangeBody = z.infer<typeof roleChangeBodySchema>;

/** The invitation token from the e-mailed link (`/invite?token=…`): 32 random bytes, base64url. */
export const invitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'invalid_invitation');
export const invitationBodySchema = z.strictObject({ token: invitationTokenSchema });

export const memberViewSchema = z.strictObject({
  /** Stable id of the member in this shop (`holder` for the account holder). */
  memberId: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  /** invited: the e-mail went out and nobody accepted yet; active: a user belongs to the shop. */
  status: z.enum(['invited', 'active']),
  accountHolder: z.boolean(),
  invitedAt: z.string().nullable(),
  invitedBy: z.string().nullable(),
  joinedAt: z.string().nullable(),
  /** When an open invitation lapses (UTC). */
  expiresAt: z.string().nullable(),
});
export type MemberView = z.infer<typeof memberViewSchema>;

export const teamAnswerSchema = z.strictObject({ members: z.array(memberViewSchema), maxMembers: z.number().int() });
export type TeamAnswer = z.infer<typeof teamAnswerSchema>;

/** `POST /api/team/invitation`: what the signed-in invitee is invited to, before accepting. */
export const invitationAnswerSchema = z.strictObject({
  vendorName: z.string(),
  role: z.enum(MEMBER_ROLES),
  email: z.string(),
  invitedBy: z.string(),
  expiresAt: z.string(),
});
export type InvitationAnswer = z.infer<typeof invitationAnswerSchema>;
