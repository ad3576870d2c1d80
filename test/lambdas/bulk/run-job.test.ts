import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ROW_CONCURRENCY, runBulkJob } from '../../../lambdas/bulk/jobs';
import { chunkKey, jobKey, ROWS_PER_CHUNK, type JobItem } from '../../../lambdas/bulk/store';
import type { PlannedRow } from '../../../lambdas/bulk/sheet';

process.env.PRODUCTS_TABLE = 'products-test';
process.env.BULK_JOBS_TABLE = 'bulk-test';
process.env.COUNTERS_TABLE = 'counters-test';
process.env.ACTIVITY_TABLE = 'activity-test';
process.env.NOTIFICATIONS_TABLE = 'notifications-test';

const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddb.reset());

const VENDOR = 'V-1';
const JOB_ID = 'B-0MX0000000ABCDEF';
const ROWS = 1000;
const productId = (i: number) => `P-${String(i).padStart(6, '0')}`;
const row = (i: number): PlannedRow =>
  ({
    line: i + 2,
    sku: `S-${i}`,
    kind: 'change',
    productId: productId(i),
    version: 3,
    old: { priceCents: 1000, compareAtCents: null, inventory: 0 },
    new: { priceCents: 1000 + i + 1, compareAtCents: null, inventory: 7 },
  }) as PlannedRow;
const product = (id: string) => ({
  vendorId: VENDOR,
  productId: id,
  sku: `S-${id}`,
  version: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  identityId: 'x',
  priceCents: 1000,
  inventory: 0,
  outOfStock: false,
  offerUpdatedAt: '2026-11-01T00:00:00.000Z',
});

/** The SDK's answer after a few turns of the event loop (what another request in flight meanwhile can use). */
const later = <T>(value: T) => new Promise<T>((resolve) => setImmediate(() => setImmediate(() => setImmediate(() => resolve(value)))));

describe('runBulkJob (the worker’s apply, issue 24 item 23)', () => {
  it(`keeps ${ROW_CONCURRENCY} groups of rows in flight across the job’s chunks, records every chunk and a progress that only grows`, async () => {
    const job: JobItem = {
      vendorId: VENDOR,
      sk: jobKey(JOB_ID),
      jobId: JOB_ID,
      fileName: 'f.csv',
      status: 'applying',
      createdAt: '2026-11-28T00:00:00.000Z',
      summary: { rows: ROWS, changes: ROWS, unchanged: 0, errors: 0 },
      chunks: ROWS / ROWS_PER_CHUNK,
      progress: { done: 0, total: ROWS },
      appliedBy: { userId: 'u-1', email: 'owner@example.com' },
      expiresAt: 0,
    };
    const chunkItems = Array.from({ length: ROWS / ROWS_PER_CHUNK }, (_, c) => ({
      vendorId: VENDOR,
      sk: chunkKey(JOB_ID, c),
      rows: JSON.stringify(Array.from({ length: ROWS_PER_CHUNK }, (_, k) => row(c * ROWS_PER_CHUNK + k))),
    }));
    ddb.on(GetCommand).callsFake((input: { Key: Record<string, string> }) => later(input.Key.sk ? { Item: job } : { Item: { lowStockDefault: 5 } }));
    ddb.on(QueryCommand).callsFake(() => later({ Items: chunkItems }));
    ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: { productId: string }[] }> }) =>
      later({ Responses: { 'products-test': input.RequestItems['products-test']!.Keys.map((k) => product(k.productId)) } }),
    );
    let inFlight = 0;
    let peak = 0;
    const written: string[] = [];
    ddb.on(TransactWriteCommand).callsFake(async (input: { TransactItems: { Put?: { TableName: string; Item: { productId: string } } }[] }) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      for (const t of input.TransactItems) if (t.Put?.TableName === 'products-test') written.push(t.Put.Item.productId);
      await later(null);
      inFlight -= 1;
      return {};
    });
    const progress: number[] = [];
    ddb.on(UpdateCommand).callsFake((input: { ExpressionAttributeValues: Record<string, unknown> }) => {
      if (typeof input.ExpressionAttributeValues[':done'] === 'number') progress.push(input.ExpressionAttributeValues[':done'] as number);
      return later({});
    });
    ddb.on(PutCommand).callsFake(() => later({}));

    await runBulkJob({ vendorId: VENDOR, jobId: JOB_ID, action: 'apply' }, new Date('2026-11-28T01:00:00.000Z'));

    // Each chunk holds two groups of 100 rows; the pool must not wait for a chunk's last group before starting the next.
    expect(peak).toBe(ROW_CONCURRENCY);
    expect(written.toSorted()).toEqual(Array.from({ length: ROWS }, (_, i) => productId(i)));
    // Every chunk stored with its rows' outcomes, once.
    const chunksPut = ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item as { sk: string; rows: string });
    expect(chunksPut.map((c) => c.sk).toSorted()).toEqual(chunkItems.map((c) => c.sk));
    for (const c of chunksPut) expect((JSON.parse(c.rows) as PlannedRow[]).every((r) => r.outcome === 'applied' && r.writtenVersion === 4)).toBe(true);
    // Progress after each chunk, never going back, ending at every row.
    expect(progress).toHaveLength(ROWS / ROWS_PER_CHUNK);
    expect(progress).toEqual(progress.toSorted((a, b) => a - b));
    expect(progress.at(-1)).toBe(ROWS);
  });
});
