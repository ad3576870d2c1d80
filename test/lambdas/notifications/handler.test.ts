import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_EMAIL_PREFERENCES, notificationPageSchema } from '../../../contracts/notifications';
import { encodeInboxCursor, handler } from '../../../lambdas/notifications/handler';
import { apiEvent, context } from '../events';
import { isErrorBody } from '../../support/error-body';

process.env.VENDORS_TABLE = 'vendors-test';
process.env.NOTIFICATIONS_TABLE = 'notifications-test';
const ddb = mockClient(DynamoDBDocumentClient);
const vendor = { userId: 'user-1', email: 'vendor@example.com', status: 'approved', vendorId: 'V-10001', vendorName: 'Golden Harvest Foods', language: 'en' };

/**
 * A small in-memory stand-in of the notifications table for one test: the items by `vendorId|sk`,
 * answering the reads and writes the inbox store sends (key conditions, the transaction's
 * conditions), so the tests check what a vendor would see, not the requests' wording.
 */
type Item = Record<string, unknown> & { vendorId: string; sk: string };
let table: Map<string, Item>;
const k = (vendorId: string, sk: string) => `${vendorId}|${sk}`;
const state = (vendorId = 'V-10001') => table.get(k(vendorId, 'STATE'));

function put(item: Item) {
  table.set(k(item.vendorId, item.sk), structuredClone(item));
}

/** An inbox item of minute `n` of 2026-11-20 (a later minute is newer). */
function inboxItem(n: number, extra: Record<string, unknown> = {}, vendorId = 'V-10001'): Item {
  const createdAt = new Date(Date.UTC(2026, 10, 20, 0, n)).toISOString();
  return { vendorId, sk: `N#${createdAt}#E-${n}`, id: `E-${n}`, type: 'product_approved', category: 'products', createdAt, params: { productId: `P-${n}`, productName: `Tea ${n}` }, link: `/products/P-${n}/edit`, ...extra };
}

/** The vendor's unread items and STATE as the notifier leaves them: `n` items, all unread. */
function givenInbox(n: number, extraState: Record<string, unknown> = {}) {
  for (let i = 1; i <= n; i += 1) put(inboxItem(i));
  put({ vendorId: 'V-10001', sk: 'STATE', unread: n, ...extraState });
}

function condition(expr: string | undefined, item: Item | undefined, values: Record<string, unknown>): boolean {
  if (!expr) return true;
  return expr.split(' AND ').every((part) => {
    const p = part.trim();
    if (p === 'attribute_exists(sk)') return item !== undefined;
    if (p === 'attribute_not_exists(readAt)') return item?.readAt === undefined;
    if (p === 'attribute_not_exists(unread)') return item?.unread === undefined;
    if (p === 'unread = :was') return item?.unread === values[':was'];
    throw new Error(`fake table: unknown condition ${p}`);
  });
}

function update(key: { vendorId: string; sk: string }, expr: string, values: Record<string, unknown>) {
  const item: Item = table.get(k(key.vendorId, key.sk)) ?? { ...key };
  for (const assignment of expr.replace(/^SET /, '').split(/, (?=\w+ = )/)) {
    const [name, value] = assignment.split(' = ') as [string, string];
    const m = /^if_not_exists\((\w+), (:\w+)\)$/.exec(value);
    item[name] = m ? (item[m[1]!] ?? values[m[2]!]) : values[value];
  }
  table.set(k(key.vendorId, key.sk), item);
}

/** Set by a test to change STATE just before the next transaction lands (a notification arriving). */
let beforeTransaction: (() => void) | undefined;

