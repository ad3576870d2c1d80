import { beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { handler } from '../../../lambdas/orders/handler';
import { allocateCommission, orderDetails } from '../../../lambdas/orders/details';
import type { OrderItem } from '../../../lambdas/sales/model';
import { orderDetailsSchema } from '../../../contracts/order-answers';
import { apiEvent, context } from '../events';

process.env.VENDORS_TABLE = 'vendors-test';
process.env.ORDERS_TABLE = 'orders-test';
const ddb = mockClient(DynamoDBDocumentClient);
const vendor = { userId: 'user-1', email: 'vendor@example.com', status: 'approved', vendorId: 'V-10001', vendorName: 'Golden Harvest Foods', language: 'en' };

const order = (over: Partial<OrderItem> = {}): OrderItem => ({
  vendorId: 'V-10001',
  orderKey: '2026-03-08T09:30:00.000Z#mo_1',
  vendorStatus: 'V-10001#fulfilled',
  orderId: 'mo_1',
  orderNumber: 'MO-20260308-00001',
  placedAt: '2026-03-08T09:30:00.000Z',
  day: '2026-03-08',
  status: 'fulfilled',
  lines: [
    { productId: 'P-1', sku: 'TEA-OOL', name: '烏龍茶 Oolong Tea', quantity: 3, unitPriceCents: 333 },
    { productId: 'P-2', sku: 'SAU-SOY', name: 'Soy Sauce', quantity: 1, unitPriceCents: 1 },
  ],
  totalCents: 1000,
  quantity: 4,
  commissionCents: 150,
  netCents: 850,
  commissionRateBps: 1500,
  revision: 3,
  updatedAt: '2026-03-09T10:00:00.000Z',
  statusHistory: [
    { status: 'pending', at: '2026-03-08T09:30:00.000Z', revision: 1 },
    { status: 'paid', at: '2026-03-08T09:31:00.000Z', revision: 2 },
    { status: 'fulfilled', at: '2026-03-09T10:00:00.000Z', revision: 3 },
  ],
  ...over,
});

describe('allocateCommission', () => {
  it('shares the order’s commission by line amount, largest remainders first, adding up exactly', () => {
    expect(allocateCommission([999, 1], 150)).toEqual([150, 0]);
    expect(allocateCommission([100, 100, 100], 10)).toEqual([4, 3, 3]);
    expect(allocateCommission([], 0)).toEqual([]);
    expect(allocateCommission([0, 0], 0)).toEqual([0, 0]);
  });

  it('always adds up to the commission, never negative, each within a cent of its exact share', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000_000_000 }), { minLength: 1, maxLength: 100 }), fc.integer({ min: 0, max: 10_000 }), (amounts, bps) => {
        const total = amounts.reduce((a, b) => a + b, 0);
        const commission = Math.round((total * bps) / 10_000);
        const shares = allocateCommission(amounts, commission);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(commission);
        shares.forEach((s, i) => {
          expect(s).toBeGreaterThanOrEqual(0);
          if (total > 0) expect(Math.abs(s - (amounts[i]! * commission) / total)).toBeLessThan(1.000001);
        });
      }),
    );
  });
});

describe('orderDetails', () => {
  it('gives each line its amount, commission and net; totals as stored; the history without revisions', () => {
    const d = orderDetails(order());
    expect(orderDetailsSchema.parse(d)).toEqual(d);
    expect(d.lines.map((l) => [l.amountCents, l.commissionCents, l.netCents])).toEqual([
      [999, 150, 849],
      [1, 0, 1],
    ]);
    expect([d.grossCents, d.commissionCents, d.netCents, d.commissionRateBps]).toEqual([1000, 150, 850, 1500]);
    expect(d.statusHistory).toEqual([
      { status: 'pending', at: '2026-03-08T09:30:00.000Z' },
      { status: 'paid', at: '2026-03-08T09:31:00.000Z' },
      { status: 'fulfilled', at: '2026-03-09T10:00:00.000Z' },
    ]);
    expect(d.historyComplete).toBe(true);
  });

  it('an order stored before histories (and rates) were kept shows what is known: its current status since its last update', () => {
    const d = orderDetails(order({ statusHistory: undefined, commissionRateBps: undefined }));
    expect(d.statusHistory).toEqual([{ status: 'fulfilled', at: '2026-03-09T10:00:00.000Z' }]);
    expect(d.historyComplete).toBe(false);
    expect(d.commissionRateBps).toBeNull();
  });
});

