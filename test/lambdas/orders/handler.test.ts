import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBServiceException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { handler } from '../../../lambdas/orders/handler';
import { encodeCursor } from '../../../lambdas/orders/cursor';
import { apiEvent, context } from '../events';

process.env.VENDORS_TABLE = 'vendors-test';
process.env.ORDERS_TABLE = 'orders-test';
const ddb = mockClient(DynamoDBDocumentClient);
const vendor = { userId: 'user-1', email: 'vendor@example.com', status: 'approved', vendorId: 'V-10001', vendorName: 'Golden Harvest Foods', language: 'en' };

const PROJECTION = 'orderKey, orderId, orderNumber, placedAt, #status, totalCents, quantity, #lines';
const NAMES = { '#status': 'status', '#lines': 'lines' };

/** A stored order as the ingest writes it (with fields the API must not return). */
function stored(i: number, status = 'paid') {
  const placedAt = new Date(Date.parse('2026-03-08T20:00:00.000Z') - i * 3_600_000).toISOString();
  return {
    vendorId: 'V-10001',
    orderKey: `${placedAt}#O-${i}`,
    vendorStatus: `V-10001#${status}`,
    orderId: `O-${i}`,
    orderNumber: `GM-${100000 + i}`,
    placedAt,
    day: '2026-03-08',
    status,
    lines: [{ productId: 'P-1', sku: 'TEA-OOL', name: '烏龍茶 Oolong Tea', quantity: 2, unitPriceCents: 500 }],
    totalCents: 1000,
    quantity: 2,
    commissionCents: 100,
    netCents: 900,
    revision: 1,
    updatedAt: placedAt,
  };
}

function given(items: unknown[], lastKey?: Record<string, unknown>) {
  ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: vendor });
  ddb.on(QueryCommand).resolves({ Items: items as Record<string, unknown>[], ...(lastKey ? { LastEvaluatedKey: lastKey } : {}) });
}

const list = async (query: Record<string, string> = {}) => {
  const res = await handler(apiEvent('GET', '/api/orders', { query }), context);
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
};
const queries = () => ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);

beforeEach(() => ddb.reset());

