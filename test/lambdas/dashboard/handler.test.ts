import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { handler } from '../../../lambdas/dashboard/handler';
import { dashboardFrom } from '../../../lambdas/dashboard/summary';
import { addDays } from '../../../lambdas/shared/dates';
import { MINIMUM_PAYOUT_CENTS } from '../../../lambdas/shared/money';
import { apiEvent, context } from '../events';

process.env.VENDORS_TABLE = 'vendors-test';
process.env.LEDGER_TABLE = 'ledger-test';
const ddb = mockClient(DynamoDBDocumentClient);
const vendor = { userId: 'user-1', email: 'vendor@example.com', status: 'approved', vendorId: 'V-10001', vendorName: 'Golden Harvest Foods', language: 'en' };
const LA = 'America/Los_Angeles';

interface Day {
  day: string;
  amountCents: number;
  quantity: number;
  orders: number;
}

/** A ledger partition: DAY items answered by sort-key range, like DynamoDB would, and the balance. */
function givenLedger(days: Day[], balanceCents?: number) {
  ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: vendor });
  ddb.on(GetCommand, { TableName: 'ledger-test' }).resolves(balanceCents === undefined ? {} : { Item: { balanceCents } });
  ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const v = input.ExpressionAttributeValues as Record<string, string>;
    return { Items: days.filter((d) => `DAY#${d.day}` >= v[':first']! && `DAY#${d.day}` <= v[':last']!) };
  });
}

const get = async () => {
  const res = await handler(apiEvent('GET', '/api/dashboard'), context);
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
};
const at = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

beforeEach(() => ddb.reset());
afterEach(() => vi.useRealTimers());

describe('GET /api/dashboard', () => {
  it('reads exactly one Query of the 30 DAY items and one GetItem of BALANCE — never orders or entries', async () => {
    at('2026-03-09T06:30:00Z'); // 2026-03-08 22:30 in Los Angeles
    givenLedger([], 0);
    expect((await get()).status).toBe(200);
    expect(ddb.commandCalls(QueryCommand).map((c) => c.args[0].input)).toEqual([
      {
        TableName: 'ledger-test',
        KeyConditionExpression: 'vendorId = :vendorId AND sk BETWEEN :first AND :last',
        ExpressionAttributeValues: { ':vendorId': 'V-10001', ':first': 'DAY#2026-02-07', ':last': 'DAY#2026-03-08' },
        ProjectionExpression: '#day, amountCents, quantity, #orders',
        ExpressionAttributeNames: { '#day': 'day', '#orders': 'orders' },
      },
    ]);
    expect(ddb.commandCalls(GetCommand).map((c) => c.args[0].input)).toEqual([
      { TableName: 'vendors-test', Key: { userId: 'user-1' }, ConsistentRead: true },
      { TableName: 'ledger-test', Key: { vendorId: 'V-10001', sk: 'BALANCE' }, ProjectionExpression: 'balanceCents' },
    ]);
    expect(ddb.calls()).toHaveLength(3);
  });

  it('answers the periods, balance, minimum payout, next payout date and a zero-filled 30-day series', async () => {
    at('2026-03-09T06:30:00Z');
    givenLedger(
      [
        { day: '2026-03-08', amountCents: 1000, quantity: 2, orders: 1 }, // today
        { day: '2026-03-02', amountCents: 2000, quantity: 3, orders: 2 }, // 7th day back: in 7 days
        { day: '2026-03-01', amountCents: 4000, quantity: 5, orders: 3 }, // 8th day back: not in 7 days
        { day: '2026-02-22', amountCents: 8000, quantity: 7, orders: 4 }, // 15th day back
        { day: '2026-02-07', amountCents: 16000, quantity: 11, orders: 5 }, // 30th day back
        { day: '2026-02-06', amountCents: 99999, quantity: 99, orders: 99 }, // 31st: never read
      ],
      254310,
    );
    const { status, body } = await get();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      timeZone: LA,
      today: '2026-03-08',
      currency: 'USD',
      asOf: '2026-03-09T06:30:00.000Z',
      periods: {
        today: { from: '2026-03-08', to: '2026-03-08', amountCents: 1000, quantity: 2, orders: 1 },
        last7Days: { from: '2026-03-02', to: '2026-03-08', amountCents: 3000, quantity: 5, orders: 3 },
        last15Days: { from: '2026-02-22', to: '2026-03-08', amountCents: 15000, quantity: 17, orders: 10 },
        last30Days: { from: '2026-02-07', to: '2026-03-08', amountCents: 31000, quantity: 28, orders: 15 },
      },
      balanceCents: 254310,
      minimumPayoutCents: MINIMUM_PAYOUT_CENTS,
      nextPayoutDate: '2026-03-15',
    });
    expect(MINIMUM_PAYOUT_CENTS).toBe(5000);
    const daily = body.daily as Day[];
    expect(daily).toHaveLength(30);
    expect(daily[0]).toEqual({ day: '2026-02-07', amountCents: 16000, quantity: 11, orders: 5 });
    expect(daily[29]).toEqual({ day: '2026-03-08', amountCents: 1000, quantity: 2, orders: 1 });
    expect(daily[1]).toEqual({ day: '2026-02-08', amountCents: 0, quantity: 0, orders: 0 });
    expect(daily.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => addDays('2026-02-07', i)));
  });

  it('a vendor without sales or balance sees zeros', async () => {
    at('2026-03-09T06:30:00Z');
    givenLedger([]);
    const { body } = await get();
    expect(body).toMatchObject({ balanceCents: 0, periods: { today: { amountCents: 0, quantity: 0 }, last30Days: { amountCents: 0, quantity: 0 } } });
  });

  it('a negative balance is shown as it is', async () => {
    at('2026-03-09T06:30:00Z');
    givenLedger([], -1250);
    expect((await get()).body.balanceCents).toBe(-1250);
  });

  it.each([
    ['2026-03-08T07:59:59.999Z', '2026-03-07', '2026-03-15'], // 23:59:59 PST on the 7th
    ['2026-03-08T08:00:00.000Z', '2026-03-08', '2026-03-15'], // midnight PST on the 8th (DST starts at 02:00)
    ['2026-11-01T06:59:59.999Z', '2026-10-31', '2026-11-15'], // 23:59:59 PDT on the 31st: that day's 02:00 run is past
    ['2026-11-01T07:00:00.000Z', '2026-11-01', '2026-11-15'], // midnight PDT on 1 November (DST ends at 02:00)
    ['2026-03-15T08:59:59.000Z', '2026-03-15', '2026-03-15'], // 01:59:59 PDT on the 15th: the run is still ahead
    ['2026-03-15T09:00:00.000Z', '2026-03-15', '2026-03-31'], // 02:00 PDT: the run is under way, next is the 31st
  ])('at %s "today" is %s in Los Angeles and the next payout %s', async (now, today, payout) => {
    at(now);
    givenLedger([{ day: today, amountCents: 700, quantity: 1, orders: 1 }]);
    const { body } = await get();
    expect(body).toMatchObject({ today, nextPayoutDate: payout, periods: { today: { from: today, amountCents: 700 } } });
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({ ':last': `DAY#${today}`, ':first': `DAY#${addDays(today, -29)}` });
  });

  it.each([['pending'], ['rejected']])('answers 403 to a %s vendor without reading the ledger', async (status) => {
    ddb.on(GetCommand).resolves({ Item: { ...vendor, status, vendorId: undefined } });
    expect(await get()).toMatchObject({ status: 403, body: { error: 'vendor_not_approved' } });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });
});

