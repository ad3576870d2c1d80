import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportCaseDetail } from '@contracts/support/thread';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';

/** POST /api/support/{caseId}/messages: the vendor's answer; answers the case as it is now. */
export async function answerSupportCase(caseId: string, message: string): Promise<SupportCaseDetail> {
  const [{ supportCaseDetailSchema }, data] = await Promise.all([
    import('@contracts/support/thread'),
    apiRequest<unknown>(`/api/support/${encodeURIComponent(caseId)}/messages`, { method: 'POST', body: { message } }),
  ]);
  return parseAnswer(supportCaseDetailSchema, data, 'POST /api/support/{caseId}/messages');
}

/** The answer: the case shows as the server answered it, and the list (status, last activity) loads again when next shown. */
export function useAnswerSupportCase(caseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => answerSupportCase(caseId, message),
    onSuccess: (updated) => {
      client.setQueryData(queryKeys.support.detail(caseId), updated);
      void client.invalidateQueries({ queryKey: queryKeys.support.list });
    },
  });
}
