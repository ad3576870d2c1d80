/**
 * The read side of the vendor's inbox (issue 12) in the `notifications` table: the list, the unread
 * count, marking read and the e-mail preferences. The notifier writes the items (in the same
 * transaction as the change they report, lambdas/notifications/model.ts); this module only reads
 * them and marks them read. Item layout, as the notifier writes it:
 *
 *   inbox item  { vendorId, sk: 'N#<createdAt>#<eventId>', id, type, category, createdAt, params, link, readAt? }
 *   STATE       { vendorId, sk: 'STATE', unread, readThrough?, emailPreferences? }
 *
 * An item is read when it has `readAt` or was created at or before `readThrough` ("Mark all read"
 * sets `readThrough` and `unread = 0` in one write instead of touching every item).
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_EMAIL_PREFERENCES,
  OPTIONAL_CATEGORIES,
  type EmailPreferences,
  type NotificationView,
  type OptionalCategory,
} from '../../contracts/notifications';
import { dynamo } from '../shared/clients';
import { INBOX_PREFIX, inboxSk, STATE_SK, type InboxItem, type StateItem } from './model';
import { tableName } from '../shared/tables';

/** Inbox items per page of GET /api/notifications (docs/decisions.md). */
export const INBOX_PAGE_SIZE = 20;
/** DynamoDB allows 100 actions per transaction: the items, plus the STATE update. */
const ITEMS_PER_TRANSACTION = 99;
/** Concurrent writes to STATE (a new notification, another tab marking read) make a mark-read try again. */
const MARK_READ_ATTEMPTS = 5;

/** Every inbox item's sort key starts with this (then `<createdAt>#<eventId>`; lambdas/notifications/model.ts). */
export const ITEM_PREFIX = INBOX_PREFIX;
export const inboxItemKey = (vendorId: string, createdAt: string, eventId: string) => ({ vendorId, sk: inboxSk(createdAt, eventId) });
const stateKey = (vendorId: string) => ({ vendorId, sk: STATE_SK });

/** The vendor's STATE item as the inbox reads it (absent until the first notification or preference). */
type InboxState = Partial<Omit<StateItem, 'vendorId' | 'sk'>>;

export const isRead = (item: Pick<InboxItem, 'readAt' | 'createdAt'>, readThrough: string | undefined): boolean =>
  Boolean(item.readAt) || (readThrough !== undefined && item.createdAt <= readThrough);

/** The unread count as stored, never below 0 (a count the API answers is a non-negative integer). */
const unreadOf = (state: InboxState | undefined): number => Math.max(0, Math.trunc(Number(state?.unread ?? 0)) || 0);

export function notificationView(item: InboxItem, readThrough: string | undefined): NotificationView {
  return { id: item.id, type: item.type, category: item.category, createdAt: item.createdAt, read: isRead(item, readThrough), params: item.params ?? {}, link: item.link };
}

export async function getInboxState(vendorId: string): Promise<InboxState | undefined> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('notifications'), Key: stateKey(vendorId), ConsistentRead: true }));
  return out.Item as InboxState | undefined;
}

export async function unreadCount(vendorId: string): Promise<number> {
  return unreadOf(await getInboxState(vendorId));
}

export interface InboxPage {
  items: NotificationView[];
  /** The sort key of the page's last item when more items follow, else null. */
  lastKey: string | null;
  unread: number;
}

/**
 * One page of the vendor's inbox, newest first, after `after` (an item's sort key), with the unread
 * count. Asks for one item more than the page: when it comes back, another page exists, so a client
 * never follows a cursor to an empty page.
 */
export async function queryInboxPage(vendorId: string, opts: { limit: number; after?: string }): Promise<InboxPage> {
  const [out, state] = await Promise.all([
    dynamo.send(
      new QueryCommand({
        TableName: tableName('notifications'),
        KeyConditionExpression: 'vendorId = :v AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':v': vendorId, ':prefix': ITEM_PREFIX },
        ScanIndexForward: false,
        Limit: opts.limit + 1,
        ...(opts.after ? { ExclusiveStartKey: { vendorId, sk: opts.after } } : {}),
      }),
    ),
    getInboxState(vendorId),
  ]);
  const items = (out.Items ?? []) as InboxItem[];
  const page = items.slice(0, opts.limit);
  const more = items.length > opts.limit || (out.LastEvaluatedKey !== undefined && page.length > 0);
  return {
    items: page.map((item) => notificationView(item, state?.readThrough)),
    lastKey: more ? page[page.length - 1]!.sk : null,
    unread: unreadOf(state),
  };
}

/** "Mark all read": everything created until now is read, and the count is 0, in one write. */
export async function markAllRead(vendorId: string, now: Date): Promise<number> {
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName('notifications'),
      Key: stateKey(vendorId),
      UpdateExpression: 'SET readThrough = :now, unread = :zero',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':zero': 0 },
    }),
  );
  return 0;
}

