/**
 * Support case threads (issue 13, screen 4; contracts/support/thread.ts): the vendor's cases and
 * answers, the ops inbox, replies, close and reopen. Layout in the supportCases table (docs/decisions.md,
 * "Support inbox"):
 * - the case item (`caseId` = `SC-…`) keeps the opening message (`message`) as it always did, plus
 *   `lastActivityAt`, `lastAuthor` and `messageCount` (absent on cases opened before threads: the
 *   opening message is then the only one);
 * - every later message is an item of its own in the vendor's partition, `caseId` =
 *   `MSG#<caseId>#<at>#<id>`: a thread is one key range, and the vendor's list (`begins_with SC-`) and
 *   the `byStatus` index (message items carry no `status`) never see them.
 * Every change is one transaction: the case's status moves under a condition on the status it was
 * read with, so a close and a reply that race cannot both win; an ops action adds its audit entry and
 * a reply the vendor's notification to the same transaction.
 */
import { randomBytes } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AuditAction } from '../../contracts/audit';
import {
  SUPPORT_PAGE_SIZE,
  SUPPORT_THREAD_MAX,
  type AdminSupportCase,
  type AdminSupportListQuery,
  type SupportAuthor,
  type SupportCaseDetail,
  type SupportCaseSummary,
  type SupportMessage,
  type SupportStatus,
  SUPPORT_CASE_ID,
} from '../../contracts/support/thread';
import type { SupportCategory } from '../../contracts/support/schema';
import { auditWrite, type Operator } from '../audit/record';
import { notificationWrites, type TransactItem } from '../notifications/record';
import { dynamo } from '../shared/clients';
import { ConflictError, NotFoundError } from '../shared/errors';
import { tableName } from '../shared/tables';

/** The stored case item (store.ts writes the first four and the opening message). */
interface CaseItem {
  vendorId: string;
  caseId: string;
  userId: string;
  email: string;
  category: SupportCategory;
  message: string;
  status: SupportStatus;
  createdAt: string;
  lastActivityAt?: string;
  lastAuthor?: SupportAuthor;
  messageCount?: number;
}

interface MessageItem {
  vendorId: string;
  caseId: string;
  caseRef: string;
  messageId: string;
  author: SupportAuthor;
  body: string;
  at: string;
  /** Who wrote it: the vendor user's or the operator's id and e-mail. */
  authorUserId: string;
  authorEmail: string;
}

export const CASE_PREFIX = 'SC-';
export const messagePrefix = (caseId: string): string => `MSG#${caseId}#`;

const PREVIEW_LENGTH = 140;

export function summaryOf(item: CaseItem): SupportCaseSummary {
  return {
    caseId: item.caseId,
    vendorId: item.vendorId,
    category: item.category,
    status: item.status,
    createdAt: item.createdAt,
    lastActivityAt: item.lastActivityAt ?? item.createdAt,
    lastAuthor: item.lastAuthor ?? 'vendor',
    preview: item.message.length > PREVIEW_LENGTH ? `${item.message.slice(0, PREVIEW_LENGTH - 1)}…` : item.message,
    messageCount: item.messageCount ?? 1,
  };
}

async function getCaseItem(vendorId: string, caseId: string): Promise<CaseItem | null> {
  // Anything but ids as issued is no case (and never reaches DynamoDB's key limits).
  if (!SUPPORT_CASE_ID.test(caseId) || !/^V-\d{1,12}$/.test(vendorId)) return null;
  const out = await dynamo.send(new GetCommand({ TableName: tableName('supportCases'), Key: { vendorId, caseId }, ConsistentRead: true }));
  return (out.Item as CaseItem | undefined) ?? null;
}

async function threadOf(item: CaseItem): Promise<SupportMessage[]> {
  const messages: SupportMessage[] = [{ messageId: 'first', author: 'vendor', body: item.message, at: item.createdAt }];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: tableName('supportCases'),
        KeyConditionExpression: 'vendorId = :v AND begins_with(caseId, :prefix)',
        ExpressionAttributeValues: { ':v': item.vendorId, ':prefix': messagePrefix(item.caseId) },
        ConsistentRead: true,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const m of (out.Items ?? []) as MessageItem[]) messages.push({ messageId: m.messageId, author: m.author, body: m.body, at: m.at });
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return messages;
}

const notFound = () => new NotFoundError('No such support case.', 'support_case_not_found');

/** A case with its thread, or null when the vendor has no such case (another vendor's id is no case of theirs). */
export async function getCaseThread(vendorId: string, caseId: string): Promise<SupportCaseDetail | null> {
  const item = await getCaseItem(vendorId, caseId);
  if (!item) return null;
  return { ...summaryOf(item), messages: await threadOf(item) };
}

