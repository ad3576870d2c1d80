import { useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@contracts/admin';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { adminKeys } from './keys';

export type { AdminOverview };

/**
 * `GET /api/admin/overview` (docs/api.md), checked against the contract (contracts/admin.ts): a proxy's
 * HTML page or an older server shows the error state, not "NaN".
 */
export async function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  // The schema (and classic zod with it) loads with the answer, not with the console (issue 24).
  const [{ adminOverviewSchema }, data] = await Promise.all([import('@contracts/admin'), apiRequest<unknown>('/api/admin/overview', { signal })]);
  return parseAnswer(adminOverviewSchema, data, 'GET /api/admin/overview');
}

/** What waits in each queue, counted by the server. */
export const useOverview = () => useQuery({ queryKey: adminKeys.overview, queryFn: ({ signal }) => getOverview(signal) });
