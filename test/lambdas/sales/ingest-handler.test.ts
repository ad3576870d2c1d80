import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import { planOrderChange } from '../../../lambdas/sales/apply';
import { handler, type IngestResult } from '../../../lambdas/sales/ingest-handler';
import type { OrderItem, OrderStatus } from '../../../lambdas/sales/model';
import { context } from '../events';

process.env.ORDERS_TABLE = 'orders-test';
process.env.LEDGER_TABLE = 'ledger-test';
process.env.VENDORS_TABLE = 'vendors-test';
process.env.INGEST_DLQ_URL = 'https://sqs.us-east-1.amazonaws.com/000000000000/ingest-dlq';
delete process.env.DEFAULT_COMMISSION_BPS;

const ddb = mockClient(DynamoDBDocumentClient);
const sqs = mockClient(SQSClient);

const oolong = { productId: 'P-10001-001', sku: 'TEA-OOL-150', name: '台灣高山烏龍茶 Taiwan High Mountain Oolong Tea', quantity: 2, unitPriceCents: 1899 };
const cakes = { productId: 'P-10001-007', sku: 'BAK-PIN-012', name: '鳳梨酥禮盒 Pineapple Cake Gift Box (12 pcs)', quantity: 1, unitPriceCents: 2450 };
/** 2 × 1899 + 2450 = 6248 cents; 15% commission = 937.2 → 937; net 5311. */
const TOTAL = 6248;
const NET_AT_15 = 5311;

// 07:30 UTC on 8 March 2026 is 23:30 on 7 March in Los Angeles (the night DST starts).
const snapshot = (over: Record<string, unknown> = {}) => ({
  orderId: 'mo_0001',
  orderNumber: 'MO-20260307-00001',
  vendorId: 'V-10001',
  placedAt: '2026-03-08T07:30:00Z',
  status: 'pending',
  lines: [oolong, cakes],
  revision: 1,
  ...over,
});
const orderEvent = (detail: Record<string, unknown>, detailType?: string): EventBridgeEvent<string, unknown> => ({
  version: '0',
  id: `evt-${String(detail.revision)}`,
  'detail-type': detailType ?? (detail.revision === 1 ? 'order.placed' : 'order.status_changed'),
  source: 'marketplace.orders',
  account: '111122223333',
  time: '2026-03-08T07:30:05Z',
  region: 'us-east-1',
  resources: [],
  detail,
});

/** The order as the ingest would have stored it at `revision` in `status` (15% rate). */
function stored(status: OrderStatus, revision: number, over: Partial<OrderItem> = {}): OrderItem {
  const plan = planOrderChange(null, { ...snapshot(), status, revision } as never, { commissionRateBps: 1500, timeZone: 'America/Los_Angeles', now: new Date('2026-03-08T08:00:00Z') });
  if (plan.kind !== 'apply') throw new Error('unexpected');
  return { ...plan.order, ...over };
}

function given(opts: { order?: OrderItem | (OrderItem | undefined)[]; vendor?: Record<string, unknown> | null } = {}) {
  const orders = Array.isArray(opts.order) ? opts.order : [opts.order];
  const get = ddb.on(GetCommand, { TableName: 'orders-test' });
  orders.forEach((o, i) => (i === orders.length - 1 ? get.resolves({ Item: o }) : get.resolvesOnce({ Item: o })));
  const vendor = opts.vendor === undefined ? { vendorId: 'V-10001' } : opts.vendor;
  ddb.on(QueryCommand, { TableName: 'vendors-test' }).resolves({ Items: vendor ? [vendor] : [] });
  ddb.on(TransactWriteCommand).resolves({});
  sqs.on(SendMessageCommand).resolves({ MessageId: 'm-1' });
}

const ingest = (event: unknown) => handler(event as EventBridgeEvent<string, unknown>, context) as Promise<IngestResult>;
const transactItems = (call = 0) => ddb.commandCalls(TransactWriteCommand)[call]!.args[0].input.TransactItems!;
const ledgerUpdates = (call = 0) => transactItems(call).filter((i) => i.Update);
const entryOf = (call = 0) => transactItems(call).find((i) => i.Put?.TableName === 'ledger-test')?.Put?.Item;

beforeEach(() => {
  ddb.reset();
  sqs.reset();
});

