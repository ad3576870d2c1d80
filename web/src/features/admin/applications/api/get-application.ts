import { useQuery } from '@tanstack/react-query';
import type { AdminVendorRecord, ApplicationDetail } from '@contracts/admin-vendors';
import { apiRequest, parseAnswer } from '../../../../lib/api';
import { applicationsKeys } from './keys';

export type { AdminVendorRecord, ApplicationDetail };

/** `GET /api/admin/applications/{userId}`: the application and its history. */
export async function getApplication(userId: string, signal?: AbortSignal): Promise<ApplicationDetail> {
  const [{ applicationDetailSchema }, data] = await Promise.all([
    import('@contracts/admin-vendors'),
    apiRequest<unknown>(`/api/admin/applications/${encodeURIComponent(userId)}`, { signal }),
  ]);
  return parseAnswer(applicationDetailSchema, data, 'GET /api/admin/applications/{userId}');
}

/** The query of one application (also what a decision's 409 reads again). */
export const applicationQuery = (userId: string) => ({ queryKey: applicationsKeys.detail(userId), queryFn: ({ signal }: { signal: AbortSignal }) => getApplication(userId, signal) });

export const useApplication = (userId: string) => useQuery(applicationQuery(userId));
