import type { SupportCaseDetail, SupportCasePage, SupportCaseSummary } from '../../../../contracts/support/thread';
import { apiRequest, parseAnswer } from '../../lib/api';

/** The answers' schemas (contracts/support/thread.ts) and zod load with the first answer, in parallel with its request. */
const schemas = () => import('../../../../contracts/support/thread');

export type { SupportCaseDetail, SupportCasePage, SupportCaseSummary };

/** GET /api/support: one page of the vendor's own cases, newest first. */
export async function getSupportCases(cursor: string | undefined, signal?: AbortSignal): Promise<SupportCasePage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const [{ supportCasePageSchema }, data] = await Promise.all([schemas(), apiRequest<unknown>(`/api/support${query}`, { signal })]);
  return parseAnswer(supportCasePageSchema, data, 'GET /api/support');
}

/** GET /api/support/{caseId}: the case with its thread. */
export async function getSupportCase(caseId: string, signal?: AbortSignal): Promise<SupportCaseDetail> {
  const [{ supportCaseDetailSchema }, data] = await Promise.all([schemas(), apiRequest<unknown>(`/api/support/${encodeURIComponent(caseId)}`, { signal })]);
  return parseAnswer(supportCaseDetailSchema, data, 'GET /api/support/{caseId}');
}

/** POST /api/support/{caseId}/messages: the vendor's answer; answers the case as it is now. */
export async function answerSupportCase(caseId: string, message: string): Promise<SupportCaseDetail> {
  const [{ supportCaseDetailSchema }, data] = await Promise.all([
    schemas(),
    apiRequest<unknown>(`/api/support/${encodeURIComponent(caseId)}/messages`, { method: 'POST', body: { message } }),
  ]);
  return parseAnswer(supportCaseDetailSchema, data, 'POST /api/support/{caseId}/messages');
}

