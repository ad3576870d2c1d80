import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MfaResetAnswer } from '@contracts/admin-mfa';
import { apiRequest, parseAnswer } from '../../../../lib/api';
import { lazyZodResolver } from '../../../../lib/lazy-zod-resolver';
import { vendorsKeys } from './keys';

/**
 * `POST /api/admin/users/{userId}/mfa-reset` (issue 14): turns the user's two-step verification off,
 * audited with the reason. `wasOn`: whether it was on before.
 */
export async function resetTwoStep(userId: string, reason: string): Promise<MfaResetAnswer> {
  const [{ mfaResetAnswerSchema }, data] = await Promise.all([
    import('@contracts/admin-mfa'),
    apiRequest<unknown>(`/api/admin/users/${encodeURIComponent(userId)}/mfa-reset`, { method: 'POST', body: { reason } }),
  ]);
  return parseAnswer(mfaResetAnswerSchema, data, 'POST /api/admin/users/{userId}/mfa-reset');
}

/** The reset dialog's rule: the route's body schema (a required reason, at most 1000 characters). */
export const mfaReasonResolver = lazyZodResolver(() => import('@contracts/admin-mfa').then((m) => m.mfaResetBodySchema));

/** Resets the owner's two-step verification; the vendor's page is read again (the Audit log section lists the entry). */
export function useResetTwoStep(vendorKey: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => resetTwoStep(userId, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorsKeys.detail(vendorKey) }),
  });
}
