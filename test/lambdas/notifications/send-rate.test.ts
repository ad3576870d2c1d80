import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { SendEmailCommand, SESv2Client, TooManyRequestsException } from '@aws-sdk/client-sesv2';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DeleteCommandInput, type PutCommandInput, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBRecord } from 'aws-lambda';
import { handler } from '../../../lambdas/notifications/notifier-handler';
import { useNotifierTestEnv } from './notifier-env';
import { inboxItemOf } from '../../../lambdas/notifications/record';
import { isSesThrottle, SendDeferred, sendGate, SendPacer, takeWindowSlot, type Clock } from '../../../lambdas/notifications/send-rate';

useNotifierTestEnv();

const ddb = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);

/** A clock whose sleeps advance it: the pacer's arithmetic without waiting. */
function fakeClock(start = 1_000_000): Clock & { slept: number[] } {
  let t = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => t,
    sleep: async (ms) => {
      slept.push(ms);
      t += ms;
    },
  };
}

const ccf = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

describe('SendPacer', () => {
  it('spaces sends evenly at the rate, and defers (reserving nothing) a send that would come after the deadline', async () => {
    const clock = fakeClock();
    const pacer = new SendPacer(14, clock);
    const start = clock.now();
    for (let i = 0; i < 28; i++) await pacer.acquire();
    // 28 sends at 14/s: the last one 27/14 s after the first.
    expect(clock.now() - start).toBeCloseTo((27 * 1000) / 14, 5);
    const deadline = clock.now() + 100;
    await pacer.acquire(deadline); // 71 ms later: in time
    await expect(pacer.acquire(deadline)).rejects.toBeInstanceOf(SendDeferred); // 143 ms: too late
    // Nothing was reserved by the deferred one: the next slot is still the one after the last send.
    const before = clock.now();
    await pacer.acquire();
    expect(clock.now() - before).toBeCloseTo(1000 / 14, 5);
  });

  it('cools down after SES throttled', async () => {
    const clock = fakeClock();
    const pacer = new SendPacer(10, clock);
    await pacer.acquire();
    pacer.coolDown(2_000);
    const t = clock.now();
    await pacer.acquire();
    expect(clock.now() - t).toBe(2_000);
  });
});

describe('the shared per-second window', () => {
  beforeEach(() => ddb.reset());

  it('takes a slot of the current second, or waits for the next second when it is full', async () => {
    const clock = fakeClock(5_000_250);
    ddb.on(UpdateCommand).rejectsOnce(ccf()).resolves({});
    await takeWindowSlot(14, undefined, clock);
    const calls = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(calls.map((c) => c.Key)).toEqual([{ key: 'SES_RATE#5000' }, { key: 'SES_RATE#5001' }]);
    expect(calls[0]).toMatchObject({ TableName: 'idempotency-test', ConditionExpression: 'attribute_not_exists(sent) OR sent < :rate', ExpressionAttributeValues: { ':rate': 14, ':one': 1 } });
    expect(clock.slept).toEqual([750]);
  });

  it('defers when the next free second is after the deadline, and passes other errors on', async () => {
    const clock = fakeClock(5_000_250);
    ddb.on(UpdateCommand).rejects(ccf());
    await expect(takeWindowSlot(14, 5_000_900, clock)).rejects.toBeInstanceOf(SendDeferred);
    ddb.reset();
    ddb.on(UpdateCommand).rejects(new Error('Service unavailable'));
    await expect(takeWindowSlot(14, undefined, clock)).rejects.toThrow('Service unavailable');
  });

  it('a gate halts after a throttle: no send is admitted for the rest of the invocation', async () => {
    const clock = fakeClock();
    const gate = sendGate({ pacer: new SendPacer(100, clock), rate: 100, clock, window: async () => undefined });
    await gate.admit();
    gate.throttled();
    await expect(gate.admit()).rejects.toBeInstanceOf(SendDeferred);
    expect(isSesThrottle(new TooManyRequestsException({ message: 'Maximum sending rate exceeded.', $metadata: {} }))).toBe(true);
    expect(isSesThrottle(Object.assign(new Error('Daily message quota exceeded'), { name: 'LimitExceededException' }))).toBe(true);
    expect(isSesThrottle(Object.assign(new Error('paused'), { name: 'SendingPausedException' }))).toBe(false);
  });
});

