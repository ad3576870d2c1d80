import { invitationBodySchema, inviteBodySchema, roleChangeBodySchema, TEAM_MAX_MEMBERS } from '../../contracts/team';
import { apiHandler, route } from '../shared/http';
import { requireRecentSecondStep } from '../shared/step-up';
import { acceptInvitation, changeRole, describeInvitation, invite, listTeam, removeMember } from './store';

/** Vendor teams (issue 14): the owner's team page and the invitee's acceptance. Roles: contracts/routes.ts. */
export const handler = apiHandler('team', {
  'GET /api/team': route({
    access: 'vendor',
    async handler({ caller }) {
      return { body: { members: await listTeam(caller), maxMembers: TEAM_MAX_MEMBERS } };
    },
  }),
  'POST /api/team/invitations': route({
    access: 'vendor',
    body: inviteBodySchema,
    async handler({ caller, body, event }) {
      // A team change needs two-step sign-in on and a sign-in with it within 5 minutes (step-up).
      await requireRecentSecondStep(caller, event);
      return { statusCode: 201, body: await invite(caller, body) };
    },
  }),
  'PUT /api/team/members/{memberId}/role': route({
    access: 'vendor',
    body: roleChangeBodySchema,
    async handler({ caller, body, params, event }) {
      await requireRecentSecondStep(caller, event);
      return { body: await changeRole(caller, params.memberId ?? '', body) };
    },
  }),
  'DELETE /api/team/members/{memberId}': route({
    access: 'vendor',
    async handler({ caller, params, event }) {
      await requireRecentSecondStep(caller, event);
      await removeMember(caller, params.memberId ?? '');
      return { statusCode: 204 };
    },
  }),
  'POST /api/team/invitation': route({
    access: 'signed-in',
    body: invitationBodySchema,
    async handler({ caller, body }) {
      return { body: await describeInvitation(caller, body.token) };
    },
  }),
  'POST /api/team/invitation/accept': route({
    access: 'signed-in',
    body: invitationBodySchema,
    async handler({ caller, body }) {
      return { body: await acceptInvitation(caller, body.token) };
    },
  }),
});
