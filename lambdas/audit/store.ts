/**
 * Reading the audit log (issue 13): newest first, through the table's one partition or, when a filter
 * names an action, an operator or a target, through that filter's index (contracts/tables.ts); the other
 * filters and the day range narrow the same key range. Never a scan.
 */
import type { AuditEntry, AuditFilter } from '../../contracts/audit';
import { logPages, readLogPage, type LogKey } from '../shared/entry-log';
import { AUDIT_LOG, auditTargetKey, entryOf } from './record';

type Key = LogKey;

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

/** Up to `limit` entries, newest first, after `after` (a key this function returned; lambdas/shared/entry-log.ts). */
export async function readAuditPage(filter: AuditFilter, limit: number, after?: Key): Promise<AuditPageResult> {
  const p = plan(filter);
  return readLogPage({ table: 'audit', plan: p, range: keyRange(filter), entryOf, keyOf: (item) => keyOf(item, p.index, p.pk.name) }, limit, after);
}

/** Every entry of a filter, page by page (the CSV export). */
export function auditPages(filter: AuditFilter, pageSize: number): AsyncGenerator<AuditEntry[]> {
  return logPages((after) => readAuditPage(filter, pageSize, after));
}