describe('the notifier at the SES send rate', () => {
  const vendor = { userId: 'user-1', vendorId: 'V-10001', email: 'shop@example.com', vendorName: 'Harbor Fresh', language: 'en', status: 'approved' };
  const item = (n: number) =>
    inboxItemOf({
      vendorId: 'V-10001',
      type: 'payout_paid',
      subject: `P-V-10001-2026-11-${n}`,
      params: { payoutId: `P-V-10001-2026-11-${n}`, period: '2026-11-2', amountCents: 10_000 + n, feeCents: 100, paidCents: 9_900 + n },
      createdAt: '2026-11-30T10:00:00.000Z',
    });
  const record = (n: number): DynamoDBRecord => {
    const it = item(n);
    return { eventName: 'INSERT', eventSource: 'aws:dynamodb', dynamodb: { Keys: marshall({ vendorId: it.vendorId, sk: it.sk }) as never, NewImage: marshall(it) as never, SequenceNumber: String(n) } };
  };
  const context = (remainingMs: number) => ({ getRemainingTimeInMillis: () => remainingMs }) as unknown as Context;

  /** The idempotency table as a map (claims and rate windows), so a retried batch meets what the first attempt left. */
  let table: Map<string, Record<string, unknown>>;
  /** When each e-mail went (ms), by subject. */
  let sent: { at: number; subject: string }[];

  beforeEach(() => {
    ddb.reset();
    ses.reset();
    table = new Map();
    sent = [];
    ddb.on(QueryCommand, { TableName: 'vendors-test' }).resolves({ Items: [vendor] });
    ddb.on(GetCommand, { TableName: 'notifications-test' }).resolves({});
    ddb.on(GetCommand, { TableName: 'suppressions-test' }).resolves({});
    ddb.on(GetCommand, { TableName: 'idempotency-test' }).callsFake(async (input: { Key: { key: string } }) => ({ Item: table.get(input.Key.key) }));
    ddb.on(PutCommand, { TableName: 'idempotency-test' }).callsFake(async (input: PutCommandInput) => {
      const key = input.Item!.key as string;
      if (table.get(key)) throw ccf(); // claimed before (sending or sent)
      table.set(key, { ...input.Item });
      return {};
    });
    ddb.on(UpdateCommand, { TableName: 'idempotency-test' }).callsFake(async (input: UpdateCommandInput) => {
      const key = input.Key!.key as string;
      if (key.startsWith('SES_RATE#')) {
        const window = table.get(key) ?? { key, sent: 0 };
        if ((window.sent as number) >= (input.ExpressionAttributeValues![':rate'] as number)) throw ccf();
        table.set(key, { ...window, sent: (window.sent as number) + 1 });
        return {};
      }
      table.set(key, { ...table.get(key), status: 'sent' });
      return {};
    });
    ddb.on(DeleteCommand, { TableName: 'idempotency-test' }).callsFake(async (input: DeleteCommandInput) => {
      table.delete(input.Key!.key as string);
      return {};
    });
    ses.on(SendEmailCommand).callsFake(async (input: { Content: { Simple: { Subject: { Data: string } } } }) => {
      sent.push({ at: performance.now(), subject: input.Content.Simple.Subject.Data });
      return { MessageId: `m-${sent.length}` };
    });
  });
  afterEach(() => delete process.env.SES_MAX_SEND_RATE);

  it('sends a batch no faster than the configured rate, each e-mail once', async () => {
    process.env.SES_MAX_SEND_RATE = '40';
    const records = Array.from({ length: 12 }, (_, i) => record(i + 1));
    expect(await handler({ Records: records }, context(30_000))).toEqual({ batchItemFailures: [] });
    expect(sent).toHaveLength(12);
    expect(new Set(sent.map((s) => s.subject)).size).toBe(12);
    // 12 sends at 40/s: 11/40 s = 275 ms from the first to the last (unpaced they would leave within a few ms).
    // The allowance is for the first send leaving later after its slot than the last, which a loaded machine
    // (load 20 on 2 cores measured 134-155 ms) stretches: half the paced span still tells paced from unpaced.
    expect(sent[11]!.at - sent[0]!.at).toBeGreaterThanOrEqual((11 * 1000) / 40 / 2);
    // And never more than 40 slots taken in one second of the shared window.
    for (const [key, window] of table) if (key.startsWith('SES_RATE#')) expect(window.sent).toBeLessThanOrEqual(40);
  });

  it('SES throttling: the throttled record and every later one fail unsent, their claims released; the retried batch sends each of them exactly once', async () => {
    // 50 ms between admissions: each send's answer is back before the next one is admitted.
    process.env.SES_MAX_SEND_RATE = '20';
    let calls = 0;
    ses.on(SendEmailCommand).callsFake(async (input: { Content: { Simple: { Subject: { Data: string } } } }) => {
      calls += 1;
      if (calls === 3) throw new TooManyRequestsException({ message: 'Maximum sending rate exceeded.', $metadata: {} });
      sent.push({ at: performance.now(), subject: input.Content.Simple.Subject.Data });
      return { MessageId: `m-${calls}` };
    });
    const records = Array.from({ length: 6 }, (_, i) => record(i + 1));
    const first = await handler({ Records: records }, context(30_000));
    const failed = first.batchItemFailures.map((f) => f.itemIdentifier);
    // The throttled record and all not yet admitted fail; none is sent after the throttle.
    expect(failed).toEqual(['3', '4', '5', '6']);
    expect(calls).toBe(3);
    expect(sent).toHaveLength(2);
    for (const seq of failed) expect(table.get(`EMAIL#V-10001#${item(Number(seq)).id}`)).toBeUndefined();

    // Lambda retries from the first failed record; the ones sent already find their claim `sent`.
    const from = Math.min(...failed.map(Number));
    const retry = await handler({ Records: records.slice(from - 1) }, context(30_000));
    expect(retry).toEqual({ batchItemFailures: [] });
    expect(sent).toHaveLength(6);
    expect(new Set(sent.map((s) => s.subject)).size).toBe(6);
  });

  it('a batch that cannot be sent before the invocation’s deadline: the rest is deferred unsent, not lost', async () => {
    process.env.SES_MAX_SEND_RATE = '2';
    const records = Array.from({ length: 5 }, (_, i) => record(i + 1));
    // 9 s left, less the 8 s margin: one second of sending at 2/s — two or three e-mails.
    const out = await handler({ Records: records }, context(9_000));
    const failed = out.batchItemFailures.map((f) => Number(f.itemIdentifier));
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBeLessThanOrEqual(3);
    expect(failed).toHaveLength(5 - sent.length);
    for (const seq of failed) expect(table.get(`EMAIL#V-10001#${item(seq).id}`)).toBeUndefined();
  });
});