beforeEach(() => {
  ddb.reset();
  table = new Map();
  beforeTransaction = undefined;
  ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: vendor });
  ddb.on(GetCommand, { TableName: 'notifications-test' }).callsFake((input: { Key: { vendorId: string; sk: string } }) => {
    const item = table.get(k(input.Key.vendorId, input.Key.sk));
    return { Item: item ? structuredClone(item) : undefined };
  });
  ddb.on(QueryCommand).callsFake((input: { ExpressionAttributeValues: Record<string, string>; Limit?: number; ExclusiveStartKey?: Item; ScanIndexForward?: boolean }) => {
    const v = input.ExpressionAttributeValues[':v']!;
    const prefix = input.ExpressionAttributeValues[':prefix']!;
    let rows = [...table.values()].filter((i) => i.vendorId === v && i.sk.startsWith(prefix)).sort((a, b) => a.sk.localeCompare(b.sk));
    if (input.ScanIndexForward === false) rows.reverse();
    if (input.ExclusiveStartKey) {
      const after = input.ExclusiveStartKey.sk;
      rows = rows.filter((i) => (input.ScanIndexForward === false ? i.sk < after : i.sk > after));
    }
    const limited = input.Limit ? rows.slice(0, input.Limit) : rows;
    const more = input.Limit !== undefined && rows.length > input.Limit;
    return { Items: structuredClone(limited), ...(more ? { LastEvaluatedKey: { vendorId: v, sk: limited.at(-1)!.sk } } : {}) };
  });
  ddb.on(UpdateCommand).callsFake((input: { Key: { vendorId: string; sk: string }; UpdateExpression: string; ExpressionAttributeValues: Record<string, unknown> }) => {
    update(input.Key, input.UpdateExpression, input.ExpressionAttributeValues);
    return {};
  });
  ddb.on(TransactWriteCommand).callsFake((input: { TransactItems: { Update: { Key: { vendorId: string; sk: string }; UpdateExpression: string; ConditionExpression?: string; ExpressionAttributeValues: Record<string, unknown> } }[] }) => {
    beforeTransaction?.();
    beforeTransaction = undefined;
    const ok = input.TransactItems.every(({ Update: u }) => condition(u.ConditionExpression, table.get(k(u.Key.vendorId, u.Key.sk)), u.ExpressionAttributeValues));
    if (!ok) throw new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {} });
    for (const { Update: u } of input.TransactItems) update(u.Key, u.UpdateExpression, u.ExpressionAttributeValues);
    return {};
  });
});

async function call(method: string, resource: string, opts: { body?: unknown; query?: Record<string, string> } = {}) {
  const body = opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  const res = await handler(apiEvent(method, resource, { body, query: opts.query }), context);
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}
const list = (cursor?: string) => call('GET', '/api/notifications', cursor ? { query: { cursor } } : {});
const unread = async () => (await call('GET', '/api/notifications/unread')).body.unread;
const markRead = (body: unknown) => call('POST', '/api/notifications/read', { body });