describe('GET /api/orders/{orderId}', () => {
  beforeEach(() => {
    ddb.reset();
    ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: vendor });
  });
  const get = async (orderId: string) => {
    const event = { ...apiEvent('GET', '/api/orders/{orderId}'), pathParameters: { orderId } };
    const res = await handler(event, context);
    return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
  };

  it('reads the order under the caller’s vendor id through byVendorOrderId', async () => {
    ddb.on(QueryCommand).resolves({ Items: [order()] });
    const res = await get('mo_1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ orderNumber: 'MO-20260308-00001', grossCents: 1000, netCents: 850 });
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      TableName: 'orders-test',
      IndexName: 'byVendorOrderId',
      KeyConditionExpression: 'vendorId = :vendorId AND orderId = :orderId',
      ExpressionAttributeValues: { ':vendorId': 'V-10001', ':orderId': 'mo_1' },
    });
  });

  it('404 order_not_found for an order the vendor does not have, and for an id no order can have (without reading)', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    expect(await get('mo_2')).toMatchObject({ status: 404, body: { error: 'order_not_found' } });
    expect(await get('has space')).toMatchObject({ status: 404, body: { error: 'order_not_found' } });
    expect(await get('x'.repeat(129))).toMatchObject({ status: 404, body: { error: 'order_not_found' } });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);
  });
});

describe('GET /api/orders?number= (search by order number)', () => {
  beforeEach(() => {
    ddb.reset();
    ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: vendor });
  });
  const list = async (query: Record<string, string>) => {
    const res = await handler(apiEvent('GET', '/api/orders', { query }), context);
    return { status: res.statusCode, body: JSON.parse(res.body) as { orders?: { orderNumber: string }[]; nextCursor?: string | null; error?: string; fields?: Record<string, string> } };
  };
  const row = (n: number) => {
    const o = order({ orderId: `mo_${n}`, orderNumber: `MO-2026030${n}`, orderKey: `2026-03-0${n}T09:30:00.000Z#mo_${n}` });
    return o;
  };

  it('is one key range of byVendorOrderNumber, highest number first, paged by a cursor', async () => {
    ddb.on(QueryCommand).resolves({ Items: [row(3), row(2), row(1)] });
    const first = await list({ number: 'MO-2026', limit: '2' });
    expect(first.status).toBe(200);
    expect(first.body.orders!.map((o) => o.orderNumber)).toEqual(['MO-20260303', 'MO-20260302']);
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      IndexName: 'byVendorOrderNumber',
      KeyConditionExpression: 'vendorId = :vendorId AND begins_with(orderNumber, :prefix)',
      ExpressionAttributeValues: { ':vendorId': 'V-10001', ':prefix': 'MO-2026' },
      ScanIndexForward: false,
      Limit: 3,
    });
    ddb.reset();
    ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: vendor });
    ddb.on(QueryCommand).resolves({ Items: [row(1)] });
    const next = await list({ number: 'MO-2026', limit: '2', cursor: first.body.nextCursor! });
    expect(next.body).toMatchObject({ nextCursor: null });
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input.ExclusiveStartKey).toEqual({ vendorId: 'V-10001', orderNumber: 'MO-20260302', orderKey: '2026-03-02T09:30:00.000Z#mo_2' });
    // The cursor belongs to its search.
    expect(await list({ number: 'MO-2025', cursor: first.body.nextCursor! })).toMatchObject({ status: 400, body: { error: 'invalid_cursor' } });
  });

  it('normalises full-width input and, finding nothing as typed, tries capitals', async () => {
    ddb.on(QueryCommand).resolvesOnce({ Items: [] }).resolves({ Items: [row(1)] });
    const res = await list({ number: ' ｍｏ－２０２６ ' });
    expect(res.body.orders!.map((o) => o.orderNumber)).toEqual(['MO-20260301']);
    expect(ddb.commandCalls(QueryCommand).map((c) => c.args[0].input.ExpressionAttributeValues?.[':prefix'])).toEqual(['mo-2026', 'MO-2026']);
  });

  it('400 for a search combined with a filter, or longer than any order number', async () => {
    expect(await list({ number: 'MO-1', status: 'paid' })).toMatchObject({ status: 400, body: { error: 'validation_error', fields: { number: expect.any(String) } } });
    expect(await list({ number: 'M'.repeat(65) })).toMatchObject({ status: 400, body: { error: 'validation_error', fields: { number: expect.any(String) } } });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });
});
