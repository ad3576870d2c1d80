/**
 * Recording a notification: the inbox item (the outbox the notifier e-mails from) and the unread
 * count, as DynamoDB transaction items the domain code adds to the very transaction that makes the
 * change it reports — the vendor is told exactly when the change happened, never without it.
 *
 * The event id is deterministic per event (`<type>.<what it is about>`, e.g.
 * `payout_paid.P-V-10001-2026-11-2`) and the item is put only if absent, so a replayed event is the
 * same item: the transaction fails instead of counting it twice. The item's time (part of its sort
 * key) is the domain change's own time, so a replay builds the same key.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { notificationCategory, notificationParams, type NotificationParams, type NotificationType } from '../../contracts/notifications';
import { INBOX_RETENTION_MONTHS } from '../../contracts/notification-answers';
import { dynamo } from '../shared/clients';
import { tableName } from '../shared/tables';
import { inboxSk, STATE_SK, type InboxItem } from './model';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface NotificationEvent<T extends NotificationType = NotificationType> {
  /** The inbox's owner: the vendor id (`V-…`), or the Cognito user id of an applicant without one yet. */
  vendorId: string;
  type: T;
  /** What the event is about, unique for this type: the payout id, product id + version, case id, … */
  subject: string;
  params: NotificationParams<T>;
  /** The domain change's time (UTC ISO-8601). */
  createdAt: string;
}

export const eventIdOf = (type: NotificationType, subject: string): string => `${type}.${subject}`;

/** Where in the portal an item leads (the web's routes, web/src/app/routes.tsx). */
export function linkFor<T extends NotificationType>(type: T, params: NotificationParams<T>): string {
  const p = params as Record<string, unknown>;
  switch (type) {
    case 'application_approved':
      return '/dashboard';
    case 'application_rejected':
      return '/contact';
    case 'product_approved':
    case 'product_rejected':
    case 'product_changes_requested':
      return `/products/${encodeURIComponent(String(p.productId))}/edit`;
    case 'payout_paid':
    case 'payout_failed':
      return `/payouts?payout=${encodeURIComponent(String(p.payoutId))}`;
    case 'balance_rolled_over':
    case 'payout_method_changed':
      return '/payouts';
    case 'support_case_received':
    case 'support_reply':
      return `/support/${encodeURIComponent(String(p.caseId))}`;
    case 'team_invitation':
      // No token: the notifier makes it as it sends the e-mail (invitationPath), issue 24 item 5.
      return `/invite?shop=${encodeURIComponent(String(p.businessName))}`;
    case 'team_member_changed':
      return '/team';

    case 'stock_low':
      return '/inventory?stock=low';
    default:
      return '/dashboard';
  }
}

/** The invitation e-mail's link: the token exists only there (and as its SHA-256 on the invitation). */
export const invitationPath = (token: string, businessName: string): string =>
  `/invite?token=${encodeURIComponent(token)}&shop=${encodeURIComponent(businessName)}`;

/** The inbox item of an event (params checked against contracts/notifications.ts). */
export function inboxItemOf<T extends NotificationType>(event: NotificationEvent<T>): InboxItem {
  const params = notificationParams[event.type].parse(event.params) as Record<string, unknown>;
  const id = eventIdOf(event.type, event.subject);
  return {
    vendorId: event.vendorId,
    sk: inboxSk(event.createdAt, id),
    id,
    type: event.type,
    category: notificationCategory[event.type],
    createdAt: event.createdAt,
    params,
    link: linkFor(event.type, event.params),
    expiresAt: inboxExpiry(event.createdAt),
  };
}

/**
 * When an inbox item created at `createdAt` expires (epoch seconds, the table's TTL attribute):
 * INBOX_RETENTION_MONTHS calendar months later (the 31st rolls into the next month, as Date does).
 */
export function inboxExpiry(createdAt: string): number {
  const created = new Date(createdAt);
  const expires = new Date(created.getTime());
  expires.setUTCMonth(expires.getUTCMonth() + INBOX_RETENTION_MONTHS);
  return Math.floor(expires.getTime() / 1000);
}

/**
 * The two transaction items of an event: the inbox item, only if absent, and `ADD unread 1` on the
 * vendor's STATE item. Append them to the domain change's TransactItems.
 */
export function notificationWrites<T extends NotificationType>(event: NotificationEvent<T>): TransactItem[] {
  return [inboxWrite(event), unreadWrite(event.vendorId, 1)];
}

/** The inbox item of an event, put only if absent (half of notificationWrites). */
export function inboxWrite<T extends NotificationType>(event: NotificationEvent<T>): TransactItem {
  return { Put: { TableName: tableName('notifications'), Item: inboxItemOf(event), ConditionExpression: 'attribute_not_exists(sk)' } };
}

/**
 * `ADD unread <count>` on the vendor's STATE item (the other half). A transaction may touch an item
 * only once, so one that records several events of a vendor (the bulk apply's `stock_low` notices)
 * puts each inbox item and counts them all in one of these.
 */
export function unreadWrite(vendorId: string, count: number): TransactItem {
  return {
    Update: {
      TableName: tableName('notifications'),
      Key: { vendorId, sk: STATE_SK },
      // `:one` (the name tests and readers know), whatever the count.
      UpdateExpression: 'ADD unread :one',
      ExpressionAttributeValues: { ':one': count },
    },
  };
}

/**
 * For domain code that cannot share its transaction (the change is a single write already made, or
 * happens outside DynamoDB): records the event on its own, right after the change. Idempotent: a
 * repeat of the same event (same id and time) writes nothing and answers false.
 */
export async function recordNotification<T extends NotificationType>(event: NotificationEvent<T>): Promise<boolean> {
  try {
    await dynamo.send(new TransactWriteCommand({ TransactItems: notificationWrites(event) }));
    return true;
  } catch (err) {
    if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw err;
  }
}
