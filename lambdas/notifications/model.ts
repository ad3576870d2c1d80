/**
 * Item layout of the `notifications` table (lambdas/shared/tables.ts; contracts/notifications.ts):
 * per vendor, one inbox item per event (`N#<createdAt>#<eventId>`) and one `STATE` item.
 *
 * The inbox item is written in the same DynamoDB transaction as the change it reports
 * (lambdas/notifications/record.ts), with the condition that it does not exist yet, so a replayed
 * event is the same item and is never counted twice; the table's stream feeds the notifier, which
 * e-mails each new `N#` item (lambdas/notifications/notifier-handler.ts).
 */
import type { NotificationCategory, NotificationType, OptionalCategory } from '../../contracts/notifications';

/** Sort-key prefix of the inbox items. */
export const INBOX_PREFIX = 'N#';
/** Sort key of the vendor's STATE item. */
export const STATE_SK = 'STATE';

export const inboxSk = (createdAt: string, eventId: string): string => `${INBOX_PREFIX}${createdAt}#${eventId}`;

/** `N#<createdAt>#<eventId>` inbox item. */
export interface InboxItem {
  vendorId: string;
  sk: string;
  /** The event id (deterministic per event: a replay writes the same item). */
  id: string;
  type: NotificationType;
  category: NotificationCategory;
  /** UTC ISO-8601. */
  createdAt: string;
  /** The event's figures: `NotificationParams<type>` (contracts/notifications.ts). */
  params: Record<string, unknown>;
  /** Portal path the item leads to, e.g. /products/P-1/edit. */
  link: string;
  /** Epoch seconds when DynamoDB's TTL removes the item: INBOX_RETENTION_MONTHS after createdAt. */
  expiresAt: number;
  /** Set when the vendor marked the item read (UTC ISO-8601). */
  readAt?: string;
}

/** `STATE` item. Every attribute may be missing (a vendor with no notification yet has no item). */
export interface StateItem {
  vendorId: string;
  sk: typeof STATE_SK;
  /** Unread inbox items: `ADD unread :1` with each new item, lowered by marking read. */
  unread?: number;
  /** Everything created at or before this instant counts as read (mark all read; UTC ISO-8601). */
  readThrough?: string;
  /** The vendor's choices; a missing category takes DEFAULT_EMAIL_PREFERENCES. */
  emailPreferences?: Partial<Record<OptionalCategory, boolean>>;
}