describe('order ingest: a new order', () => {
  it('writes the order, the day figures of its marketplace-local day, the balance and a sale entry in one transaction', async () => {
    given();
    await expect(ingest(orderEvent(snapshot()))).resolves.toMatchObject({ outcome: 'applied', entry: 'sale' });
    const items = transactItems();
    expect(items).toHaveLength(4);
    expect(items[0]!.Put).toMatchObject({
      TableName: 'orders-test',
      ConditionExpression: 'attribute_not_exists(orderKey)',
      Item: {
        vendorId: 'V-10001',
        orderKey: '2026-03-08T07:30:00.000Z#mo_0001',
        vendorStatus: 'V-10001#pending',
        day: '2026-03-07',
        status: 'pending',
        totalCents: TOTAL,
        quantity: 3,
        commissionCents: 937,
        netCents: NET_AT_15,
        commissionRateBps: 1500,
        revision: 1,
      },
    });
    expect(items[1]!.Update).toMatchObject({
      TableName: 'ledger-test',
      Key: { vendorId: 'V-10001', sk: 'DAY#2026-03-07' },
      UpdateExpression: expect.stringContaining('ADD amountCents :amount, quantity :quantity, orders :orders'),
      ExpressionAttributeValues: expect.objectContaining({ ':amount': TOTAL, ':quantity': 3, ':orders': 1, ':day': '2026-03-07' }),
    });
    expect(items[2]!.Update).toMatchObject({
      Key: { vendorId: 'V-10001', sk: 'BALANCE' },
      UpdateExpression: expect.stringContaining('ADD balanceCents :amount'),
      ExpressionAttributeValues: expect.objectContaining({ ':amount': NET_AT_15 }),
    });
    expect(items[3]!.Put).toMatchObject({
      TableName: 'ledger-test',
      ConditionExpression: 'attribute_not_exists(sk)',
      Item: { vendorId: 'V-10001', sk: expect.stringMatching(/^ENTRY#\d{4}-\d\d-\d\dT.*#mo_0001#1$/), kind: 'sale', amountCents: NET_AT_15, orderId: 'mo_0001', orderNumber: 'MO-20260307-00001' },
    });
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });

  it("uses the vendor's own commission rate when the record has one, rounding half a cent up", async () => {
    // 6248 × 12.5% = 781 exactly; 6248 × 12.34% = 771.0032 → 771; 10 cents × 25% = 2.5 → 3.
    given({ vendor: { vendorId: 'V-10001', commissionRateBps: 1234 } });
    await ingest(orderEvent(snapshot()));
    expect(transactItems()[0]!.Put!.Item).toMatchObject({ commissionCents: 771, netCents: TOTAL - 771, commissionRateBps: 1234 });

    ddb.reset();
    given({ vendor: { vendorId: 'V-10001', commissionRateBps: 2500 } });
    await ingest(orderEvent(snapshot({ lines: [{ ...oolong, quantity: 1, unitPriceCents: 10 }] })));
    expect(transactItems()[0]!.Put!.Item).toMatchObject({ totalCents: 10, commissionCents: 3, netCents: 7 });
  });

  it('uses the stack default (DEFAULT_COMMISSION_BPS) for a vendor without a rate of their own', async () => {
    process.env.DEFAULT_COMMISSION_BPS = '1000';
    try {
      given();
      await ingest(orderEvent(snapshot()));
      expect(transactItems()[0]!.Put!.Item).toMatchObject({ commissionCents: 625, netCents: TOTAL - 625, commissionRateBps: 1000 });
    } finally {
      delete process.env.DEFAULT_COMMISSION_BPS;
    }
  });

  it('creates the order from a status change that arrives before order.placed', async () => {
    given();
    await expect(ingest(orderEvent(snapshot({ status: 'paid', revision: 2 })))).resolves.toMatchObject({ outcome: 'applied', entry: 'sale' });
    expect(transactItems()[0]!.Put).toMatchObject({ ConditionExpression: 'attribute_not_exists(orderKey)', Item: { status: 'paid', revision: 2 } });
    expect(entryOf()).toMatchObject({ kind: 'sale', amountCents: NET_AT_15 });
  });

  it('stores an order first seen cancelled without touching the figures or the balance', async () => {
    given();
    await expect(ingest(orderEvent(snapshot({ status: 'cancelled', revision: 2 })))).resolves.toMatchObject({ outcome: 'applied', entry: null });
    expect(transactItems()).toHaveLength(1);
    expect(transactItems()[0]!.Put!.Item).toMatchObject({ status: 'cancelled', vendorStatus: 'V-10001#cancelled' });
  });
});

describe('order ingest: an order it knows', () => {
  it('changes nothing for the same event delivered twice', async () => {
    given({ order: stored('pending', 1) });
    await expect(ingest(orderEvent(snapshot()))).resolves.toMatchObject({ outcome: 'duplicate', storedRevision: 1 });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });

  it('changes nothing for an older revision arriving after a newer one', async () => {
    given({ order: stored('cancelled', 3) });
    await expect(ingest(orderEvent(snapshot({ status: 'paid', revision: 2 })))).resolves.toMatchObject({ outcome: 'stale', storedRevision: 3 });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('moves a counted order to another counted status without touching the ledger', async () => {
    given({ order: stored('paid', 2) });
    await expect(ingest(orderEvent(snapshot({ status: 'fulfilled', revision: 3 })))).resolves.toMatchObject({ outcome: 'applied', entry: null });
    expect(transactItems()).toHaveLength(1);
    expect(transactItems()[0]!.Put).toMatchObject({
      ConditionExpression: '#revision = :expected',
      ExpressionAttributeValues: { ':expected': 2 },
      Item: { status: 'fulfilled', vendorStatus: 'V-10001#fulfilled', revision: 3 },
    });
  });

  it('reverses a cancelled sale: the day figures down on the placed day, the balance debited by exactly the stored net', async () => {
    // Stored with an odd net (an older rate): the reversal takes back what was credited, not today's figure.
    given({ order: stored('paid', 2, { commissionCents: 500, netCents: TOTAL - 500, commissionRateBps: 800 }) });
    await expect(ingest(orderEvent(snapshot({ status: 'cancelled', revision: 3 })))).resolves.toMatchObject({ outcome: 'applied', entry: 'reversal' });
    const [day, balance] = ledgerUpdates();
    expect(day!.Update).toMatchObject({ Key: { sk: 'DAY#2026-03-07' }, ExpressionAttributeValues: expect.objectContaining({ ':amount': -TOTAL, ':quantity': -3, ':orders': -1 }) });
    expect(balance!.Update).toMatchObject({ Key: { sk: 'BALANCE' }, ExpressionAttributeValues: expect.objectContaining({ ':amount': -(TOTAL - 500) }) });
    expect(entryOf()).toMatchObject({ kind: 'reversal', amountCents: -(TOTAL - 500), revision: 3 });
    expect(transactItems()[0]!.Put!.Item).toMatchObject({ status: 'cancelled', netCents: TOTAL - 500, commissionCents: 500 });
    // The stored order carries its rate: the vendor record is not read.
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('credits the sale again when a cancelled order comes back', async () => {
    given({ order: stored('cancelled', 3) });
    await expect(ingest(orderEvent(snapshot({ status: 'fulfilled', revision: 4 })))).resolves.toMatchObject({ outcome: 'applied', entry: 'sale' });
    expect(ledgerUpdates()[0]!.Update!.ExpressionAttributeValues).toMatchObject({ ':amount': TOTAL, ':quantity': 3, ':orders': 1 });
    expect(entryOf()).toMatchObject({ kind: 'sale', amountCents: NET_AT_15 });
  });

  it('keeps the stored commission of an order stored without a rate (not by this ingest), even with the vendor record gone', async () => {
    const legacy = stored('paid', 2);
    delete legacy.commissionRateBps;
    given({ order: { ...legacy, commissionCents: 1000, netCents: TOTAL - 1000 }, vendor: null });
    await expect(ingest(orderEvent(snapshot({ status: 'cancelled', revision: 3 })))).resolves.toMatchObject({ outcome: 'applied', entry: 'reversal' });
    expect(entryOf()).toMatchObject({ amountCents: -(TOTAL - 1000) });
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });

  it('treats a concurrent delivery of the same event as a duplicate when its write loses', async () => {
    given({ order: [undefined, stored('pending', 1)] });
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }, { Code: 'None' }] }),
    );
    await expect(ingest(orderEvent(snapshot()))).resolves.toMatchObject({ outcome: 'duplicate' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(2);
  });

  it('tries again after contention on the balance', async () => {
    given();
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(new TransactionCanceledException({ message: 'conflict', $metadata: {}, CancellationReasons: [{ Code: 'None' }, { Code: 'None' }, { Code: 'TransactionConflict' }, { Code: 'None' }] }))
      .resolves({});
    await expect(ingest(orderEvent(snapshot()))).resolves.toMatchObject({ outcome: 'applied' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });
});

describe('order ingest: events it cannot apply', () => {
  const dlqCall = () => sqs.commandCalls(SendMessageCommand)[0]!.args[0].input;

  it.each([
    ['a missing order id', orderEvent(snapshot({ orderId: undefined }))],
    ['a vendor id of the wrong shape', orderEvent(snapshot({ vendorId: '10001' }))],
    ['a placed-at time with an offset', orderEvent(snapshot({ placedAt: '2026-03-08T00:30:00-07:00' }))],
    ['an unknown status', orderEvent(snapshot({ status: 'shipped' }))],
    ['no lines', orderEvent(snapshot({ lines: [] }))],
    ['101 lines', orderEvent(snapshot({ lines: Array.from({ length: 101 }, () => oolong) }))],
    ['a quantity of 0', orderEvent(snapshot({ lines: [{ ...oolong, quantity: 0 }] }))],
    ['a fractional price', orderEvent(snapshot({ lines: [{ ...oolong, unitPriceCents: 18.99 }] }))],
    ['a negative price', orderEvent(snapshot({ lines: [{ ...oolong, unitPriceCents: -1 }] }))],
    ['order.placed with revision 2', orderEvent(snapshot({ revision: 2 }), 'order.placed')],
    ['a status change with revision 1', orderEvent(snapshot({ status: 'paid' }), 'order.status_changed')],
    ['an unknown detail type', orderEvent(snapshot(), 'order.refunded')],
    ['another source', { ...orderEvent(snapshot()), source: 'marketplace.payments' }],
    ['no detail', { ...orderEvent(snapshot()), detail: null }],
    ['not an event at all', 'hello'],
  ])('sends %s to the DLQ with the reason, writes nothing and returns normally', async (_what, event) => {
    given();
    await expect(ingest(event)).resolves.toMatchObject({ outcome: 'rejected', reason: 'invalid_event' });
    expect(ddb.calls()).toHaveLength(0);
    const sent = dlqCall();
    expect(sent.QueueUrl).toBe(process.env.INGEST_DLQ_URL);
    expect(JSON.parse(sent.MessageBody!)).toEqual(event);
    expect(sent.MessageAttributes?.reason).toEqual({ DataType: 'String', StringValue: 'invalid_event' });
    expect(sent.MessageAttributes?.reasonDetail?.StringValue).toMatch(/\S/);
  });

  it('names the offending field in the reason', async () => {
    given();
    await ingest(orderEvent(snapshot({ lines: [oolong, { ...cakes, quantity: 0 }] })));
    expect(dlqCall().MessageAttributes?.reasonDetail?.StringValue).toMatch(/^detail\.lines\.1\.quantity: /);
    expect(dlqCall().MessageAttributes?.eventId).toEqual({ DataType: 'String', StringValue: 'evt-1' });
  });

  it('sends an order of an unknown vendor to the DLQ (to redrive once the vendor exists)', async () => {
    given({ vendor: null });
    await expect(ingest(orderEvent(snapshot({ vendorId: 'V-99999' })))).resolves.toMatchObject({ outcome: 'rejected', reason: 'unknown_vendor' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(dlqCall().MessageAttributes?.reason?.StringValue).toBe('unknown_vendor');
    expect(dlqCall().MessageAttributes?.detailType?.StringValue).toBe('order.placed');
  });

  it('sends the event to the DLQ when the vendor record has an unusable commission rate', async () => {
    given({ vendor: { vendorId: 'V-10001', commissionRateBps: '15%' } });
    await expect(ingest(orderEvent(snapshot()))).resolves.toMatchObject({ outcome: 'rejected', reason: 'invalid_commission_rate' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('throws on a transient failure so that Lambda retries (and the DLQ gets it only after the retries)', async () => {
    given();
    ddb.on(GetCommand).rejects(Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailable' }));
    await expect(ingest(orderEvent(snapshot()))).rejects.toThrow('Service unavailable');
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });

  it('throws when the DLQ itself cannot be reached, so the event is not lost', async () => {
    given();
    sqs.on(SendMessageCommand).rejects(new Error('SQS down'));
    await expect(ingest(orderEvent(snapshot({ status: 'lost' })))).rejects.toThrow('SQS down');
  });
});