/** The ops view: the thread and the vendor's name (vendors' `byVendorId`) and e-mail. */
export async function getAdminCase(vendorId: string, caseId: string): Promise<AdminSupportCase | null> {
  const item = await getCaseItem(vendorId, caseId);
  if (!item) return null;
  const [messages, vendor] = await Promise.all([
    threadOf(item),
    dynamo.send(
      new QueryCommand({
        TableName: tableName('vendors'),
        IndexName: 'byVendorId',
        KeyConditionExpression: 'vendorId = :v',
        ExpressionAttributeValues: { ':v': vendorId },
        Limit: 1,
      }),
    ),
  ]);
  const record = vendor.Items?.[0] as { vendorName?: string; email?: string } | undefined;
  return {
    ...summaryOf(item),
    messages,
    vendor: { vendorId, name: record?.vendorName ?? null, email: record?.email ?? item.email },
  };
}

export type PageKey = Record<string, string>;

/** The vendor's own cases, newest first (case ids are time-ordered). */
export async function listVendorCases(vendorId: string, after?: PageKey): Promise<{ items: SupportCaseSummary[]; lastKey: PageKey | null }> {
  return collect(
    {
      TableName: tableName('supportCases'),
      KeyConditionExpression: 'vendorId = :v AND begins_with(caseId, :prefix)',
      ExpressionAttributeValues: { ':v': vendorId, ':prefix': CASE_PREFIX },
      ScanIndexForward: false,
    },
    after,
    (item) => ({ vendorId: item.vendorId, caseId: item.caseId }),
  );
}

/**
 * The ops inbox: one status partition of `byStatus` (or, filtered by vendor, that vendor's partition
 * of the table), with the category as a filter; open cases oldest first (the queue), the others newest
 * first. Never a scan.
 */
export async function listInbox(query: Omit<AdminSupportListQuery, 'cursor'>, after?: PageKey): Promise<{ items: SupportCaseSummary[]; lastKey: PageKey | null }> {
  const forward = query.status === 'open';
  const filters: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (query.category) {
    filters.push('#category = :category');
    names['#category'] = 'category';
    values[':category'] = query.category;
  }
  if (query.vendorId) {
    filters.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = query.status;
    return collect(
      {
        TableName: tableName('supportCases'),
        KeyConditionExpression: 'vendorId = :v AND begins_with(caseId, :prefix)',
        FilterExpression: filters.join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ...values, ':v': query.vendorId, ':prefix': CASE_PREFIX },
        ScanIndexForward: forward,
      },
      after,
      (item) => ({ vendorId: item.vendorId, caseId: item.caseId }),
    );
  }
  return collect(
    {
      TableName: tableName('supportCases'),
      IndexName: 'byStatus',
      KeyConditionExpression: '#pk = :status',
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ExpressionAttributeNames: { ...names, '#pk': 'status' },
      ExpressionAttributeValues: { ...values, ':status': query.status },
      ScanIndexForward: forward,
    },
    after,
    (item) => ({ status: item.status, createdAt: item.createdAt, vendorId: item.vendorId, caseId: item.caseId }),
  );
}

/**
 * Reads until a page is full (a filter may leave DynamoDB pages short) and one more row is known to
 * exist, so a cursor never leads to an empty page. The cursor's position is the last row's key.
 */
