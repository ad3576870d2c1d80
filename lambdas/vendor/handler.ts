import * as z from 'zod';
import { changePasswordBodySchema, meAnswerSchema, rolesOf, twoStepAnswerSchema, twoStepBodySchema, type MeAnswer } from '../../contracts/me';
import { ROLE_GROUPS } from '../../contracts/team';
import { ForbiddenError, NotFoundError } from '../shared/errors';
import { apiHandler, route } from '../shared/http';
import { LANGUAGES, updateVendorLanguage, type MembershipRecord, type VendorRecord } from '../shared/vendors';
import type { Caller } from '../shared/auth';
import { changePassword } from './password';
import { recordTwoStep } from './two-step';

/**
 * What the web app learns about the signed-in user (GET and PATCH /api/me): groups and roles
 * (issue 11), and the vendor record's fields, all `null` when an admin has no vendor record.
 */
export function meView(caller: Pick<Caller, 'userId' | 'email' | 'groups'> & Partial<Pick<Caller, 'member' | 'membershipRecord'>>, vendor: VendorRecord | null): MeAnswer {
  const member = caller.member ?? null;
  // A team member (issue 14) sees the shop's record as theirs, with their own identity and language;
  // the payout destination only with a role that may see payouts.
  const teamMember = member !== null && !member.accountHolder;
  const seesPayouts = member === null || (ROLE_GROUPS.money as readonly string[]).includes(member.role);
  const answer: MeAnswer = {
    userId: teamMember ? caller.userId : (vendor?.userId ?? caller.userId),
    email: teamMember ? caller.email : (vendor?.email ?? caller.email),
    groups: caller.groups,
    roles: rolesOf(caller.groups, vendor),
    status: vendor?.status ?? null,
    vendorId: vendor?.status === 'approved' ? (vendor.vendorId ?? null) : null,
    vendorName: vendor?.vendorName ?? null,
    language: teamMember ? (caller.membershipRecord?.language ?? vendor?.language ?? null) : (vendor?.language ?? null),
    payoutAccountId: seesPayouts ? (vendor?.payoutAccountId ?? null) : null,
    ...(vendor?.status === 'rejected' && vendor.rejectionReason ? { rejectionReason: vendor.rejectionReason } : {}),
    memberRole: member?.role ?? null,
    accountHolder: member?.accountHolder ?? false,
  };
  // The declared contract is what leaves: a field the record grows never slips into the answer.
  return meAnswerSchema.parse(answer);
}

const notFound = (caller: Caller) => new NotFoundError(`Vendor not found for user ${caller.userId}`, 'vendor_not_found');
const isAdmin = (caller: Caller) => rolesOf(caller.groups, null).includes('admin');

/** A removed team member (issue 14) is told so, not "no record": the web signs them out with that notice. */
function refuseEndedMembership(caller: Caller): void {
  const ended = caller.membershipRecord?.membershipEnded;
  if (ended && !caller.vendor && !isAdmin(caller)) throw new ForbiddenError(`Your access to ${ended.vendorName} has ended.`, 'membership_ended');
}

export const patchMeBody = z.strictObject({ language: z.enum(LANGUAGES) });

export const handler = apiHandler('me', {
  'GET /api/me': route({
    access: 'signed-in',
    async handler({ caller }) {
      refuseEndedMembership(caller);
      // An admin without a vendor record is a user of the ops console, not a vendor without a record.
      if (!caller.vendor && !isAdmin(caller)) throw notFound(caller);
      return { body: meView(caller, caller.vendor) };
    },
  }),
  'PATCH /api/me': route({
    access: 'signed-in',
    body: patchMeBody,
    async handler({ caller, body }) {
      refuseEndedMembership(caller);
      // The language lives on the user's own item: the vendor record, or a team member's membership item.
      const updated = await updateVendorLanguage(caller.userId, body.language);
      if (!updated) throw notFound(caller);
      if (caller.member && !caller.member.accountHolder) {
        return { body: meView({ ...caller, membershipRecord: updated as unknown as MembershipRecord }, caller.vendor) };
      }
      return { body: meView(caller, updated) };
    },
  }),
  'POST /api/me/password': route({
    access: 'signed-in',
    body: changePasswordBodySchema,
    async handler({ caller, body }) {
      // Cognito checks the current password; the notice goes to the vendor's inbox (lambdas/vendor/password.ts).
      await changePassword(caller, body);
      return { statusCode: 204 };
    },
  }),
  'POST /api/me/two-step': route({
    access: 'signed-in',
    body: twoStepBodySchema,
    async handler({ caller }) {
      // Issue 14: the state is Cognito's (never the body's); "off" sends the security notice (lambdas/vendor/two-step.ts).
      return { body: twoStepAnswerSchema.parse(await recordTwoStep(caller)) };
    },
  }),
});
