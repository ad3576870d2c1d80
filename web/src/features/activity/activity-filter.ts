import { isCalendarDay } from '@contracts/calendar-day';
import { ACTIVITY_ACTIONS, isActivityAction, type ActivityAction } from '@contracts/activity-actions';
import type { ActivityFilter } from '@contracts/activity';

export type { ActivityAction, ActivityFilter };
export { ACTIVITY_ACTIONS };

/**
 * The log's filter (GET /api/activity): an action, a person (an e-mail address, or a user id) and a
 * range of marketplace days, kept in the page's URL (`/activity?action=…&from=…`).
 */
const FILTER_KEYS = ['action', 'actor', 'from', 'to'] as const;

/** The filter as the API's query string (`action=…&actor=…`; '' for none), in a fixed order. */
export function activityQuery(filter: ActivityFilter): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** A person as the API compares them: an e-mail address in lower case, a user id as written. */
export const normalizeActor = (actor: string): string => (actor.includes('@') ? actor.toLowerCase() : actor);

/** The filter a page's URL holds: unknown actions and bad days are left out, a reversed range loses its start. */
export function parseActivityFilter(params: URLSearchParams): ActivityFilter {
  const filter: ActivityFilter = {};
  const action = params.get('action');
  if (action && isActivityAction(action)) filter.action = action;
  const actor = params.get('actor')?.trim();
  if (actor && actor.length <= 254) filter.actor = normalizeActor(actor);
  for (const key of ['from', 'to'] as const) {
    const day = params.get(key);
    if (day && isCalendarDay(day)) filter[key] = day;
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

/** The text key of an action: `product.price_changed` → `activity_action_product_price_changed`. */
export const activityActionKey = (action: ActivityAction) => `activity_action_${action.replace('.', '_')}` as const;
