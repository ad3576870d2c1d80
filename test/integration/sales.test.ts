import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventBridgeEvent } from 'aws-lambda';
import type * as LibDynamoDb from '@aws-sdk/lib-dynamodb';
import type * as SharedClients from '../../lambdas/shared/clients';
import type * as Tables from '../../lambdas/shared/tables';
import { ORDER_STATUSES, type OrderStatus } from '../../lambdas/sales/model';
import { demoAccounts } from '../../scripts/demo/accounts';
import { testStackPortsEnv, useTestStackEnv } from '../support/auth';
import { context } from '../lambdas/events';

/**
 * The order ingest against DynamoDB Local (the test stack): whatever the marketplace sends, in
 * whatever order and however often, the day figures and the balance equal a brute-force sum over
 * the orders' final states.
 */

const LA = 'America/Los_Angeles';
const run = promisify(execFile);

// Imported once the test stack's environment is set (the shared DynamoDB client reads it on load).
let ingest: (event: unknown) => Promise<{ outcome: string }>;
let dynamo: typeof SharedClients.dynamo;
let ddb: typeof LibDynamoDb;
let tableName: typeof Tables.tableName;

beforeAll(async () => {
  useTestStackEnv();
  expect(process.env.MARKETPLACE_TIME_ZONE).toBe(LA);
  const { handler } = await import('../../lambdas/sales/ingest-handler');
  ingest = (event) => handler(event as EventBridgeEvent<string, unknown>, context) as Promise<{ outcome: string }>;
  ({ dynamo } = await import('../../lambdas/shared/clients'));
  ({ tableName } = await import('../../lambdas/shared/tables'));
  ddb = await import('@aws-sdk/lib-dynamodb');
});

// ---------------------------------------------------------------------------------------------
// Brute force, independent of lambdas/shared/dates.ts and lambdas/sales/apply.ts.

/** yyyy-mm-dd in Los Angeles, straight from Intl (en-CA writes dates that way). */
const laDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: LA, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

interface Line {
  productId: string;
  sku: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
}
interface Snapshot {
  orderId: string;
  orderNumber: string;
  vendorId: string;
  placedAt: string;
  status: OrderStatus;
  lines: Line[];
  revision: number;
}
interface Figures {
  amountCents: number;
  quantity: number;
  orders: number;
}

function fold(finals: Snapshot[], rateBps: number): { days: Record<string, Figures>; balanceCents: number } {
  const days: Record<string, Figures> = {};
  let balanceCents = 0;
  for (const o of finals) {
    if (o.status === 'cancelled') continue;
    const total = o.lines.reduce((s, l) => s + l.quantity * l.unitPriceCents, 0);
    const quantity = o.lines.reduce((s, l) => s + l.quantity, 0);
    const d = (days[laDay(o.placedAt)] ??= { amountCents: 0, quantity: 0, orders: 0 });
    d.amountCents += total;
    d.quantity += quantity;
    d.orders += 1;
    balanceCents += total - Math.round((total * rateBps) / 10_000);
  }
  return { days, balanceCents };
}

// ---------------------------------------------------------------------------------------------
// What the tables say.

