import { useMutation } from '@tanstack/react-query';
import type { MemberRole, MemberView } from '@contracts/team';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { useTeamRefresh, type StepUpRun } from './team-change';

/** PUT /api/team/members/{memberId}/role, conditional on the role the owner saw. */
export async function changeMemberRole(member: MemberView, role: MemberRole): Promise<MemberView> {
  const [{ memberViewSchema }, data] = await Promise.all([
    import('@contracts/team'),
    apiRequest<unknown>(`/api/team/members/${encodeURIComponent(member.memberId)}/role`, { method: 'PUT', body: { role, expectedRole: member.role } }),
  ]);
  return parseAnswer(memberViewSchema, data, 'PUT /api/team/members/{memberId}/role');
}

export function useChangeMemberRole(run: StepUpRun) {
  const { refresh, refreshOnConflict } = useTeamRefresh();
  return useMutation({
    mutationFn: ({ member, role }: { member: MemberView; role: MemberRole }) => run(() => changeMemberRole(member, role)),
    // Cancelled too: the select shows the role as stored again.
    onSuccess: () => refresh(),
    onError: refreshOnConflict,
  });
}
