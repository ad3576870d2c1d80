import { useMutation } from '@tanstack/react-query';
import type { MemberView } from '@contracts/team';
import { apiRequest } from '../../../lib/api';
import { useTeamRefresh, type StepUpRun } from './team-change';

/** DELETE /api/team/members/{memberId}: removes a member (ending their sessions) or withdraws an invitation. */
export async function removeMember(memberId: string): Promise<void> {
  await apiRequest<unknown>(`/api/team/members/${encodeURIComponent(memberId)}`, { method: 'DELETE' });
}

/** Resolves true once removed, false when the owner cancelled the two-step confirmation. */
export function useRemoveMember(run: StepUpRun) {
  const { refresh, refreshOnConflict } = useTeamRefresh();
  return useMutation({
    mutationFn: async (member: MemberView) => (await run(async () => (await removeMember(member.memberId), true))) ?? false,
    onSuccess: (removed) => removed && refresh(),
    onError: refreshOnConflict,
  });
}