describe('GET /api/notifications', () => {
  it('lists the caller’s inbox newest first, 20 a page, with a cursor to the rest and the unread count', async () => {
    givenInbox(45);
    put(inboxItem(99, {}, 'V-99999'));
    const first = await list();
    expect(first.status).toBe(200);
    const page = notificationPageSchema.parse(first.body);
    expect(page.items.map((i) => i.id)).toEqual(Array.from({ length: 20 }, (_, i) => `E-${45 - i}`));
    expect(page.unread).toBe(45);
    expect(page.items[0]).toEqual({
      id: 'E-45',
      type: 'product_approved',
      category: 'products',
      createdAt: '2026-11-20T00:45:00.000Z',
      read: false,
      params: { productId: 'P-45', productName: 'Tea 45' },
      link: '/products/P-45/edit',
    });

    const second = notificationPageSchema.parse((await list(page.nextCursor!)).body);
    expect(second.items.map((i) => i.id)).toEqual(Array.from({ length: 20 }, (_, i) => `E-${25 - i}`));
    const third = notificationPageSchema.parse((await list(second.nextCursor!)).body);
    expect(third.items.map((i) => i.id)).toEqual(['E-5', 'E-4', 'E-3', 'E-2', 'E-1']);
    expect(third.nextCursor).toBeNull();
  });

  it('gives no cursor when the page holds exactly the rest', async () => {
    givenInbox(20);
    expect((await list()).body.nextCursor).toBeNull();
  });

  it('answers an empty inbox of a vendor who never had a notification', async () => {
    expect((await list()).body).toEqual({ items: [], nextCursor: null, unread: 0 });
    expect(await unread()).toBe(0);
  });

  it('marks items read by readAt or by the read-through time', async () => {
    givenInbox(3, { readThrough: new Date(Date.UTC(2026, 10, 20, 0, 1)).toISOString(), unread: 1 });
    put(inboxItem(2, { readAt: '2026-11-21T00:00:00.000Z' }));
    const page = notificationPageSchema.parse((await list()).body);
    expect(page.items.map((i) => [i.id, i.read])).toEqual([['E-3', false], ['E-2', true], ['E-1', true]]);
  });

  it.each([
    ['garbage', 'not a cursor!'],
    ['another vendor’s cursor', encodeInboxCursor('V-99999', 'N#2026-11-20T00:05:00.000Z#E-5')],
    ['a cursor whose key is not an inbox item', encodeInboxCursor('V-10001', 'STATE')],
  ])('answers 400 invalid_cursor for %s', async (_what, cursor) => {
    const res = await list(cursor);
    expect(res).toEqual({ status: 400, body: { error: 'invalid_cursor', message: expect.any(String) } });
  });

  it('answers 400 for an unknown query parameter', async () => {
    const res = await call('GET', '/api/notifications', { query: { vendorId: 'V-99999' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_error', message: expect.any(String) });
    expect(isErrorBody(res.body)).toBe(true);
  });
});

describe('POST /api/notifications/read', () => {
  it('marks single items read and lowers the count by those that were unread only', async () => {
    givenInbox(5);
    expect(await markRead({ ids: ['E-2', 'E-4'] })).toEqual({ status: 200, body: { unread: 3 } });
    expect(await unread()).toBe(3);
    // E-2 again (already read), E-3 (unread) and an id that is not the caller's: only E-3 counts.
    put(inboxItem(7, {}, 'V-99999'));
    expect((await markRead({ ids: ['E-2', 'E-3', 'E-7'] })).body).toEqual({ unread: 2 });
    const page = notificationPageSchema.parse((await list()).body);
    expect(page.items.filter((i) => !i.read).map((i) => i.id)).toEqual(['E-5', 'E-1']);
    expect(table.get(k('V-99999', inboxItem(7).sk))!.readAt).toBeUndefined();
  });

  it('never counts below 0, even when the stored count was already off', async () => {
    givenInbox(3, { unread: 1 });
    expect((await markRead({ ids: ['E-1', 'E-2', 'E-3'] })).body).toEqual({ unread: 0 });
    expect(state()!.unread).toBe(0);
  });

  it('leaves items created before "mark all read" alone', async () => {
    givenInbox(3, { readThrough: '2026-11-20T00:02:00.000Z', unread: 1 });
    expect((await markRead({ ids: ['E-1', 'E-2'] })).body).toEqual({ unread: 1 });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('reads again and retries when a notification arrived meanwhile, and keeps the new one unread', async () => {
    givenInbox(2);
    beforeTransaction = () => {
      put(inboxItem(3));
      put({ ...state()!, unread: 3 });
    };
    expect((await markRead({ ids: ['E-1'] })).body).toEqual({ unread: 2 });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('"mark all read" sets the read-through time and 0 in one write, and later items are unread again', async () => {
    givenInbox(4);
    expect((await markRead({ all: true })).body).toEqual({ unread: 0 });
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(1);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(state()).toMatchObject({ unread: 0, readThrough: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    const page = notificationPageSchema.parse((await list()).body);
    expect(page.items.every((i) => i.read)).toBe(true);
    expect(page.unread).toBe(0);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['an empty id list', { ids: [] }],
    ['all: false', { all: false }],
    ['both ids and all', { ids: ['E-1'], all: true }],
    ['an id that is not a string', { ids: [1] }],
    ['101 ids', { ids: Array.from({ length: 101 }, (_, i) => `E-${i}`) }],
    ['invalid JSON', '{"ids":'],
  ])('answers 400 { error, message } for %s and writes nothing', async (_what, body) => {
    givenInbox(2);
    const res = await markRead(body);
    expect(res.status).toBe(400);
    expect(isErrorBody(res.body)).toBe(true);
    expect(state()!.unread).toBe(2);
  });
});

describe('GET and PUT /api/notifications/preferences', () => {
  it('answers the defaults to a vendor who never saved any', async () => {
    expect(await call('GET', '/api/notifications/preferences')).toEqual({ status: 200, body: { email: DEFAULT_EMAIL_PREFERENCES } });
    expect(DEFAULT_EMAIL_PREFERENCES.balance).toBe(false);
  });

  it('saves the choice and answers it afterwards, keeping the unread count', async () => {
    givenInbox(2);
    const email = { account: false, products: true, payouts: true, balance: true, support: false };
    expect(await call('PUT', '/api/notifications/preferences', { body: { email } })).toEqual({ status: 200, body: { email } });
    expect((await call('GET', '/api/notifications/preferences')).body).toEqual({ email });
    expect(await unread()).toBe(2);
  });

  it.each([
    ['security (always on)', { email: { ...DEFAULT_EMAIL_PREFERENCES, security: false } }],
    ['a missing category', { email: { account: true, products: true, payouts: true, balance: true } }],
    ['a string for a boolean', { email: { ...DEFAULT_EMAIL_PREFERENCES, products: 'no' } }],
    ['an extra top-level key', { email: DEFAULT_EMAIL_PREFERENCES, vendorId: 'V-99999' }],
    ['no body', undefined],
  ])('answers 400 for %s and saves nothing', async (_what, body) => {
    const res = await call('PUT', '/api/notifications/preferences', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_error', message: expect.any(String) });
    expect(isErrorBody(res.body)).toBe(true);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});

describe('access', () => {
  it('refuses a caller whose vendor account is not approved', async () => {
    ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: { ...vendor, status: 'pending' } });
    const res = await call('GET', '/api/notifications/unread');
    expect(res).toEqual({ status: 403, body: { error: 'vendor_not_approved', message: expect.any(String) } });
  });
});
