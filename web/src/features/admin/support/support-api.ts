import type { AdminSupportCase, SupportCasePage, SupportCaseSummary, SupportStatus } from '../../../../../contracts/support/thread';
import type { SupportCategory } from '../../../../../contracts/support/categories';
import { apiRequest, parseAnswer } from '../../../lib/api';

export type { AdminSupportCase, SupportCasePage, SupportCaseSummary, SupportStatus };

/** The inbox's filter, as the page's URL holds it (`?status=&category=&vendor=`). */
export interface InboxFilter {
  status: SupportStatus;
  category: SupportCategory | '';
  vendorId: string;
}

/** The support screen's query keys (the console's own QueryClient). */
export const supportKeys = {
  all: ['admin', 'support'] as const,
  inbox: (f: InboxFilter) => ['admin', 'support', 'inbox', f.status, f.category, f.vendorId] as const,
  detail: (vendorId: string, caseId: string) => ['admin', 'support', 'case', vendorId, caseId] as const,
};

/**
 * The answer and its contract's module together: the schemas (and classic zod with them, ~27 KB gzip)
 * load with the first answer, in parallel with the request, not with the section's chunk (issue 24).
 */
const withSchemas = <T>(request: Promise<T>) => Promise.all([import('../../../../../contracts/support/thread'), request]);

/** GET /api/admin/support: one page of the inbox for a filter. */
export async function getInboxPage(filter: InboxFilter, cursor: string | undefined, signal?: AbortSignal): Promise<SupportCasePage> {
  const query = new URLSearchParams({ status: filter.status });
  if (filter.category) query.set('category', filter.category);
  if (filter.vendorId) query.set('vendorId', filter.vendorId);
  if (cursor) query.set('cursor', cursor);
  const [{ supportCasePageSchema }, data] = await withSchemas(apiRequest<unknown>(`/api/admin/support?${query.toString()}`, { signal }));
  return parseAnswer(supportCasePageSchema, data, 'GET /api/admin/support');
}

const casePath = (vendorId: string, caseId: string) => `/api/admin/support/${encodeURIComponent(vendorId)}/${encodeURIComponent(caseId)}`;

/** GET /api/admin/support/{vendorId}/{caseId}: the thread with the vendor. */
export async function getAdminCase(vendorId: string, caseId: string, signal?: AbortSignal): Promise<AdminSupportCase> {
  const [{ adminSupportCaseSchema }, data] = await withSchemas(apiRequest<unknown>(casePath(vendorId, caseId), { signal }));
  return parseAnswer(adminSupportCaseSchema, data, 'GET /api/admin/support/{vendorId}/{caseId}');
}

export type CaseAction = { kind: 'reply'; message: string } | { kind: 'close' } | { kind: 'reopen' };

/** POST …/reply, …/close or …/reopen: answers the case as it is after the change. */
export async function actOnCase(vendorId: string, caseId: string, action: CaseAction): Promise<AdminSupportCase> {
  const body = action.kind === 'reply' ? { message: action.message } : {};
  const [{ adminSupportCaseSchema }, data] = await withSchemas(apiRequest<unknown>(`${casePath(vendorId, caseId)}/${action.kind}`, { method: 'POST', body }));
  return parseAnswer(adminSupportCaseSchema, data, `POST /api/admin/support/{vendorId}/{caseId}/${action.kind}`);
}

