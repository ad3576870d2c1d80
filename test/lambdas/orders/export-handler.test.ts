import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBServiceException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { Writable } from 'node:stream';
import path from 'node:path';
import { apiFunctions, routes } from '../../../contracts/routes';
import { installLambdaStreamingShim, isStreamingHandler, LocalResponseStream, type StreamHead } from '../../../scripts/local/api-server';
import { apiEvent, context } from '../events';
import { parseCsv } from './csv-parse';

process.env.VENDORS_TABLE = 'vendors-test';
process.env.ORDERS_TABLE = 'orders-test';
const ddb = mockClient(DynamoDBDocumentClient);
const vendor = { userId: 'user-1', email: 'vendor@example.com', status: 'approved', vendorId: 'V-10001', vendorName: 'Golden Harvest Foods', language: 'en' };

type StreamingHandler = (event: APIGatewayProxyEvent, stream: Writable, ctx: Context) => Promise<void>;
let handler: StreamingHandler;
let EXPORT_PAGE_SIZE: number;
beforeAll(async () => {
  // As in Lambda's runtime (and the local API server): the awslambda global exists before the module loads.
  installLambdaStreamingShim();
  const mod = await import('../../../lambdas/orders/export-handler');
  handler = mod.handler as unknown as StreamingHandler;
  EXPORT_PAGE_SIZE = mod.EXPORT_PAGE_SIZE;
});

function order(i: number) {
  const placedAt = new Date(Date.parse('2026-03-08T20:00:00.000Z') - i * 60_000).toISOString();
  return {
    orderKey: `${placedAt}#O-${i}`,
    orderId: `O-${i}`,
    orderNumber: `GM-${100000 + i}`,
    placedAt,
    status: 'fulfilled',
    totalCents: 1590,
    quantity: 1,
    lines: [{ productId: 'P-1', sku: 'RICE-5KG', name: `茉莉香米 Jasmine Rice, ${i}`, quantity: 1, unitPriceCents: 1590 }],
  };
}

/** `pages` pages of `perPage` orders, chained by LastEvaluatedKey like DynamoDB's. */
function givenPages(pages: number, perPage: number) {
  ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: vendor });
  const query = ddb.on(QueryCommand);
  for (let p = 0; p < pages; p += 1) {
    const items = Array.from({ length: perPage }, (_, j) => order(p * perPage + j));
    const last = p < pages - 1 ? { LastEvaluatedKey: { vendorId: 'V-10001', orderKey: items[items.length - 1]!.orderKey } } : {};
    query.resolvesOnce({ Items: items, ...last });
  }
}

interface Captured {
  head: StreamHead | null;
  chunks: Buffer[];
  text: () => string;
}

/** Runs the handler into a LocalResponseStream whose sink holds every write until `release` says so. */
function run(query: Record<string, string> = {}, opts: { hold?: Promise<void>; claims?: null } = {}) {
  const captured: Captured = { head: null, chunks: [], text: () => Buffer.concat(captured.chunks).toString('utf8') };
  const stream = new LocalResponseStream({
    head: (h) => (captured.head = h),
    write: (chunk, done) => {
      captured.chunks.push(chunk);
      if (opts.hold) void opts.hold.then(() => done());
      else done();
    },
    end: (done) => done(),
  });
  const done = handler(apiEvent('GET', '/api/orders/export.csv', { query, ...(opts.claims === null ? { claims: null } : {}) }), stream, context);
  return { captured, done };
}

const queries = () => ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);

beforeEach(() => ddb.reset());
afterEach(() => vi.useRealTimers());

