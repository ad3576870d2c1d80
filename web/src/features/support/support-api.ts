import type * as z from 'zod';
import {
  supportCaseDetailSchema,
  supportCasePageSchema,
  type SupportCaseDetail,
  type SupportCasePage,
  type SupportCaseSummary,
} from '../../../../contracts/support/thread';
import { ApiError, apiRequest } from '../../lib/api';

export type { SupportCaseDetail, SupportCasePage, SupportCaseSummary };

/** Parses an answer with its contract's schema (contracts/support/thread.ts); a wrong shape is an ApiError, said like any failed load. */
function parsed<T>(schema: z.ZodType<T>, data: unknown, route: string): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(200, 'invalid_response', `${route} answered an unexpected shape.`);
  return result.data;
}

/** GET /api/support: one page of the vendor's own cases, newest first. */
export async function getSupportCases(cursor: string | undefined, signal?: AbortSignal): Promise<SupportCasePage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return parsed(supportCasePageSchema, await apiRequest<unknown>(`/api/support${query}`, { signal }), 'GET /api/support');
}

/** GET /api/support/{caseId}: the case with its thread. */
export async function getSupportCase(caseId: string, signal?: AbortSignal): Promise<SupportCaseDetail> {
  return parsed(supportCaseDetailSchema, await apiRequest<unknown>(`/api/support/${encodeURIComponent(caseId)}`, { signal }), 'GET /api/support/{caseId}');
}

/** POST /api/support/{caseId}/messages: the vendor's answer; answers the case as it is now. */
export async function answerSupportCase(caseId: string, message: string): Promise<SupportCaseDetail> {
  return parsed(
    supportCaseDetailSchema,
    await apiRequest<unknown>(`/api/support/${encodeURIComponent(caseId)}/messages`, { method: 'POST', body: { message } }),
    'POST /api/support/{caseId}/messages',
  );
}

/** A message's or a case's time, in the vendor's language (this browser's time zone, as the inbox shows it). */
export function formatInstant(instant: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant));
}
