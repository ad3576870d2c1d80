import { ACTIVITY_ACTIONS, isActivityAction, type ActivityAction } from '../../../../contracts/activity-actions';
import type { ActivityEntry, ActivityFilter, ActivityPage } from '../../../../contracts/activity';
import { apiRequest, parseAnswer } from '../../lib/api';
import { downloadApiFile, type DownloadedFile } from '../../lib/download';

export type { ActivityAction, ActivityEntry, ActivityFilter, ActivityPage };
export { ACTIVITY_ACTIONS };

/**
 * The answer's schema (contracts/activity.ts), and zod with it, loads with the first answer, in
 * parallel with its request: the page's first download carries no zod.
 */
const answers = () => import('../../../../contracts/activity');

const FILTER_KEYS = ['action', 'actor', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string): boolean => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The filter as the API's query string (`action=…&actor=…`; '' for none), in a fixed order. */
export function activityQuery(filter: ActivityFilter): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** The filter a page's URL holds: unknown actions and bad days are left out, a reversed range loses its start. */
export function parseActivityFilter(params: URLSearchParams): ActivityFilter {
  const filter: ActivityFilter = {};
  const action = params.get('action');
  if (action && isActivityAction(action)) filter.action = action;
  const actor = params.get('actor')?.trim();
  if (actor && actor.length <= 254) filter.actor = actor.includes('@') ? actor.toLowerCase() : actor;
  for (const key of ['from', 'to'] as const) {
    const day = params.get(key);
    if (day && isDay(day)) filter[key] = day;
  }
  if (filter.from && filter.to && filter.from > filter.to) delete filter.from;
  return filter;
}

/** Writes the filter over the URL's parameters (the page's other parameters are kept). */
export function canonicalActivityParams(filter: ActivityFilter, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) next.delete(key);
  for (const [key, value] of new URLSearchParams(activityQuery(filter))) next.set(key, value);
  return next;
}

/** `GET /api/activity` (docs/api.md): one page of the log, newest first, checked against the contract. */
export async function getActivityPage(filter: ActivityFilter, cursor: string | undefined, signal?: AbortSignal): Promise<ActivityPage> {
  const query = new URLSearchParams(activityQuery(filter));
  if (cursor) query.set('cursor', cursor);
  const qs = query.toString();
  const [{ activityPageSchema }, data] = await Promise.all([answers(), apiRequest<unknown>(`/api/activity${qs ? `?${qs}` : ''}`, { signal })]);
  // The contract is plain zod (shared with the server, like the ops audit log's), so parsed here rather than with parseAnswer (zod/mini).
  return parseAnswer(activityPageSchema, data, 'GET /api/activity');
}

/** `GET /api/activity.csv`: the filtered log as a file. */
export function exportActivityCsv(filter: ActivityFilter, signal?: AbortSignal): Promise<DownloadedFile> {
  const qs = activityQuery(filter);
  return downloadApiFile(`/api/activity.csv${qs ? `?${qs}` : ''}`, { fallbackName: 'activity.csv', signal });
}

/** The text key of an action: `product.price_changed` → `activity_action_product_price_changed`. */
export const activityActionKey = (action: ActivityAction) => `activity_action_${action.replace('.', '_')}` as const;
