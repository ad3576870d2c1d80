/**
 * Reading a vendor's activity log (issue 14): newest first, through the vendor's partition or, when a
 * filter names a person or an action, through that filter's index within the vendor
 * (contracts/tables.ts); the other filter and the day range narrow the same key range. Never a scan,
 * and never outside the caller's vendor id: every key the reads use starts with it.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ActivityEntry, ActivityFilter } from '../../contracts/activity';
import { dynamo } from '../shared/clients';
import { tableName } from '../shared/tables';
import { activityEntryOf, vendorActionKey, vendorActorEmailKey, vendorActorKey } from './record';

type Key = Record<string, string>;
interface Plan {
  index?: string;
  pk: { name: string; value: string };
  rest: { name: string; attr: string; value: string }[];
}

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

/** The entryKey range of a day range: `from` 00:00 UTC up to the end of `to`. */
export function keyRange(filter: ActivityFilter): { lower?: string; upper?: string } {
  return { ...(filter.from ? { lower: `${filter.from}T00:00:00.000Z` } : {}), ...(filter.to ? { upper: `${filter.to}T23:59:59.999Z#\uffff` } : {}) };
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

/**
 * Up to `limit` entries of the vendor's log, newest first, after `after` (a key this function
 * returned). DynamoDB's Limit counts items before the filter, so pages are read until `limit` entries
 * match or the range ends.
 */
export async function readActivityPage(vendorId: string, filter: ActivityFilter, limit: number, after?: Key): Promise<ActivityPageResult> {
  const p = plan(vendorId, filter);
  const range = keyRange(filter);
  const names: Record<string, string> = { '#pk': p.pk.name };
  const values: Record<string, unknown> = { ':pk': p.pk.value };
  let condition = '#pk = :pk';
  if (range.lower || range.upper) names['#ek'] = 'entryKey';
  if (range.lower && range.upper) {
    condition += ' AND #ek BETWEEN :lower AND :upper';
    Object.assign(values, { ':lower': range.lower, ':upper': range.upper });
  } else if (range.lower) {
    condition += ' AND #ek >= :lower';
    values[':lower'] = range.lower;
  } else if (range.upper) {
    condition += ' AND #ek <= :upper';
    values[':upper'] = range.upper;
  }
  for (const f of p.rest) {
    names[f.name] = f.attr;
    values[`:${f.name.slice(1)}`] = f.value;
  }
  const filterExpression = p.rest.map((f) => `${f.name} = :${f.name.slice(1)}`).join(' AND ');

  const items: ActivityEntry[] = [];
  let startKey: Key | undefined = after;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: tableName('activity'),
        ...(p.index ? { IndexName: p.index } : {}),
        KeyConditionExpression: condition,
        ...(filterExpression ? { FilterExpression: filterExpression } : {}),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        Limit: Math.max(limit, 25),
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    const page = out.Items ?? [];
    for (const [i, item] of page.entries()) {
      items.push(activityEntryOf(item));
      if (items.length === limit) {
        // More may follow this entry, unless it was the last of the last page.
        const endOfRange = !out.LastEvaluatedKey && i === page.length - 1;
        return { items, next: endOfRange ? null : keyOf(item, p) };
      }
    }
    startKey = out.LastEvaluatedKey as Key | undefined;
  } while (startKey);
  return { items, next: null };
}

/** Every entry of a filter, page by page (the CSV export). */
export async function* activityPages(vendorId: string, filter: ActivityFilter, pageSize: number): AsyncGenerator<ActivityEntry[]> {
  let after: Key | undefined;
  do {
    const page = await readActivityPage(vendorId, filter, pageSize, after);
    if (page.items.length) yield page.items;
    after = page.next ?? undefined;
  } while (after);
}
