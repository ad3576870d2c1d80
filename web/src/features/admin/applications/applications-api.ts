import {
  applicationDecisionAnswerSchema,
  applicationDetailSchema,
  applicationsPageSchema,
  type AdminVendorRecord,
  type ApplicationDecisionBody,
  type ApplicationDetail,
  type ApplicationsPage,
} from '../../../../../contracts/admin-vendors';
import { ApiError, apiRequest } from '../../../lib/api';

export type { AdminVendorRecord, ApplicationDetail, ApplicationsPage };

/** Query keys of the applications screen (the console's own QueryClient). */
export const applicationsKeys = {
  all: ['admin', 'applications'] as const,
  list: ['admin', 'applications', 'list'] as const,
  detail: (userId: string) => ['admin', 'applications', 'detail', userId] as const,
};

function parsed<T>(schema: { safeParse(data: unknown): { success: true; data: T } | { success: false } }, data: unknown, what: string): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(200, 'invalid_response', `${what} answered an unexpected shape.`);
  return result.data;
}

/** `GET /api/admin/applications` (docs/api.md): pending applications, oldest first. */
export async function getApplications(cursor: string | undefined, signal?: AbortSignal): Promise<ApplicationsPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return parsed(applicationsPageSchema, await apiRequest<unknown>(`/api/admin/applications${query}`, { signal }), 'GET /api/admin/applications');
}

/** `GET /api/admin/applications/{userId}`: the application and its history. */
export async function getApplication(userId: string, signal?: AbortSignal): Promise<ApplicationDetail> {
  return parsed(applicationDetailSchema, await apiRequest<unknown>(`/api/admin/applications/${encodeURIComponent(userId)}`, { signal }), 'GET /api/admin/applications/{userId}');
}

/** `POST /api/admin/applications/{userId}/decision`: approve or reject (409 `application_decided` when someone decided first). */
export async function decideApplication(userId: string, body: ApplicationDecisionBody): Promise<AdminVendorRecord> {
  const answer = await apiRequest<unknown>(`/api/admin/applications/${encodeURIComponent(userId)}/decision`, { method: 'POST', body });
  return parsed(applicationDecisionAnswerSchema, answer, 'POST /api/admin/applications/{userId}/decision').application;
}
