import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localTableName } from '../../contracts/tables';
import { DEFAULT_EMAIL_PREFERENCES, notificationPageSchema } from '../../contracts/notifications';
import { api } from '../support/auth';
import { approvedVendor, putItems, type TestVendor } from './orders-fixtures';

/**
 * The inbox API (issue 12) through the local API server on DynamoDB Local: the items are written
 * straight into the table in the layout the notifier writes (lambdas/notifications/inbox-store.ts),
 * with the STATE count, so paging, the count arithmetic and the transactions run against the real
 * expressions. Two vendors: nothing of one ever shows or changes in the other's inbox.
 */
let a: TestVendor;
let b: TestVendor;

const minute = (n: number) => new Date(Date.UTC(2026, 10, 20, 0, n)).toISOString();
function inbox(vendorId: string, count: number) {
  const items = Array.from({ length: count }, (_, i) => {
    const createdAt = minute(i + 1);
    return { vendorId, sk: `N#${createdAt}#E-${i + 1}`, id: `E-${i + 1}`, type: 'product_approved', category: 'products', createdAt, params: { productId: `P-${i + 1}`, productName: `Tea ${i + 1}` }, link: `/products/P-${i + 1}/edit` };
  });
  return [...items, { vendorId, sk: 'STATE', unread: count }];
}

const get = async (v: TestVendor, path: string) => api(path, { token: v.token });
const post = async (v: TestVendor, body: unknown) => api('/api/notifications/read', { method: 'POST', token: v.token, body: JSON.stringify(body) });
const unread = async (v: TestVendor) => ((await get(v, '/api/notifications/unread')).body as { unread: number }).unread;
const page = async (v: TestVendor, cursor?: string) => notificationPageSchema.parse((await get(v, `/api/notifications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`)).body);

/** Approval itself notifies the vendor (issue 12): start each inbox empty, so only this test's items are in it. */
async function clearInbox(vendorId: string): Promise<void> {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: inject('stack').dynamodbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  const table = localTableName('notifications');
  const out = await client.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': vendorId } }));
  for (const item of out.Items ?? []) await client.send(new DeleteCommand({ TableName: table, Key: { vendorId, sk: item.sk } }));
}

beforeAll(async () => {
  [a, b] = [await approvedVendor('inbox.a', 'Inbox A Foods'), await approvedVendor('inbox.b', 'Inbox B Foods')];
  await Promise.all([clearInbox(a.vendorId), clearInbox(b.vendorId)]);
  await putItems('notifications', [...inbox(a.vendorId, 25), ...inbox(b.vendorId, 3)]);
}, 60_000);

describe('the inbox API on DynamoDB Local', () => {
  it('pages newest first, 20 then 5, with the count', async () => {
    const first = await page(a);
    expect(first.items.map((i) => i.id)).toEqual(Array.from({ length: 20 }, (_, i) => `E-${25 - i}`));
    expect(first.unread).toBe(25);
    const second = await page(a, first.nextCursor!);
    expect(second.items.map((i) => i.id)).toEqual(['E-5', 'E-4', 'E-3', 'E-2', 'E-1']);
    expect(second.nextCursor).toBeNull();
    // A's cursor is not B's.
    expect((await get(b, `/api/notifications?cursor=${first.nextCursor}`)).status).toBe(400);
  });

  it('marks items read by id: only those that were unread count, only the caller’s own', async () => {
    expect((await post(a, { ids: ['E-25', 'E-3'] })).body).toEqual({ unread: 23 });
    expect((await post(a, { ids: ['E-25', 'E-24'] })).body).toEqual({ unread: 22 });
    // Both have an E-1: A marking it marks A's only.
    expect((await post(a, { ids: ['E-1'] })).body).toEqual({ unread: 21 });
    expect(await unread(b)).toBe(3);
    expect((await page(b)).items.every((i) => !i.read)).toBe(true);
    const read = [...(await page(a)).items, ...(await page(a, (await page(a)).nextCursor!)).items].filter((i) => i.read).map((i) => i.id);
    expect(read.sort()).toEqual(['E-1', 'E-24', 'E-25', 'E-3']);
  });

  it('"mark all read" zeroes the count and reads every item; later ones are unread again', async () => {
    expect((await post(a, { all: true })).body).toEqual({ unread: 0 });
    expect((await page(a)).items.every((i) => i.read)).toBe(true);
    const later = new Date(Date.now() + 60_000).toISOString();
    await putItems('notifications', [
      { vendorId: a.vendorId, sk: `N#${later}#E-99`, id: 'E-99', type: 'password_changed', category: 'security', createdAt: later, params: {}, link: '/dashboard' },
      { vendorId: a.vendorId, sk: 'STATE', unread: 1, readThrough: await readThrough(a) },
    ]);
    const p = await page(a);
    expect(p.items[0]).toMatchObject({ id: 'E-99', read: false });
    expect(p.items.slice(1).every((i) => i.read)).toBe(true);
    expect((await post(a, { ids: ['E-99', 'E-10'] })).body).toEqual({ unread: 0 });
  });

  it('preferences: defaults, then what was saved; security cannot be sent', async () => {
    expect((await get(b, '/api/notifications/preferences')).body).toEqual({ email: DEFAULT_EMAIL_PREFERENCES });
    const email = { ...DEFAULT_EMAIL_PREFERENCES, balance: true, products: false };
    expect((await api('/api/notifications/preferences', { method: 'PUT', token: b.token, body: JSON.stringify({ email }) })).body).toEqual({ email });
    expect((await get(b, '/api/notifications/preferences')).body).toEqual({ email });
    expect(await unread(b)).toBe(3);
    const refused = await api('/api/notifications/preferences', { method: 'PUT', token: b.token, body: JSON.stringify({ email: { ...email, security: false } }) });
    expect(refused).toMatchObject({ status: 400, body: { error: 'validation_error', message: expect.any(String) } });
  });
});

/** The read-through time "mark all read" stored (kept when the test rewrites STATE). */
async function readThrough(v: TestVendor): Promise<string> {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: inject('stack').dynamodbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  const out = await client.send(new GetCommand({ TableName: localTableName('notifications'), Key: { vendorId: v.vendorId, sk: 'STATE' } }));
  client.destroy();
  const time = out.Item?.readThrough;
  if (typeof time !== 'string') throw new Error('"mark all read" stored no readThrough');
  return time;
}
