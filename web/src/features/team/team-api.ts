import type { InvitationAnswer, MemberRole, MemberView, TeamAnswer } from '../../../../contracts/team';
import { apiRequest, parseAnswer } from '../../lib/api';

/** The answers' schemas (contracts/team.ts) and zod load with the first answer, in parallel with its request. */
const schemas = () => import('../../../../contracts/team');

export type { InvitationAnswer, MemberRole, MemberView, TeamAnswer };

/** GET /api/team: the account holder, members and open invitations (owners only). */
export async function getTeam(signal?: AbortSignal): Promise<TeamAnswer> {
  const [{ teamAnswerSchema }, data] = await Promise.all([schemas(), apiRequest<unknown>('/api/team', { signal })]);
  return parseAnswer(teamAnswerSchema, data, 'GET /api/team');
}

/** POST /api/team/invitations: e-mails an invitation. */
export async function inviteMember(email: string, role: MemberRole): Promise<MemberView> {
  const [{ memberViewSchema }, data] = await Promise.all([schemas(), apiRequest<unknown>('/api/team/invitations', { method: 'POST', body: { email, role } })]);
  return parseAnswer(memberViewSchema, data, 'POST /api/team/invitations');
}

/** PUT /api/team/members/{memberId}/role, conditional on the role the owner saw. */
export async function changeMemberRole(member: MemberView, role: MemberRole): Promise<MemberView> {
  const [{ memberViewSchema }, data] = await Promise.all([
    schemas(),
    apiRequest<unknown>(`/api/team/members/${encodeURIComponent(member.memberId)}/role`, { method: 'PUT', body: { role, expectedRole: member.role } }),
  ]);
  return parseAnswer(memberViewSchema, data, 'PUT /api/team/members/{memberId}/role');
}

/** DELETE /api/team/members/{memberId}: removes a member (ending their sessions) or withdraws an invitation. */
export async function removeMember(memberId: string): Promise<void> {
  await apiRequest<unknown>(`/api/team/members/${encodeURIComponent(memberId)}`, { method: 'DELETE' });
}

/** POST /api/team/invitation: what the signed-in visitor is invited to. */
export async function describeInvitation(token: string): Promise<InvitationAnswer> {
  const [{ invitationAnswerSchema }, data] = await Promise.all([schemas(), apiRequest<unknown>('/api/team/invitation', { method: 'POST', body: { token } })]);
  return parseAnswer(invitationAnswerSchema, data, 'POST /api/team/invitation');
}
