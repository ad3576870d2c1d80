import type { ApplicationsPage } from '@contracts/admin-vendors';
import { apiRequest, parseAnswer } from '../../../../lib/api';
import { useCursorList } from '../../../../lib/use-cursor-list';
import { applicationsKeys } from './keys';

export type { ApplicationsPage };
export type ApplicationSummary = ApplicationsPage['items'][number];

/** `GET /api/admin/applications` (docs/api.md): pending applications, oldest first. */
export async function getApplications(cursor: string | undefined, signal?: AbortSignal): Promise<ApplicationsPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  // The schemas (and classic zod with them, ~27 KB gzip) load with the first answer, not with the section's chunk (issue 24).
  const [{ applicationsPageSchema }, data] = await Promise.all([import('@contracts/admin-vendors'), apiRequest<unknown>(`/api/admin/applications${query}`, { signal })]);
  return parseAnswer(applicationsPageSchema, data, 'GET /api/admin/applications');
}

/** The queue with "Load more". */
export const useApplications = () => useCursorList<ApplicationSummary, ApplicationsPage>(applicationsKeys.list, (cursor, signal) => getApplications(cursor, signal));