describe('dashboard figures', () => {
  it('every period equals a brute-force sum of the DAY items within it, for any history', () => {
    const today = '2026-03-08';
    const dayArb = fc.integer({ min: -45, max: 0 }).map((n) => addDays(today, n));
    const item = fc.record({ day: dayArb, amountCents: fc.integer({ min: 0, max: 10_000_000 }), quantity: fc.integer({ min: 0, max: 1000 }), orders: fc.integer({ min: 0, max: 100 }) });
    fc.assert(
      fc.property(fc.uniqueArray(item, { selector: (d) => d.day, maxLength: 46 }), fc.integer({ min: -1_000_000, max: 10_000_000 }), (days, balance) => {
        const inRange = days.filter((d) => d.day >= addDays(today, -29)); // what the Query returns
        const result = dashboardFrom({ days: inRange, balanceCents: balance }, new Date('2026-03-09T06:30:00Z'), LA);
        for (const [key, n] of [['today', 1], ['last7Days', 7], ['last15Days', 15], ['last30Days', 30]] as const) {
          const within = days.filter((d) => d.day > addDays(today, -n) && d.day <= today);
          expect(result.periods[key]).toEqual({
            from: addDays(today, 1 - n),
            to: today,
            amountCents: within.reduce((s, d) => s + d.amountCents, 0),
            quantity: within.reduce((s, d) => s + d.quantity, 0),
            orders: within.reduce((s, d) => s + d.orders, 0),
          });
        }
        expect(result.daily.reduce((s, d) => s + d.amountCents, 0)).toBe(result.periods.last30Days.amountCents);
        expect(result.balanceCents).toBe(balance);
      }),
      { numRuns: 500 },
    );
  });
});
