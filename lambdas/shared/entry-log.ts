/**
 * Reading an append-only log newest first (the ops audit log, lambdas/audit/store.ts; the vendor
 * activity log, lambdas/activity/store.ts): one key range of the table or of a filter's index, the
 * other filters as a FilterExpression, an optional day range on `entryKey` (`<at>#<id>`), and a
 * cursor that is the last key returned.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TableKey } from '../../contracts/tables';
import { dynamo } from './clients';
import { tableName } from './tables';

export type LogKey = Record<string, string>;

/** Which key range a filter reads: the index (or the table), its partition, and the filters left over. */
export interface LogPlan {
  index?: string;
  pk: { name: string; value: string };
  rest: { name: string; attr: string; value: string }[];
}

export interface LogQuery<T> {
  table: TableKey;
  plan: LogPlan;
  /** Bounds on `entryKey`, inclusive. */
  range: { lower?: string; upper?: string };
  entryOf(item: Record<string, unknown>): T;
  /** The cursor after an item: its key in the table and the index read. */
  keyOf(item: Record<string, unknown>): LogKey;
}

/**
 * Up to `limit` entries, newest first, after `after` (a key this function returned). DynamoDB's
 * Limit counts items before the filter, so pages are read until `limit` entries match or the range ends.
 */
export async function readLogPage<T>(q: LogQuery<T>, limit: number, after?: LogKey): Promise<{ items: T[]; next: LogKey | null }> {
  const { plan: p, range } = q;
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

  const items: T[] = [];
  let startKey: LogKey | undefined = after;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: tableName(q.table),
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
      items.push(q.entryOf(item));
      if (items.length === limit) {
        // More may follow this entry, unless it was the last of the last page.
        const endOfRange = !out.LastEvaluatedKey && i === page.length - 1;
        return { items, next: endOfRange ? null : q.keyOf(item) };
      }
    }
    startKey = out.LastEvaluatedKey as LogKey | undefined;
  } while (startKey);
  return { items, next: null };
}

/** Every entry of a log's filter, page by page (the CSV exports). */
export async function* logPages<T>(read: (after?: LogKey) => Promise<{ items: T[]; next: LogKey | null }>): AsyncGenerator<T[]> {
  let after: LogKey | undefined;
  do {
    const page = await read(after);
    if (page.items.length) yield page.items;
    after = page.next ?? undefined;
  } while (after);
}