async function queryAll(table: 'orders' | 'ledger', vendorId: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new ddb.QueryCommand({ TableName: tableName(table), KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': vendorId }, ExclusiveStartKey }),
    );
    items.push(...((out.Items ?? []) as Record<string, unknown>[]));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

async function ledgerOf(vendorId: string) {
  const items = await queryAll('ledger', vendorId);
  const days: Record<string, Figures> = {};
  for (const i of items.filter((i) => String(i.sk).startsWith('DAY#'))) {
    const f = { amountCents: Number(i.amountCents), quantity: Number(i.quantity), orders: Number(i.orders) };
    // A day whose orders were all cancelled again keeps an item of zeros.
    if (f.amountCents || f.quantity || f.orders) days[String(i.day)] = f;
    expect(i.sk).toBe(`DAY#${String(i.day)}`);
  }
  const balance = items.find((i) => i.sk === 'BALANCE');
  const entries = items.filter((i) => String(i.sk).startsWith('ENTRY#'));
  return {
    days,
    balanceCents: balance ? Number(balance.balanceCents) : 0,
    entriesSum: entries.reduce((s, e) => s + Number(e.amountCents), 0),
  };
}

let vendorSeq = 0;
/** A vendor record of its own per run (the ingest refuses orders of unknown vendors). */
async function newVendor(commissionRateBps: number | undefined): Promise<string> {
  vendorSeq += 1;
  const vendorId = `V-9${String(Date.now()).slice(-7)}${String(vendorSeq).padStart(3, '0')}`;
  const now = new Date().toISOString();
  await dynamo.send(
    new ddb.PutCommand({
      TableName: tableName('vendors'),
      Item: {
        userId: `sales-test-${vendorId}`,
        email: `${vendorId.toLowerCase()}@example.com`,
        status: 'approved',
        vendorId,
        vendorName: 'Property Test Grocers',
        language: 'en',
        createdAt: now,
        updatedAt: now,
        ...(commissionRateBps === undefined ? {} : { commissionRateBps }),
      },
    }),
  );
  return vendorId;
}

const eventOf = (detail: Snapshot, placedAtFormat: 'millis' | 'seconds', id: string) => ({
  version: '0',
  id,
  'detail-type': detail.revision === 1 ? 'order.placed' : 'order.status_changed',
  source: 'marketplace.orders',
  account: '111122223333',
  time: new Date().toISOString(),
  region: 'us-east-1',
  resources: [],
  // The marketplace may or may not send milliseconds: the same order must land on the same key.
  detail: { ...detail, placedAt: placedAtFormat === 'seconds' && detail.placedAt.endsWith('.000Z') ? detail.placedAt.replace('.000Z', 'Z') : detail.placedAt },
});

// ---------------------------------------------------------------------------------------------
// Random histories.

/** Local midnights in Los Angeles (UTC), around both 2026 DST changes, a month end and the year end. */
const MIDNIGHTS = [
  '2026-02-28T08:00:00Z',
  '2026-03-01T08:00:00Z',
  '2026-03-07T08:00:00Z',
  '2026-03-08T08:00:00Z', // the 23-hour day
  '2026-03-09T07:00:00Z',
  '2026-10-31T07:00:00Z',
  '2026-11-01T07:00:00Z', // the 25-hour day
  '2026-11-02T08:00:00Z',
  '2027-01-01T08:00:00Z',
].map(Date.parse);
/** 02:00 PST → 03:00 PDT on 8 March; 01:00–02:00 happens twice on 1 November (PDT, then PST). */
const DST_CHANGES = ['2026-03-08T10:00:00Z', '2026-11-01T08:30:00Z', '2026-11-01T09:30:00Z'].map(Date.parse);

const placedAtArb = fc
  .oneof(
    fc.tuple(fc.constantFrom(...MIDNIGHTS), fc.integer({ min: -1_500, max: 1_500 })).map(([t, ms]) => t + ms),
    fc.tuple(fc.constantFrom(...MIDNIGHTS), fc.integer({ min: -3, max: 3 })).map(([t, s]) => t + s * 1_000),
    fc.tuple(fc.constantFrom(...DST_CHANGES), fc.integer({ min: -90, max: 90 })).map(([t, m]) => t + m * 60_000),
    fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2026-12-31T23:59:59Z') }),
  )
  .map((t) => new Date(t).toISOString());

const lineArb = fc.record({
  productId: fc.constantFrom('P-1', 'P-2', 'P-3'),
  sku: fc.constantFrom('TEA-OOL-150', 'BAK-PIN-012', 'GRN-RIC-5KG'),
  name: fc.constantFrom('台灣高山烏龍茶 Taiwan High Mountain Oolong Tea', '鳳梨酥禮盒 Pineapple Cake Gift Box', '池上米 Chishang Rice 5 kg'),
  quantity: fc.integer({ min: 1, max: 5 }),
  unitPriceCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000 })),
});

