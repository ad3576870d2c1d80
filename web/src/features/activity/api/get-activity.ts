import type { ActivityEntry, ActivityFilter, ActivityPage } from '@contracts/activity';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';
import { useCursorList } from '../../../lib/use-cursor-list';
import { activityQuery } from '../activity-filter';

export type { ActivityEntry, ActivityPage };

/**
 * The answer's schema (contracts/activity.ts), and zod with it, loads with the first answer, in
 * parallel with its request: the page's first download carries no zod.
 */
const answers = () => import('@contracts/activity');

/** `GET /api/activity` (docs/api.md): one page of the log, newest first, checked against the contract. */
export async function getActivityPage(filter: ActivityFilter, cursor: string | undefined, signal?: AbortSignal): Promise<ActivityPage> {
  const query = new URLSearchParams(activityQuery(filter));
  if (cursor) query.set('cursor', cursor);
  const qs = query.toString();
  const [{ activityPageSchema }, data] = await Promise.all([answers(), apiRequest<unknown>(`/api/activity${qs ? `?${qs}` : ''}`, { signal })]);
  return parseAnswer(activityPageSchema, data, 'GET /api/activity');
}

/** The filter's log with "Load more" (an infinite query keyed by the filter's query string). */
export function useActivityList(filter: ActivityFilter) {
  return useCursorList<ActivityEntry, ActivityPage>(queryKeys.activity.list(activityQuery(filter)), (cursor, signal) => getActivityPage(filter, cursor, signal));
}
