import { useQuery } from '@tanstack/react-query';
import type { MemberRole, MemberView, TeamAnswer } from '@contracts/team';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';

export type { MemberRole, MemberView, TeamAnswer };

/** GET /api/team: the account holder, members and open invitations (owners only). */
export async function getTeam(signal?: AbortSignal): Promise<TeamAnswer> {
  // The answer's schema (contracts/team.ts) and zod load with the first answer, in parallel with its request.
  const [{ teamAnswerSchema }, data] = await Promise.all([import('@contracts/team'), apiRequest<unknown>('/api/team', { signal })]);
  return parseAnswer(teamAnswerSchema, data, 'GET /api/team');
}

export const useTeam = () => useQuery({ queryKey: queryKeys.team, queryFn: ({ signal }) => getTeam(signal) });
