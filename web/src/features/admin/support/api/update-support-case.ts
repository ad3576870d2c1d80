import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '../../../../lib/api';
import { lazyZodResolver } from '../../../../lib/lazy-zod-resolver';
import { adminKeys } from '../../api/keys';
import { casePath, type AdminSupportCase } from './get-support-case';
import { supportKeys } from './keys';

export type CaseAction = { kind: 'reply'; message: string } | { kind: 'close' } | { kind: 'reopen' };

/** POST …/reply, …/close or …/reopen: answers the case as it is after the change. */
export async function actOnCase(vendorId: string, caseId: string, action: CaseAction): Promise<AdminSupportCase> {
  const body = action.kind === 'reply' ? { message: action.message } : {};
  const [{ adminSupportCaseSchema }, data] = await Promise.all([
    import('@contracts/support/thread'),
    apiRequest<unknown>(`${casePath(vendorId, caseId)}/${action.kind}`, { method: 'POST', body }),
  ]);
  return parseAnswer(adminSupportCaseSchema, data, `POST /api/admin/support/{vendorId}/{caseId}/${action.kind}`);
}

/** The reply form's rule: the reply body's (contracts/support/thread.ts supportMessageBody). */
export const replyResolver = lazyZodResolver(() => import('@contracts/support/thread').then((m) => m.supportMessageBody));

/**
 * Replies to, closes or reopens the case: the answer is the case as it now is (shown at once); the
 * inbox lists are marked stale and the Overview's count read again. A failure (a 409: someone closed
 * the case meanwhile) reads the case again, to show it as it is now.
 */
export function useCaseAction(vendorId: string, caseId: string) {
  const queryClient = useQueryClient();
  const key = supportKeys.detail(vendorId, caseId);
  return useMutation({
    mutationFn: (action: CaseAction) => actOnCase(vendorId, caseId, action),
    onSuccess: (updated) => {
      queryClient.setQueryData(key, updated);
      void queryClient.invalidateQueries({ queryKey: supportKeys.all, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
