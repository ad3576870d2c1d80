import { useMutation, useQuery } from '@tanstack/react-query';
import type { InvitationAnswer } from '@contracts/team';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { acceptInvitation } from '../../../lib/me-api';
import { queryKeys } from '../../../lib/query-client';

export type { InvitationAnswer };

/** POST /api/team/invitation: what the signed-in visitor is invited to. */
export async function describeInvitation(token: string): Promise<InvitationAnswer> {
  const [{ invitationAnswerSchema }, data] = await Promise.all([import('@contracts/team'), apiRequest<unknown>('/api/team/invitation', { method: 'POST', body: { token } })]);
  return parseAnswer(invitationAnswerSchema, data, 'POST /api/team/invitation');
}

export const useInvitation = (token: string) => useQuery({ queryKey: queryKeys.invitation(token), queryFn: () => describeInvitation(token) });

/**
 * POST /api/team/invitation/accept: the request is lib/me-api.ts `acceptInvitation` (the sign-in that
 * follows a kept invitation sends it too, without zod); here it is the invite page's Accept.
 */
export const useAcceptInvitation = (token: string) => useMutation({ mutationFn: () => acceptInvitation(token) });
