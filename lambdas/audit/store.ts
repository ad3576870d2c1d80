/**
 * Reading the audit log (issue 13): newest first, through the table's one partition or, when a filter
 * names an action, an operator or a target, through that filter's index (contracts/tables.ts); the other
 * filters and the day range narrow the same key range. Never a scan.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry, AuditFilter } from '../../contracts/audit';
import { dynamo } from '../shared/clients';
import { tableName } from '../shared/tables';
import { AUDIT_LOG, auditTargetKey, entryOf } from './record';

type Key = Record<string, string>;

/** Which key range a filter reads: the index and partition, and the filters left for FilterExpression. */
export function plan(filter: AuditFilter): { index?: string; pk: { name: string; value: string }; rest: { name: string; attr: string; value: string }[] } {
  const rest: { name: string; attr: string; value: string }[] = [];
  const target = filter.targetType && filter.targetId ? auditTargetKey(filter.targetType, filter.targetId) : undefined;
  let chosen: { index?: string; pk: { name: string; value: string } } | undefined;
  const candidates: [string | undefined, string, string | undefined][] = [
    ['byTarget', 'targetKey', target],
    ['byActor', 'actorEmail', filter.actor],
    ['byAction', 'action', filter.action],
  ];
  for (const [index, attr, value] of candidates) {
    if (value === undefined) continue;
    if (!chosen) chosen = { index, pk: { name: attr, value } };
    else rest.push({ name: `#f${rest.length}`, attr, value });
  }
  return { ...(chosen ?? { pk: { name: 'log', value: AUDIT_LOG } }), rest };
}

/** The entryKey range of a day range: `from` 00:00 UTC up to the end of `to`. */
export function keyRange(filter: AuditFilter): { lower?: string; upper?: string } {
  return { ...(filter.from ? { lower: `${filter.from}T00:00:00.000Z` } : {}), ...(filter.to ? { upper: `${filter.to}T23:59:59.999Z#\uffff` } : {}) };
}

/** The DynamoDB key of an item in the index the plan reads (to resume after it). */
function keyOf(item: Record<string, unknown>, index: string | undefined, pkName: string): Key {
  const key: Key = { log: String(item.log), entryKey: String(item.entryKey) };
  if (index) key[pkName] = String(item[pkName]);
  return key;
}

export interface AuditPageResult {
  items: AuditEntry[];
  /** Where to resume: the key of the last entry returned, or null at the end. */
  next: Key | null;
}

/**
 * Up to `limit` entries, newest first, after `after` (a key this function returned). DynamoDB's
 * Limit counts items before the filter, so pages are read until `limit` entries match or the range ends.
 */
export async function readAuditPage(filter: AuditFilter, limit: number, after?: Key): Promise<AuditPageResult> {
  const p = plan(filter);
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

  const items: AuditEntry[] = [];
  let startKey: Key | undefined = after;
  let lastKey: Key | null = null;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: tableName('audit'),
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
    for (const item of out.Items ?? []) {
      items.push(entryOf(item));
      lastKey = keyOf(item, p.index, p.pk.name);
      if (items.length === limit) {
        // More may follow this entry, unless it was the last of the last page.
        const endOfRange = !out.LastEvaluatedKey && item === out.Items![out.Items!.length - 1];
        return { items, next: endOfRange ? null : lastKey };
      }
    }
    startKey = out.LastEvaluatedKey as Key | undefined;
  } while (startKey);
  return { items, next: null };
}

/** Every entry of a filter, page by page (the CSV export). */
export async function* auditPages(filter: AuditFilter, pageSize: number): AsyncGenerator<AuditEntry[]> {
  let after: Key | undefined;
  do {
    const page = await readAuditPage(filter, pageSize, after);
    if (page.items.length) yield page.items;
    after = page.next ?? undefined;
  } while (after);
}