const orderArb = fc.record({
  placedAt: placedAtArb,
  lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
  // The status after each event: any path, including cancelled → paid again.
  statuses: fc.array(fc.constantFrom(...ORDER_STATUSES), { minLength: 1, maxLength: 4 }),
});

const historyArb = fc
  .record({
    orders: fc.array(orderArb, { minLength: 1, maxLength: 6 }),
    rateBps: fc.constantFrom(undefined, 0, 1_234, 1_500, 2_500, 10_000),
    concurrency: fc.integer({ min: 1, max: 3 }),
  })
  .chain((h) => {
    const eventCount = h.orders.reduce((s, o) => s + o.statuses.length, 0);
    const delivery = fc.record({
      order: fc.double({ min: 0, max: 1, noNaN: true }),
      copies: fc.integer({ min: 1, max: 3 }),
      // Intermediate events may get lost; the last one always arrives.
      lost: fc.boolean(),
      format: fc.constantFrom('millis' as const, 'seconds' as const),
    });
    return fc.tuple(fc.constant(h), fc.array(delivery, { minLength: eventCount, maxLength: eventCount }));
  });

async function deliver(events: unknown[], concurrency: number): Promise<string[]> {
  const outcomes: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < events.length) {
        const event = events[next++];
        outcomes.push((await ingest(event)).outcome);
      }
    }),
  );
  return outcomes;
}

describe('order ingest against DynamoDB Local', () => {
  it(
    'day figures and balance equal a brute-force fold over the final orders, for random histories (duplicates, shuffles, cancellations, midnight and DST)',
    async () => {
      await fc.assert(
        fc.asyncProperty(historyArb, async ([history, deliveries]) => {
          const vendorId = await newVendor(history.rateBps);
          const finals: Snapshot[] = [];
          const planned: { event: unknown; order: number }[] = [];
          let k = 0;
          history.orders.forEach((o, i) => {
            const base = { orderId: `o-${i}`, orderNumber: `MO-${i}`, vendorId, placedAt: o.placedAt, lines: o.lines };
            o.statuses.forEach((status, r) => {
              const d = deliveries[k++]!;
              const snapshot: Snapshot = { ...base, status, revision: r + 1 };
              const last = r === o.statuses.length - 1;
              if (last) finals.push(snapshot);
              if (d.lost && !last) return;
              for (let c = 0; c < d.copies; c += 1) planned.push({ event: eventOf(snapshot, d.format, `evt-${i}-${r}-${c}`), order: d.order + c * 0.37 });
            });
          });
          const events = planned.sort((a, b) => a.order - b.order).map((p) => p.event);

          const outcomes = await deliver(events, history.concurrency);
          expect(outcomes.filter((o) => o === 'rejected')).toEqual([]);

          const expected = fold(finals, history.rateBps ?? 1_500);
          const actual = await ledgerOf(vendorId);
          expect(actual.days).toEqual(expected.days);
          expect(actual.balanceCents).toBe(expected.balanceCents);
          // The ledger explains the balance: its entries add up to it.
          expect(actual.entriesSum).toBe(expected.balanceCents);

          const stored = await queryAll('orders', vendorId);
          expect(stored.map((o) => [o.orderId, o.status, o.revision, o.day]).sort()).toEqual(
            finals.map((o) => [o.orderId, o.status, o.revision, laDay(o.placedAt)]).sort(),
          );
        }),
        { numRuns: 25 },
      );
    },
    120_000,
  );

  it('sets a malformed event and an order of an unknown vendor aside in the dead-letter folder, with the reason, writing nothing', async () => {
    const dir = process.env.LOCAL_DEAD_LETTER_DIR!;
    const before = existsSync(dir) ? new Set(readdirSync(dir)) : new Set<string>();
    const good: Snapshot = {
      orderId: 'o-dlq',
      orderNumber: 'MO-DLQ',
      vendorId: await newVendor(undefined),
      placedAt: '2026-03-08T07:59:59.999Z',
      status: 'paid',
      lines: [{ productId: 'P-1', sku: 'TEA-OOL-150', name: '台灣高山烏龍茶 Taiwan High Mountain Oolong Tea', quantity: 1, unitPriceCents: 1899 }],
      revision: 1,
    };
    const malformed = eventOf({ ...good, lines: [{ ...good.lines[0]!, quantity: 0 }] }, 'millis', 'evt-malformed');
    await expect(ingest(malformed)).resolves.toMatchObject({ outcome: 'rejected', reason: 'invalid_event' });
    await expect(ingest(eventOf({ ...good, vendorId: 'V-999999999999' }, 'millis', 'evt-stranger'))).resolves.toMatchObject({ outcome: 'rejected', reason: 'unknown_vendor' });

    const files = readdirSync(dir).filter((f) => !before.has(f));
    const letters = files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { reason: string; reasonDetail: string; event: { id: string } });
    expect(letters.map((l) => [l.event.id, l.reason]).sort()).toEqual([
      ['evt-malformed', 'invalid_event'],
      ['evt-stranger', 'unknown_vendor'],
    ]);
    expect(letters.find((l) => l.reason === 'invalid_event')!.reasonDetail).toContain('detail.lines.0.quantity');
    expect(await queryAll('orders', good.vendorId)).toEqual([]);
    expect(await queryAll('ledger', good.vendorId)).toEqual([]);
  });
});

