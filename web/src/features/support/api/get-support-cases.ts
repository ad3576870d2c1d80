import type { SupportCasePage, SupportCaseSummary } from '@contracts/support/thread';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';
import { useCursorList } from '../../../lib/use-cursor-list';

export type { SupportCasePage, SupportCaseSummary };

/** GET /api/support: one page of the vendor's own cases, newest first. */
export async function getSupportCases(cursor: string | undefined, signal?: AbortSignal): Promise<SupportCasePage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  // The answer's schema (contracts/support/thread.ts) and zod load with the first answer, in parallel with its request.
  const [{ supportCasePageSchema }, data] = await Promise.all([import('@contracts/support/thread'), apiRequest<unknown>(`/api/support${query}`, { signal })]);
  return parseAnswer(supportCasePageSchema, data, 'GET /api/support');
}

/** The cases with "Load more" (lib/use-cursor-list.ts). */
export const useSupportCases = () => useCursorList<SupportCaseSummary, SupportCasePage>(queryKeys.support.list, (cursor, signal) => getSupportCases(cursor, signal));