describe('GET /api/orders', () => {
  it('reads one page of the caller’s orders, newest first, asking for one more than the page', async () => {
    given([stored(0), stored(1)]);
    const res = await list();
    expect(res.status).toBe(200);
    expect(queries()).toEqual([
      {
        TableName: 'orders-test',
        KeyConditionExpression: 'vendorId = :pk',
        ExpressionAttributeValues: { ':pk': 'V-10001' },
        ProjectionExpression: PROJECTION,
        ExpressionAttributeNames: NAMES,
        ScanIndexForward: false,
        Limit: 26,
      },
    ]);
    expect(res.body).toEqual({
      orders: [0, 1].map((i) => ({
        orderId: `O-${i}`,
        orderNumber: `GM-${100000 + i}`,
        placedAt: stored(i).placedAt,
        status: 'paid',
        totalCents: 1000,
        quantity: 2,
        lines: [{ name: '烏龍茶 Oolong Tea', sku: 'TEA-OOL', quantity: 2, unitPriceCents: 500 }],
      })),
      nextCursor: null,
    });
  });

  it('filters by status on the byVendorStatus index and by local days as an orderKey range', async () => {
    given([]);
    await list({ status: 'cancelled', from: '2026-03-08', to: '2026-03-08', limit: '10' });
    expect(queries()).toEqual([
      {
        TableName: 'orders-test',
        IndexName: 'byVendorStatus',
        KeyConditionExpression: 'vendorStatus = :pk AND orderKey BETWEEN :lower AND :upper',
        ExpressionAttributeValues: { ':pk': 'V-10001#cancelled', ':lower': '2026-03-08T08:00:00.000Z', ':upper': '2026-03-09T07:00:00.000Z' },
        ProjectionExpression: PROJECTION,
        ExpressionAttributeNames: NAMES,
        ScanIndexForward: false,
        Limit: 11,
      },
    ]);
  });

  it('gives a cursor when the extra order came back, and resumes after the page’s last order', async () => {
    given([stored(0), stored(1), stored(2)]);
    const first = await list({ limit: '2' });
    expect((first.body.orders as unknown[]).length).toBe(2);
    expect(first.body.nextCursor).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]+$/));

    ddb.reset();
    given([stored(2)]);
    const second = await list({ limit: '2', cursor: first.body.nextCursor as string });
    expect(queries()[0]).toMatchObject({ ExclusiveStartKey: { vendorId: 'V-10001', orderKey: stored(1).orderKey }, Limit: 3 });
    expect(second.body).toMatchObject({ orders: [{ orderId: 'O-2' }], nextCursor: null });
  });

  it('resumes a status query with the index keys and the table keys', async () => {
    given([]);
    const cursor = encodeCursor('V-10001', { status: 'paid' }, stored(4).orderKey);
    await list({ status: 'paid', cursor });
    expect(queries()[0]!.ExclusiveStartKey).toEqual({ vendorStatus: 'V-10001#paid', orderKey: stored(4).orderKey, vendorId: 'V-10001' });
  });

  it('still gives a cursor when DynamoDB’s 1 MB limit cut the page short', async () => {
    given([stored(0)], { vendorId: 'V-10001', orderKey: stored(0).orderKey });
    const res = await list({ limit: '5' });
    expect(res.body.nextCursor).toEqual(expect.any(String));
  });

  it('answers an empty list (the "no orders yet" state) with a null cursor', async () => {
    given([]);
    expect((await list()).body).toEqual({ orders: [], nextCursor: null });
  });

  it.each([
    [{ status: 'shipped' }, 'validation_error', { status: 'invalid_value' }],
    [{ from: '2026-13-01' }, 'validation_error', { from: 'custom' }],
    [{ from: '2026-03-09', to: '2026-03-01' }, 'validation_error', { from: 'custom' }],
    [{ limit: '0' }, 'validation_error', { limit: 'too_small' }],
    [{ limit: '500' }, 'validation_error', { limit: 'too_big' }],
    [{ page: '2' }, 'validation_error', { page: 'unrecognized_keys' }],
    [{ cursor: 'not a cursor' }, 'invalid_cursor', undefined],
    [{ cursor: encodeCursor('V-99999', {}, '2026-03-08T00:00:00.000Z#O-1') }, 'invalid_cursor', undefined],
    [{ status: 'paid', cursor: encodeCursor('V-10001', {}, '2026-03-08T00:00:00.000Z#O-1') }, 'invalid_cursor', undefined],
  ])('answers 400 %j (%s) without querying orders', async (query, error, fields) => {
    given([]);
    const res = await list(query as Record<string, string>);
    expect(res).toEqual({ status: 400, body: { error, message: expect.any(String), ...(fields ? { fields } : {}) } });
    expect(queries()).toHaveLength(0);
  });

  it('turns a ValidationException from DynamoDB into a 400, never a 500', async () => {
    ddb.on(GetCommand).resolves({ Item: vendor });
    ddb.on(QueryCommand).rejects(new DynamoDBServiceException({ name: 'ValidationException', $fault: 'client', $metadata: {}, message: 'The provided starting key is outside query boundaries' }));
    expect(await list()).toEqual({ status: 400, body: { error: 'invalid_query', message: expect.any(String) } });
  });

  it('answers 500 with a reference for other DynamoDB failures', async () => {
    ddb.on(GetCommand).resolves({ Item: vendor });
    ddb.on(QueryCommand).rejects(new Error('network down'));
    expect(await list()).toEqual({ status: 500, body: { error: 'internal_error', message: expect.stringContaining('aws-req-1') } });
  });

  it.each([['pending'], ['rejected']])('answers 403 to a %s vendor and reads no orders', async (status) => {
    ddb.on(GetCommand).resolves({ Item: { ...vendor, status, vendorId: undefined } });
    expect(await list()).toMatchObject({ status: 403, body: { error: 'vendor_not_approved' } });
    expect(queries()).toHaveLength(0);
  });
});