describe('simulated orders', () => {
  it('the demo seed gave the demo vendor orders today, this week and this month in every status', async () => {
    const vendorId = demoAccounts.approved.vendor.vendorId;
    const orders = await queryAll('orders', vendorId);
    // A few minutes of slack in case the stack was seeded just before midnight.
    const today = laDay(new Date(Date.now() - 10 * 60_000).toISOString());
    const statusesSince = (daysBack: number) => {
      const first = new Date(Date.parse(`${today}T12:00:00Z`) - daysBack * 86_400_000).toISOString().slice(0, 10);
      return new Set(orders.filter((o) => String(o.day) >= first).map((o) => o.status));
    };
    expect(orders.length).toBeGreaterThanOrEqual(50);
    expect([...statusesSince(0)].sort()).toEqual([...ORDER_STATUSES].sort());
    expect([...statusesSince(6)].sort()).toEqual([...ORDER_STATUSES].sort());
    expect([...statusesSince(29)].sort()).toEqual([...ORDER_STATUSES].sort());
    expect(orders.some((o) => /[\u4e00-\u9fff]/.test(JSON.stringify(o.lines)))).toBe(true);
  });

  it('`npm run orders:simulate` publishes realistic orders through the ingest, and its figures add up', async () => {
    const vendorId = await newVendor(1_200);
    const { stdout } = await run(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', 'scripts/demo/orders-simulate.ts', '--profile', 'test', '--vendor', vendorId, '--count', '12', '--days', '10', '--seed', '42'],
      { env: { ...process.env, ...testStackPortsEnv(), LOG_LEVEL: 'SILENT' } },
    );
    expect(stdout).toMatch(new RegExp(`✔ 12 orders for ${vendorId} over the last 10 days`));
    expect(stdout).toMatch(/0 rejected, 0 failed/);

    const orders = await queryAll('orders', vendorId);
    expect(orders).toHaveLength(12);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    for (const o of orders) {
      const lines = o.lines as Line[];
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(4);
    }
    const finals = orders.map((o) => ({ ...(o as unknown as Snapshot) }));
    const ledger = await ledgerOf(vendorId);
    const expected = fold(finals, 1_200);
    expect(ledger.days).toEqual(expected.days);
    expect(ledger.balanceCents).toBe(expected.balanceCents);
  });
});
