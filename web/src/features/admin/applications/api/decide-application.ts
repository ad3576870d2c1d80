import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminVendorRecord, ApplicationDecisionBody, ApplicationDetail } from '@contracts/admin-vendors';
import { ApiError, apiRequest, parseAnswer } from '../../../../lib/api';
import { lazyZodResolver } from '../../../../lib/lazy-zod-resolver';
import { adminKeys } from '../../api/keys';
import { vendorsKeys } from '../../vendors/api/keys';
import { applicationQuery } from './get-application';
import { applicationsKeys } from './keys';

/** `POST /api/admin/applications/{userId}/decision`: approve or reject (409 `application_decided` when someone decided first). */
export async function decideApplication(userId: string, body: ApplicationDecisionBody): Promise<AdminVendorRecord> {
  const [{ applicationDecisionAnswerSchema }, answer] = await Promise.all([
    import('@contracts/admin-vendors'),
    apiRequest<unknown>(`/api/admin/applications/${encodeURIComponent(userId)}/decision`, { method: 'POST', body }),
  ]);
  return parseAnswer(applicationDecisionAnswerSchema, answer, 'POST /api/admin/applications/{userId}/decision').application;
}

/** The reject dialog's rule: the decision body's reason (contracts/admin-vendors.ts). */
export const rejectReasonResolver = lazyZodResolver(() => import('@contracts/admin-vendors').then((m) => m.applicationRejectFormSchema));

/** What a decision came to: made, or made by someone else first (the record as it now is, when it could be read). */
export type DecisionOutcome = { kind: 'decided'; record: AdminVendorRecord } | { kind: 'conflict'; record: AdminVendorRecord | null };

/**
 * Decides the application: the record as it now is shows at once (the history follows with the
 * refetch); a 409 reads the application again to say who decided. The queue, the Overview's count and
 * the vendor directory change with it.
 */
export function useDecideApplication(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ApplicationDecisionBody): Promise<DecisionOutcome> => {
      try {
        return { kind: 'decided', record: await decideApplication(userId, body) };
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 409)) throw err;
        const fresh = await queryClient.fetchQuery(applicationQuery(userId)).catch(() => null);
        return { kind: 'conflict', record: fresh?.application ?? null };
      }
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'decided') queryClient.setQueryData<ApplicationDetail>(applicationsKeys.detail(userId), (old) => (old ? { ...old, application: outcome.record } : old));
    },
    onSettled: () => {
      for (const queryKey of [applicationsKeys.all, adminKeys.overview, vendorsKeys.all]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
