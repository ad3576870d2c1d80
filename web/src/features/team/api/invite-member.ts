import { useMutation } from '@tanstack/react-query';
import type { InviteBody, MemberView } from '@contracts/team';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { useTeamRefresh, type StepUpRun } from './team-change';

/** POST /api/team/invitations: e-mails an invitation. */
export async function inviteMember(body: InviteBody): Promise<MemberView> {
  const [{ memberViewSchema }, data] = await Promise.all([import('@contracts/team'), apiRequest<unknown>('/api/team/invitations', { method: 'POST', body })]);
  return parseAnswer(memberViewSchema, data, 'POST /api/team/invitations');
}

/** The invitation, confirmed with two-step verification in place (`run`); `undefined` when the owner cancelled that. */
export function useInviteMember(run: StepUpRun) {
  const { refresh, refreshOnConflict } = useTeamRefresh();
  return useMutation({
    mutationFn: (body: InviteBody) => run(() => inviteMember(body)),
    onSuccess: (member) => member && refresh(),
    onError: refreshOnConflict,
  });
}