/**
 * The vendor's items with these event ids (ids not found are ignored: another vendor's, or made up).
 * Reads the inbox's keys newest first and stops as soon as every id was found: the items a vendor
 * marks read are the ones just shown, on the first pages.
 */
async function findItems(vendorId: string, ids: readonly string[]): Promise<Pick<InboxItem, 'sk' | 'id' | 'createdAt' | 'readAt'>[]> {
  const wanted = new Set(ids);
  const found: Pick<InboxItem, 'sk' | 'id' | 'createdAt' | 'readAt'>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: tableName('notifications'),
        KeyConditionExpression: 'vendorId = :v AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':v': vendorId, ':prefix': ITEM_PREFIX },
        ProjectionExpression: 'sk, #id, createdAt, readAt',
        ExpressionAttributeNames: { '#id': 'id' },
        ScanIndexForward: false,
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of (out.Items ?? []) as Pick<InboxItem, 'sk' | 'id' | 'createdAt' | 'readAt'>[]) {
      if (wanted.delete(item.id)) found.push(item);
    }
    start = out.LastEvaluatedKey;
  } while (start && wanted.size > 0);
  return found;
}

/**
 * Marks these items read: each item that was unread gets `readAt`, and the unread count drops by
 * exactly that many, in one transaction (per 99 items), never below 0. Items already read (by
 * `readAt` or `readThrough`) change nothing. The count is written with the value it was read with as
 * the condition, so a notification arriving meanwhile (the notifier adds 1) makes it read again and retry.
 * Returns the unread count after.
 */
export async function markRead(vendorId: string, ids: readonly string[], now: Date): Promise<number> {
  const table = tableName('notifications');
  for (let attempt = 1; ; attempt += 1) {
    const [state, items] = await Promise.all([getInboxState(vendorId), findItems(vendorId, ids)]);
    const unreadItems = items.filter((item) => !isRead(item, state?.readThrough));
    let unread = unreadOf(state);
    if (unreadItems.length === 0) return unread;
    // The count as stored, the condition of the write (absent: the STATE item has none yet).
    let was: number | undefined = state?.unread;
    try {
      for (let i = 0; i < unreadItems.length; i += ITEMS_PER_TRANSACTION) {
        const chunk = unreadItems.slice(i, i + ITEMS_PER_TRANSACTION);
        const next = Math.max(0, unread - chunk.length);
        await dynamo.send(
          new TransactWriteCommand({
            TransactItems: [
              ...chunk.map((item) => ({
                Update: {
                  TableName: table,
                  Key: { vendorId, sk: item.sk },
                  UpdateExpression: 'SET readAt = :now',
                  ConditionExpression: 'attribute_exists(sk) AND attribute_not_exists(readAt)',
                  ExpressionAttributeValues: { ':now': now.toISOString() },
                },
              })),
              {
                Update: {
                  TableName: table,
                  Key: stateKey(vendorId),
                  UpdateExpression: 'SET unread = :next',
                  // The count it was computed from (absent counts as 0): a concurrent change retries.
                  ConditionExpression: was === undefined ? 'attribute_not_exists(unread)' : 'unread = :was',
                  ExpressionAttributeValues: { ':next': next, ...(was === undefined ? {} : { ':was': was }) },
                },
              },
            ],
          }),
        );
        unread = next;
        was = next;
      }
      return unread;
    } catch (err) {
      if (!(err instanceof TransactionCanceledException) || attempt >= MARK_READ_ATTEMPTS) throw err;
    }
  }
}

/** The vendor's e-mail preferences: the saved ones over the defaults (contracts/notifications.ts). */
export function preferencesOf(state: InboxState | undefined): EmailPreferences {
  const saved = state?.emailPreferences ?? {};
  const email = { ...DEFAULT_EMAIL_PREFERENCES };
  for (const category of OPTIONAL_CATEGORIES) {
    if (typeof saved[category] === 'boolean') email[category] = saved[category];
  }
  return { email };
}

export async function getPreferences(vendorId: string): Promise<EmailPreferences> {
  return preferencesOf(await getInboxState(vendorId));
}

/** Saves the e-mail preferences (the STATE item is created when it does not exist; the count is kept). */
export async function savePreferences(vendorId: string, preferences: EmailPreferences): Promise<EmailPreferences> {
  const email = Object.fromEntries(OPTIONAL_CATEGORIES.map((c) => [c, preferences.email[c]])) as Record<OptionalCategory, boolean>;
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName('notifications'),
      Key: stateKey(vendorId),
      UpdateExpression: 'SET emailPreferences = :prefs, unread = if_not_exists(unread, :zero)',
      ExpressionAttributeValues: { ':prefs': email, ':zero': 0 },
    }),
  );
  return { email };
}