async function collect(input: QueryCommandInput, after: PageKey | undefined, keyOf: (item: CaseItem) => PageKey): Promise<{ items: SupportCaseSummary[]; lastKey: PageKey | null }> {
  const rows: CaseItem[] = [];
  let startKey: Record<string, unknown> | undefined = after;
  do {
    const out = await dynamo.send(new QueryCommand({ ...input, Limit: 50, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
    rows.push(...((out.Items ?? []) as CaseItem[]));
    startKey = out.LastEvaluatedKey;
  } while (startKey && rows.length <= SUPPORT_PAGE_SIZE);
  const page = rows.slice(0, SUPPORT_PAGE_SIZE);
  const more = rows.length > SUPPORT_PAGE_SIZE || Boolean(startKey);
  return { items: page.map(summaryOf), lastKey: more && page.length > 0 ? keyOf(page.at(-1)!) : null };
}

/** What a message does to the case: who writes, the status after, the audit action of an ops change. */
interface Change {
  vendorId: string;
  caseId: string;
  /** The new status, from the status the case has now (throws a ConflictError when the change is not allowed). */
  next(current: CaseItem): SupportStatus;
  message?: { author: SupportAuthor; body: string; by: { userId: string; email: string } };
  /** Ops changes: the operator and the audit action. */
  audit?: { actor: Operator; action: AuditAction };
}

const closedConflict = () =>
  new ConflictError('This support case is closed (it may have just been closed by someone else). Reopen it to reply.', 'support_case_closed');

/**
 * Applies a change in one transaction, conditional on the status the case was read with; when
 * another change got there first the case is read again and the rule applied to what it is now.
 */
async function applyChange(change: Change, now: Date): Promise<SupportCaseDetail> {
  const table = tableName('supportCases');
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await getCaseItem(change.vendorId, change.caseId);
    if (!current) throw notFound();
    const next = change.next(current);
    const count = current.messageCount ?? 1;
    if (change.message && count > SUPPORT_THREAD_MAX) {
      throw new ConflictError(`This support case has reached ${SUPPORT_THREAD_MAX + 1} messages. Please open a new case.`, 'support_thread_full');
    }
    // Strictly later than the last message, so the thread's order is its keys' order.
    const last = Date.parse(current.lastActivityAt ?? current.createdAt);
    const at = new Date(Math.max(now.getTime(), last + 1)).toISOString();
    const items: TransactItem[] = [];
    const sets = ['#status = :next'];
    const values: Record<string, unknown> = { ':before': current.status, ':next': next };
    if (change.message) {
      sets.push('lastActivityAt = :at', 'lastAuthor = :author', 'messageCount = :count');
      Object.assign(values, { ':at': at, ':author': change.message.author, ':count': count + 1 });
    }
    items.push({
      Update: {
        TableName: table,
        Key: { vendorId: change.vendorId, caseId: change.caseId },
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(caseId) AND #status = :before',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
      },
    });
    if (change.message) {
      const messageId = `${at}#${randomBytes(3).toString('hex')}`;
      const message: MessageItem = {
        vendorId: change.vendorId,
        caseId: `${messagePrefix(change.caseId)}${messageId}`,
        caseRef: change.caseId,
        messageId,
        author: change.message.author,
        body: change.message.body,
        at,
        authorUserId: change.message.by.userId,
        authorEmail: change.message.by.email,
      };
      items.push({ Put: { TableName: table, Item: message, ConditionExpression: 'attribute_not_exists(caseId)' } });
      if (change.message.author === 'ops') {
        // The vendor is told, with the reply: the inbox item (its e-mail goes out from there) leads to the case page.
        items.push(
          ...notificationWrites({
            vendorId: change.vendorId,
            type: 'support_reply',
            subject: `${change.caseId}@${at}`,
            params: { caseId: change.caseId, message: change.message.body },
            createdAt: at,
          }),
        );
      }
    }
    if (change.audit) {
      items.push(
        auditWrite({
          actor: change.audit.actor,
          action: change.audit.action,
          target: { type: 'support_case', id: change.caseId },
          vendorId: change.vendorId,
          before: { status: current.status },
          // A reply records its length, not its text: the thread keeps the text, the log stays small.
          after: change.message ? { status: next, messageLength: change.message.body.length } : { status: next },
          at,
        }),
      );
    }
    try {
      await dynamo.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (err) {
      if (!(err instanceof TransactionCanceledException)) throw err;
      // The case changed since it was read (a reply, an answer, a close): apply the rule to what it is now.
      continue;
    }
    const updated = await getCaseThread(change.vendorId, change.caseId);
    if (!updated) throw notFound();
    return updated;
  }
  throw new ConflictError('This support case is changing right now. Please reload it and try again.', 'conflict');
}

/** A vendor answers its own case: the case waits for ops again (`open`), a closed one too. */
export function answerCase(vendor: { vendorId: string; userId: string; email: string }, caseId: string, body: string, now = new Date()): Promise<SupportCaseDetail> {
  return applyChange({ vendorId: vendor.vendorId, caseId, next: () => 'open', message: { author: 'vendor', body, by: { userId: vendor.userId, email: vendor.email } } }, now);
}

/** Ops reply: the case waits for the vendor (`answered`); the vendor is notified. A closed case must be reopened first. */
export function replyToCase(actor: Operator, vendorId: string, caseId: string, body: string, now = new Date()): Promise<SupportCaseDetail> {
  return applyChange(
    {
      vendorId,
      caseId,
      next: (c) => {
        if (c.status === 'closed') throw closedConflict();
        return 'answered';
      },
      message: { author: 'ops', body, by: actor },
      audit: { actor, action: 'support.replied' },
    },
    now,
  );
}

/** Ops close an open or answered case. */
export function closeCase(actor: Operator, vendorId: string, caseId: string, now = new Date()): Promise<SupportCaseDetail> {
  return applyChange(
    {
      vendorId,
      caseId,
      next: (c) => {
        if (c.status === 'closed') throw new ConflictError('This support case is already closed (perhaps by someone else just now).', 'support_case_closed');
        return 'closed';
      },
      audit: { actor, action: 'support.closed' },
    },
    now,
  );
}

/** Ops reopen a closed case: it waits for ops again (`open`). */
export function reopenCase(actor: Operator, vendorId: string, caseId: string, now = new Date()): Promise<SupportCaseDetail> {
  return applyChange(
    {
      vendorId,
      caseId,
      next: (c) => {
        if (c.status !== 'closed') throw new ConflictError('This support case is not closed (perhaps someone reopened it just now).', 'support_case_not_closed');
        return 'open';
      },
      audit: { actor, action: 'support.reopened' },
    },
    now,
  );
}

export { notFound as supportCaseNotFound };
