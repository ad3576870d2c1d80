import { useQuery } from '@tanstack/react-query';
import type { SupportCaseDetail } from '@contracts/support/thread';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';

export type { SupportCaseDetail };

/** GET /api/support/{caseId}: the case with its thread. */
export async function getSupportCase(caseId: string, signal?: AbortSignal): Promise<SupportCaseDetail> {
  const [{ supportCaseDetailSchema }, data] = await Promise.all([
    import('@contracts/support/thread'),
    apiRequest<unknown>(`/api/support/${encodeURIComponent(caseId)}`, { signal }),
  ]);
  return parseAnswer(supportCaseDetailSchema, data, 'GET /api/support/{caseId}');
}

export const useSupportCase = (caseId: string) => useQuery({ queryKey: queryKeys.support.detail(caseId), queryFn: ({ signal }) => getSupportCase(caseId, signal) });
