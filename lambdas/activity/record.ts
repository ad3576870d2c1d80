/**
 * Recording a change in the vendor activity log (issue 14; contracts/activity.ts): one transaction
 * item the domain code adds to the very TransactWriteCommand that makes the change, so the log lists a
 * change exactly when it happened, and never one that did not (a change whose condition fails writes
 * no entry). The twin of the ops audit log's lambdas/audit/record.ts.
 *
 * The put is conditional on a new key: with the writers' `append` grant (PutItem only, lib/data.ts)
 * nothing that records activity can change or remove an entry.
 */
import { randomUUID } from 'node:crypto';
import { activityEntrySchema, type ActivityAction, type ActivityEntry, type ActivityViaType } from '../../contracts/activity';
import type { TransactItem } from '../notifications/record';
import { tableName } from '../shared/tables';

/** One item of a TransactWriteCommand (lib-dynamodb, plain values). */
export type TransactWriteItem = TransactItem;

/** A recorded value: scalars only (money in integer cents, masked destinations). */
export type ActivityValue = string | number | boolean | null;

export interface ActivityEvent {
  /** The vendor account the change belongs to (from the caller's verified token and vendor record). */
  vendorId: string;
  /** Who: the signed-in user's id (Cognito sub) and e-mail. */
  actor: { userId: string; email: string };
  action: ActivityAction;
  /** What it was done to: `product` P-…, `payout_method`, `member` …; `label` as it reads now (a product's name). */
  target?: { type: string; id: string; label?: string };
  /** Only the fields the change touched. */
  before?: Record<string, ActivityValue>;
  after?: Record<string, ActivityValue>;
  /** The change's own time; now when absent. */
  at?: Date;
  /** Made by a bulk job's apply or undo (issue 15): the job; absent for a single edit. */
  via?: { type: ActivityViaType; id: string };
}

/** The stored item: the entry plus the keys of the table and its indexes (contracts/tables.ts). */
export interface ActivityItem extends ActivityEntry {
  vendorId: string;
  entryKey: string;
  vendorAction: string;
  vendorActor: string;
  vendorActorEmail: string;
}

export const activityEntryKey = (at: string, activityId: string): string => `${at}#${activityId}`;
export const vendorActionKey = (vendorId: string, action: ActivityAction): string => `${vendorId}#${action}`;
export const vendorActorKey = (vendorId: string, userId: string): string => `${vendorId}#${userId}`;
export const vendorActorEmailKey = (vendorId: string, email: string): string => `${vendorId}#${email.trim().toLowerCase()}`;

/** The item of an event, checked against the contract (a bad entry fails the change, not the log). */
export function activityItemOf(event: ActivityEvent, activityId: string = randomUUID()): ActivityItem {
  if (!event.vendorId) throw new Error('An activity entry needs the vendor id');
  const target = event.target ? { type: event.target.type, id: event.target.id, ...(event.target.label ? { label: event.target.label } : {}) } : null;
  const entry = activityEntrySchema.parse({
    activityId,
    at: (event.at ?? new Date()).toISOString(),
    actor: { userId: event.actor.userId, email: event.actor.email },
    action: event.action,
    target,
    before: event.before ?? null,
    after: event.after ?? null,
    ...(event.via ? { via: { type: event.via.type, id: event.via.id } } : {}),
  });
  return {
    ...entry,
    vendorId: event.vendorId,
    entryKey: activityEntryKey(entry.at, entry.activityId),
    vendorAction: vendorActionKey(event.vendorId, entry.action),
    vendorActor: vendorActorKey(event.vendorId, entry.actor.userId),
    vendorActorEmail: vendorActorEmailKey(event.vendorId, entry.actor.email),
  };
}

/**
 * The transaction item recording `event`: a put on a new key. Append it to the TransactItems of the
 * change itself (never a write of its own): the entry and the change land together or not at all.
 */
export function activityWrite(event: ActivityEvent): TransactWriteItem {
  return { Put: { TableName: tableName('activity'), Item: activityItemOf(event), ConditionExpression: 'attribute_not_exists(entryKey)' } };
}

/** The entry as the API answers it (the stored item without its keys). */
export function activityEntryOf(item: object): ActivityEntry {
  const { vendorId: _vendor, entryKey: _key, vendorAction: _action, vendorActor: _actor, vendorActorEmail: _email, ...entry } = item as Record<string, unknown>;
  return activityEntrySchema.parse(entry);
}
