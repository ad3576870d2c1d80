/**
 * Recording an ops action in the audit log (issue 13; contracts/audit.ts): one transaction item the
 * domain code adds to the very transaction that makes the change, so the log lists an action exactly
 * when it happened, and never one that did not (a change whose condition fails writes no entry).
 *
 * The put is conditional on a new key: with the writers' `append` grant (PutItem only, lib/data.ts)
 * nothing that records actions can change or remove an entry.
 */
import { randomUUID } from 'node:crypto';
import { auditEntrySchema, type AuditAction, type AuditEntry, type AuditTargetType, type AuditValues } from '../../contracts/audit';
import type { TransactItem } from '../notifications/record';
import { tableName } from '../shared/tables';

/** The audit table's one partition (contracts/tables.ts). */
export const AUDIT_LOG = 'ops';

/** Who acts: a signed-in operator (Cognito sub and e-mail from the verified token), or a CLI (`cli:<login>`). */
export interface Operator {
  userId: string;
  email: string;
}

export interface AuditEvent {
  actor: Operator;
  action: AuditAction;
  target: { type: AuditTargetType; id: string };
  vendorId?: string | null;
  before?: AuditValues | null;
  after?: AuditValues | null;
  reason?: string | null;
  /** The change's own time (UTC ISO-8601). */
  at: string;
}

/** The stored item: the entry plus the keys of the table and its indexes. */
export interface AuditItem extends AuditEntry {
  log: typeof AUDIT_LOG;
  entryKey: string;
  actorEmail: string;
  targetKey: string;
}

export const auditEntryKey = (at: string, auditId: string): string => `${at}#${auditId}`;
export const auditTargetKey = (type: AuditTargetType, id: string): string => `${type}#${id}`;

/** The entry of an event, checked against the contract (a bad entry fails the change, not the log). */
export function auditItemOf(event: AuditEvent, auditId: string = randomUUID()): AuditItem {
  const entry = auditEntrySchema.parse({
    auditId,
    at: event.at,
    actor: { userId: event.actor.userId, email: event.actor.email },
    action: event.action,
    target: event.target,
    vendorId: event.vendorId ?? null,
    before: event.before ?? null,
    after: event.after ?? null,
    reason: event.reason ?? null,
  });
  return {
    ...entry,
    log: AUDIT_LOG,
    entryKey: auditEntryKey(entry.at, entry.auditId),
    actorEmail: entry.actor.email.toLowerCase(),
    targetKey: auditTargetKey(entry.target.type, entry.target.id),
  };
}

/** The transaction item recording `event`: a put on a new key. Append it to the change's TransactItems. */
export function auditWrite(event: AuditEvent): TransactItem {
  return { Put: { TableName: tableName('audit'), Item: auditItemOf(event), ConditionExpression: 'attribute_not_exists(entryKey)' } };
}

/** The entry as the API answers it (the stored item without its index keys). */
export function entryOf(item: Record<string, unknown>): AuditEntry {
  const { log: _log, entryKey: _key, actorEmail: _email, targetKey: _target, ...entry } = item;
  return auditEntrySchema.parse(entry);
}
