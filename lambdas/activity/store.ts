/**
 * Reading a vendor's activity log (issue 14): newest first, through the vendor's partition or, when a
 * filter names a person or an action, through that filter's index within the vendor
 * (contracts/tables.ts); the other filter and the day range narrow the same key range. Never a scan,
 * and never outside the caller's vendor id: every key the reads use starts with it.
 */
import type { ActivityEntry, ActivityFilter } from '../../contracts/activity';
import { addDays, startOfDay } from '../shared/dates';
import { logPages, readLogPage, type LogKey, type LogPlan } from '../shared/entry-log';
import { activityEntryOf, vendorActionKey, vendorActorEmailKey, vendorActorKey } from './record';

type Key = LogKey;
type Plan = LogPlan;

/** A person filter with an `@` is an e-mail (any case); anything else is a user id. */
export const isEmailActor = (actor: string): boolean => actor.includes('@');

/** Which key range a filter reads: the index and partition, and the filters left for the FilterExpression. */
export function plan(vendorId: string, filter: ActivityFilter): Plan {
  const rest: Plan['rest'] = [];
  const actor = filter.actor
    ? isEmailActor(filter.actor)
      ? (['byActorEmail', 'vendorActorEmail', vendorActorEmailKey(vendorId, filter.actor)] as const)
      : (['byActor', 'vendorActor', vendorActorKey(vendorId, filter.actor)] as const)
    : undefined;
  const candidates: (readonly [string, string, string] | undefined)[] = [actor, filter.action ? ['byAction', 'vendorAction', vendorActionKey(vendorId, filter.action)] : undefined];
  let chosen: Omit<Plan, 'rest'> | undefined;
  for (const c of candidates) {
    if (!c) continue;
    const [index, attr, value] = c;
    if (!chosen) chosen = { index, pk: { name: attr, value } };
    else rest.push({ name: `#f${rest.length}`, attr, value });
  }
  return { ...(chosen ?? { pk: { name: 'vendorId', value: vendorId } }), rest };
}

/**
 * The entryKey range of a day range: marketplace days (issue 24, item 14: the days the page shows its
 * times in), from the first instant of `from` up to the last millisecond of `to` in the marketplace zone.
 */
export function keyRange(filter: ActivityFilter): { lower?: string; upper?: string } {
  const lastMs = (day: string) => new Date(startOfDay(addDays(day, 1)).getTime() - 1).toISOString();
  return { ...(filter.from ? { lower: startOfDay(filter.from).toISOString() } : {}), ...(filter.to ? { upper: `${lastMs(filter.to)}#\uffff` } : {}) };
}

/** The DynamoDB key of an item in the index the plan reads (to resume after it). */
function keyOf(item: Record<string, unknown>, p: Plan): Key {
  const key: Key = { vendorId: String(item.vendorId), entryKey: String(item.entryKey) };
  if (p.index) key[p.pk.name] = String(item[p.pk.name]);
  return key;
}

/** A resume key fits the plan only if it stays in the caller's partition (a cursor is not signed). */
export function keyFits(key: Key, vendorId: string, p: Plan): boolean {
  if (key.vendorId !== vendorId || typeof key.entryKey !== 'string') return false;
  const names = Object.keys(key).sort();
  if (!p.index) return names.join() === 'entryKey,vendorId';
  return names.join() === ['entryKey', p.pk.name, 'vendorId'].sort().join() && key[p.pk.name] === p.pk.value;
}

export interface ActivityPageResult {
  items: ActivityEntry[];
  /** Where to resume: the key of the last entry returned, or null at the end. */
  next: Key | null;
}

/** Up to `limit` entries of the vendor's log, newest first, after `after` (a key this function returned; lambdas/shared/entry-log.ts). */
export async function readActivityPage(vendorId: string, filter: ActivityFilter, limit: number, after?: Key): Promise<ActivityPageResult> {
  const p = plan(vendorId, filter);
  return readLogPage({ table: 'activity', plan: p, range: keyRange(filter), entryOf: activityEntryOf, keyOf: (item) => keyOf(item, p) }, limit, after);
}

/** Every entry of a filter, page by page (the CSV export). */
export function activityPages(vendorId: string, filter: ActivityFilter, pageSize: number): AsyncGenerator<ActivityEntry[]> {
  return logPages((after) => readActivityPage(vendorId, filter, pageSize, after));
}
