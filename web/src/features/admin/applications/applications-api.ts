import type { AdminVendorRecord, ApplicationDecisionBody, ApplicationDetail, ApplicationsPage } from '../../../../../contracts/admin-vendors';
import { apiRequest, parseAnswer } from '../../../lib/api';

export type { AdminVendorRecord, ApplicationDetail, ApplicationsPage };

/** Query keys of the applications screen (the console's own QueryClient). */
export const applicationsKeys = {
  all: ['admin', 'applications'] as const,
  list: ['admin', 'applications', 'list'] as const,
  detail: (userId: string) => ['admin', 'applications', 'detail', userId] as const,
};

/**
 * The answer and its contract's module together: the schemas (and classic zod with them, ~27 KB gzip)
 * load with the first answer, in parallel with the request, not with the section's chunk (issue 24).
 */
const withSchemas = <T>(request: Promise<T>) => Promise.all([import('../../../../../contracts/admin-vendors'), request]);

/** `GET /api/admin/applications` (docs/api.md): pending applications, oldest first. */
export async function getApplications(cursor: string | undefined, signal?: AbortSignal): Promise<ApplicationsPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const [{ applicationsPageSchema }, data] = await withSchemas(apiRequest<unknown>(`/api/admin/applications${query}`, { signal }));
  return parseAnswer(applicationsPageSchema, data, 'GET /api/admin/applications');
}

/** `GET /api/admin/applications/{userId}`: the application and its history. */
export async function getApplication(userId: string, signal?: AbortSignal): Promise<ApplicationDetail> {
  const [{ applicationDetailSchema }, data] = await withSchemas(apiRequest<unknown>(`/api/admin/applications/${encodeURIComponent(userId)}`, { signal }));
  return parseAnswer(applicationDetailSchema, data, 'GET /api/admin/applications/{userId}');
}

/** `POST /api/admin/applications/{userId}/decision`: approve or reject (409 `application_decided` when someone decided first). */
export async function decideApplication(userId: string, body: ApplicationDecisionBody): Promise<AdminVendorRecord> {
  const [{ applicationDecisionAnswerSchema }, answer] = await withSchemas(apiRequest<unknown>(`/api/admin/applications/${encodeURIComponent(userId)}/decision`, { method: 'POST', body }));
  return parseAnswer(applicationDecisionAnswerSchema, answer, 'POST /api/admin/applications/{userId}/decision').application;
}