describe('GET /api/orders/export.csv (streamed)', () => {
  it('is wrapped for Lambda response streaming', () => {
    expect((handler as unknown as Record<symbol, unknown>)[Symbol.for('aws.lambda.runtime.handler.streaming')]).toBe('response');
  });

  it('streams a BOM, the header and one row per line, one chunk per DynamoDB page, as a CSV attachment', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-09T06:30:00Z')); // still 2026-03-08 in Los Angeles
    givenPages(3, 4);
    const { captured, done } = run({ status: 'fulfilled', from: '2026-03-01', to: '2026-03-08' });
    await done;
    expect(captured.head).toEqual({
      statusCode: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="orders-V-10001-2026-03-08.csv"',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
    expect(captured.chunks.length).toBe(3);
    const text = captured.text();
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(text.slice(1));
    // The vendor's language (en), times in the marketplace zone named in the header, statuses as the portal says them.
    expect(rows[0]).toEqual(['Order number', 'Placed at (America/Los_Angeles)', 'Status', 'Product', 'SKU', 'Quantity', 'Unit price (USD)', 'Line total (USD)', 'Order total (USD)']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(Array.from({ length: 12 }, (_, i) => `GM-${100000 + i}`));
    expect(rows[1]).toEqual(['GM-100000', '2026-03-08T13:00:00-07:00', 'Fulfilled', '茉莉香米 Jasmine Rice, 0', 'RICE-5KG', '1', '15.90', '15.90', '15.90']);
    // The same filter as the list, in pages of EXPORT_PAGE_SIZE, continuing from each LastEvaluatedKey.
    expect(queries()).toHaveLength(3);
    expect(queries()[0]).toMatchObject({
      TableName: 'orders-test',
      IndexName: 'byVendorStatus',
      KeyConditionExpression: 'vendorStatus = :pk AND orderKey BETWEEN :lower AND :upper',
      ExpressionAttributeValues: { ':pk': 'V-10001#fulfilled', ':lower': '2026-03-01T08:00:00.000Z', ':upper': '2026-03-09T07:00:00.000Z' },
      ScanIndexForward: false,
      Limit: EXPORT_PAGE_SIZE,
    });
    expect(queries()[0]!.ExclusiveStartKey).toBeUndefined();
    expect(queries()[1]!.ExclusiveStartKey).toEqual({ vendorId: 'V-10001', orderKey: order(3).orderKey });
  });

  it('writes a zh-TW vendor’s file in Traditional Chinese: headers, statuses, the zone named (issue 10)', async () => {
    givenPages(1, 2);
    ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: { ...vendor, language: 'zh-TW' } });
    const { captured, done } = run();
    await done;
    const rows = parseCsv(captured.text().slice(1));
    expect(rows[0]).toEqual(['訂單編號', '下單時間（America/Los_Angeles）', '狀態', '商品', 'SKU', '數量', '單價（USD）', '小計（USD）', '訂單總額（USD）']);
    expect(rows[1]!.slice(0, 3)).toEqual(['GM-100000', '2026-03-08T13:00:00-07:00', '已出貨']);
  });

  it('?format=machine: fixed snake_case columns, ISO UTC times and status codes, whatever the vendor’s language', async () => {
    givenPages(1, 1);
    ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: { ...vendor, language: 'zh-TW' } });
    const { captured, done } = run({ format: 'machine' });
    await done;
    expect(parseCsv(captured.text().slice(1))).toEqual([
      ['order_number', 'placed_at_utc', 'status', 'product_name', 'sku', 'quantity', 'unit_price_usd', 'line_total_usd', 'order_total_usd'],
      ['GM-100000', '2026-03-08T20:00:00.000Z', 'fulfilled', '茉莉香米 Jasmine Rice, 0', 'RICE-5KG', '1', '15.90', '15.90', '15.90'],
    ]);
  });

  it('reads the next page only as the client takes the data: a stalled client stalls the reads', async () => {
    givenPages(50, EXPORT_PAGE_SIZE);
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const { captured, done } = run({}, { hold });
    await new Promise((r) => setTimeout(r, 100));
    // Holding the first chunk: at most a page or two read ahead of it, never the whole history.
    expect(captured.chunks.length).toBeLessThanOrEqual(2);
    expect(queries().length).toBeLessThanOrEqual(3);
    release();
    await done;
    expect(queries()).toHaveLength(50);
    expect(parseCsv(captured.text().slice(1))).toHaveLength(1 + 50 * EXPORT_PAGE_SIZE);
  });

  it('answers the header row alone when nothing matches', async () => {
    givenPages(1, 0);
    const { captured, done } = run({ status: 'cancelled' });
    await done;
    expect(captured.head?.statusCode).toBe(200);
    expect(parseCsv(captured.text().slice(1))).toHaveLength(1);
  });

  it.each([
    [{ status: 'shipped' }, 'validation_error', { status: 'invalid_value' }],
    [{ from: '2026-02-30' }, 'validation_error', { from: 'custom' }],
    [{ from: '2026-03-09', to: '2026-03-08' }, 'validation_error', { from: 'custom' }],
    [{ cursor: 'abc' }, 'validation_error', { cursor: 'unrecognized_keys' }],
    [{ limit: '10' }, 'validation_error', { limit: 'unrecognized_keys' }],
    [{ format: 'xlsx' }, 'validation_error', { format: 'invalid_value' }],
  ])('answers 400 JSON for %j before any CSV, naming the field, reading no orders', async (query, error, fields) => {
    givenPages(1, 1);
    const { captured, done } = run(query as Record<string, string>);
    await done;
    expect(captured.head).toMatchObject({ statusCode: 400, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(JSON.parse(captured.text())).toEqual({ error, message: expect.any(String), fields });
    expect(queries()).toHaveLength(0);
  });

  it('answers 403 JSON to a vendor who is not approved', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...vendor, status: 'pending', vendorId: undefined } });
    const { captured, done } = run();
    await done;
    expect(captured.head?.statusCode).toBe(403);
    expect(JSON.parse(captured.text())).toMatchObject({ error: 'vendor_not_approved' });
  });

  it('answers 401 JSON without the authorizer’s claims', async () => {
    const { captured, done } = run({}, { claims: null });
    await done;
    expect(captured.head?.statusCode).toBe(401);
    expect(JSON.parse(captured.text())).toMatchObject({ error: 'unauthorized' });
  });

  it('a DynamoDB ValidationException on the first read is a 400 JSON answer, not a 500', async () => {
    ddb.on(GetCommand).resolves({ Item: vendor });
    ddb.on(QueryCommand).rejects(new DynamoDBServiceException({ name: 'ValidationException', $fault: 'client', $metadata: {}, message: 'bad' }));
    const { captured, done } = run();
    await done;
    expect(captured.head?.statusCode).toBe(400);
    expect(JSON.parse(captured.text())).toMatchObject({ error: 'invalid_query' });
  });

  it('a failure after the first page aborts the stream (no complete-looking file)', async () => {
    ddb.on(GetCommand).resolves({ Item: vendor });
    ddb.on(QueryCommand)
      .resolvesOnce({ Items: [order(0)], LastEvaluatedKey: { vendorId: 'V-10001', orderKey: order(0).orderKey } })
      .rejectsOnce(new Error('throttled'));
    const { captured, done } = run();
    await expect(done).rejects.toThrow('throttled');
    expect(captured.head?.statusCode).toBe(200);
    expect(captured.text()).toContain('GM-100000');
  });
});

describe('streamed routes in the route table', () => {
  it('a function’s handler is a streaming handler exactly when its routes are marked stream', async () => {
    for (const [key, fn] of Object.entries(apiFunctions)) {
      const own = routes.filter((r) => r.fn === key);
      const mod = (await import(path.resolve(import.meta.dirname, '../../../lambdas', fn.entry))) as { handler: unknown };
      expect(isStreamingHandler(mod.handler), key).toBe(own.every((r) => r.stream));
      expect(own.every((r) => r.stream) || own.every((r) => !r.stream), key).toBe(true);
    }
  });

  it('a streamed function refuses to load with a route the table does not mark stream', async () => {
    const { streamApiHandler } = await import('../../../lambdas/shared/streaming');
    const { route } = await import('../../../lambdas/shared/http');
    expect(() => streamApiHandler('orders', { 'GET /api/orders': route({ access: 'vendor', handler: async () => ({}) }) })).toThrow(/not marked stream: GET \/api\/orders/);
  });
});
