import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { SendMessageBatchCommand, SQSClient, type SendMessageBatchCommandInput } from '@aws-sdk/client-sqs';
import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand, TransactWriteCommand, type BatchGetCommandInput, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { handler, runFromEvent, SQS_SENDS_IN_FLIGHT, sqsEnqueue } from '../../../lambdas/payouts/run-handler';
import { LEGACY_PAYABLE_VALUE, PAYABLE_INDEX, PAYABLE_PARTITIONS, payableValue } from '../../../lambdas/payouts/model';
import { payoutMessage } from '../../../lambdas/payouts/settlement';

process.env.LEDGER_TABLE = 'ledger-test';
process.env.NOTIFICATIONS_TABLE = 'notifications-test';
const QUEUE = 'https://sqs.us-east-1.amazonaws.com/000000000000/payouts';

const ddb = mockClient(DynamoDBDocumentClient);
const sqs = mockClient(SQSClient);

const vendor = (n: number, balanceCents: number) => ({ vendorId: `V-${10000 + n}`, balanceCents });
const sentBodies = () =>
  sqs.commandCalls(SendMessageBatchCommand).flatMap((c) => (c.args[0].input.Entries ?? []).map((e) => JSON.parse(e.MessageBody ?? '') as unknown));

beforeEach(() => {
  ddb.reset();
  sqs.reset();
  sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
  ddb.on(TransactWriteCommand).resolves({});
});

/** The ledger's payable index and balances as the mocks answer them. */
function givenLedger(vendors: { vendorId: string; balanceCents: number; partition: string }[], opts: { pageSize?: number; unprocessedOnce?: boolean } = {}) {
  const pageSize = opts.pageSize ?? 1_000;
  ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    expect(input.IndexName).toBe(PAYABLE_INDEX);
    const partition = input.ExpressionAttributeValues?.[':payable'] as string;
    const all = vendors.filter((v) => v.partition === partition).sort((a, b) => a.vendorId.localeCompare(b.vendorId));
    const from = input.ExclusiveStartKey ? all.findIndex((v) => v.vendorId === input.ExclusiveStartKey!.vendorId) + 1 : 0;
    const page = all.slice(from, from + pageSize);
    const last = page[page.length - 1];
    // KEYS_ONLY: the index's and the table's keys, no balance.
    return {
      Items: page.map((v) => ({ payable: partition, vendorId: v.vendorId, sk: 'BALANCE' })),
      ...(from + pageSize < all.length && last ? { LastEvaluatedKey: { payable: partition, vendorId: last.vendorId, sk: 'BALANCE' } } : {}),
    };
  });
  const balances = new Map(vendors.map((v) => [v.vendorId, v.balanceCents]));
  let unprocessed = opts.unprocessedOnce ?? false;
  ddb.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
    const keys = input.RequestItems!['ledger-test']!.Keys as { vendorId: string; sk: string }[];
    expect(keys.length).toBeLessThanOrEqual(100);
    // The first call leaves its last five keys unprocessed, as DynamoDB may.
    const served = unprocessed ? keys.slice(0, -5) : keys;
    const left = unprocessed ? keys.slice(-5) : [];
    unprocessed = false;
    return {
      Responses: { 'ledger-test': served.map((k) => ({ vendorId: k.vendorId, balanceCents: balances.get(k.vendorId) })) },
      ...(left.length ? { UnprocessedKeys: { 'ledger-test': { Keys: left } } } : {}),
    };
  });
}

describe('the scheduled payout run Lambda', () => {
  it('closes the period of the schedule time in the marketplace zone and queues the payable vendors in batches of ten', async () => {
    // 23 payable in two shards (one read over two pages) and the legacy partition, 2 below the minimum.
    const [a, b] = [payableValue('V-10001'), PAYABLE_PARTITIONS.find((p) => p !== payableValue('V-10001') && p !== LEGACY_PAYABLE_VALUE)!];
    givenLedger(
      [
        ...Array.from({ length: 15 }, (_, i) => ({ ...vendor(i + 1, 5_000 + i), partition: a })),
        { ...vendor(90, 4_999), partition: a },
        ...Array.from({ length: 5 }, (_, i) => ({ ...vendor(i + 20, 12_345), partition: b })),
        ...Array.from({ length: 3 }, (_, i) => ({ ...vendor(i + 30, 12_345), partition: LEGACY_PAYABLE_VALUE })),
        { ...vendor(91, 0), partition: LEGACY_PAYABLE_VALUE },
      ],
      { pageSize: 10 },
    );

    // The last-day schedule fires at 02:00 on 30 Nov in Los Angeles (PST) = 10:00 UTC.
    const summary = await runFromEvent({ scheduledTime: '2026-11-30T10:00:00Z' }, QUEUE, sqs as unknown as SQSClient);

    expect(summary).toEqual({ period: { id: '2026-11-2', from: '2026-11-16', to: '2026-11-30' }, enqueued: 23, rolledOver: 2 });
    const batches = sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input);
    expect(batches.map((b) => b.Entries?.length).sort()).toEqual([10, 3, 5, 5].sort());
    for (const b of batches) {
      expect(b.QueueUrl).toBe(QUEUE);
      expect(new Set(b.Entries?.map((e) => e.Id)).size).toBe(b.Entries?.length);
    }
    const bodies = sentBodies();
    expect(bodies).toHaveLength(23);
    for (const body of bodies) expect(payoutMessage.parse(body).periodId).toBe('2026-11-2');
    expect(bodies).toContainEqual({ vendorId: 'V-10001', periodId: '2026-11-2' });
    // Every one of the 17 partitions was read; the shard of 16 vendors over two pages.
    const partitions = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input.ExpressionAttributeValues?.[':payable'] as string);
    expect(new Set(partitions)).toEqual(new Set(PAYABLE_PARTITIONS));
    expect(partitions.filter((p) => p === a)).toHaveLength(2);
    // Below the minimum: pruned from the index (conditionally, with the vendor's roll-over notice), not queued.
    expect(ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems![0]!.Update!.Key)).toEqual(
      expect.arrayContaining([
        { vendorId: 'V-10090', sk: 'BALANCE' },
        { vendorId: 'V-10091', sk: 'BALANCE' },
      ]),
    );
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('at scale: every payable vendor enqueued exactly once, bounded parallelism, unprocessed keys and refused entries sent again', async () => {
    // 2,345 vendors over the sixteen shards, 40 still in the legacy partition and 10 of those seen in
    // their shard too (a sale moved them while the run read); every seventh below the minimum.
    const vendors = Array.from({ length: 2_345 }, (_, i) => {
      const v = vendor(i, i % 7 === 0 ? 1_000 : 6_000 + i);
      return { ...v, partition: i < 40 ? LEGACY_PAYABLE_VALUE : payableValue(v.vendorId) };
    });
    const moved = vendors.slice(0, 10).map((v) => ({ ...v, partition: payableValue(v.vendorId) }));
    givenLedger([...vendors, ...moved], { pageSize: 50, unprocessedOnce: true });
    let inFlight = 0;
    let most = 0;
    let refuseOnce = true;
    sqs.on(SendMessageBatchCommand).callsFake(async (input: SendMessageBatchCommandInput) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight -= 1;
      // One batch: SQS refuses two of its entries (a transient error), which must be sent again, alone.
      if (refuseOnce && input.Entries!.length === 10) {
        refuseOnce = false;
        return { Successful: input.Entries!.slice(2).map((e) => ({ Id: e.Id, MessageId: 'm', MD5OfMessageBody: 'x' })), Failed: input.Entries!.slice(0, 2).map((e) => ({ Id: e.Id, Code: 'InternalError', SenderFault: false })) };
      }
      return { Successful: input.Entries!.map((e) => ({ Id: e.Id, MessageId: 'm', MD5OfMessageBody: 'x' })), Failed: [] };
    });

    const summary = await runFromEvent({ date: '2026-11-15' }, QUEUE, sqs as unknown as SQSClient);

    const payable = vendors.filter((v) => v.balanceCents >= 5_000).map((v) => v.vendorId);
    const below = vendors.filter((v) => v.balanceCents < 5_000).map((v) => v.vendorId);
    expect(summary).toMatchObject({ enqueued: payable.length, rolledOver: below.length });
    // Counted by what SQS accepted: every payable vendor exactly once, nobody else.
    const accepted = new Map<string, number>();
    const calls = sqs.commandCalls(SendMessageBatchCommand);
    for (const [i, c] of calls.entries()) {
      const entries = c.args[0].input.Entries!;
      const refused = new Set((((await c.returnValue) as { Failed?: { Id?: string }[] }).Failed ?? []).map((f) => f.Id));
      for (const e of entries) if (!refused.has(e.Id)) accepted.set((JSON.parse(e.MessageBody!) as { vendorId: string }).vendorId, (accepted.get((JSON.parse(e.MessageBody!) as { vendorId: string }).vendorId) ?? 0) + 1);
      expect(entries.length, `call ${i}`).toBeLessThanOrEqual(10);
    }
    expect([...accepted.keys()].sort()).toEqual([...payable].sort());
    expect([...accepted.values()].every((n) => n === 1)).toBe(true);
    // The refused pair went again, by itself.
    expect(calls.some((c) => c.args[0].input.Entries!.length === 2)).toBe(true);
    expect(most).toBeLessThanOrEqual(SQS_SENDS_IN_FLIGHT);
    expect(most).toBeGreaterThan(1);
    // Each vendor below the minimum pruned once.
    const pruned = ddb.commandCalls(TransactWriteCommand).map((c) => (c.args[0].input.TransactItems![0]!.Update!.Key as { vendorId: string }).vendorId);
    expect(pruned.sort()).toEqual([...below].sort());
    // Every balance read once (the unprocessed keys asked again, the moved vendors not twice).
    const asked = ddb.commandCalls(BatchGetCommand).flatMap((c) => (c.args[0].input.RequestItems!['ledger-test']!.Keys as { vendorId: string }[]).map((k) => k.vendorId));
    expect(asked).toHaveLength(vendors.length + 5);
    expect(new Set(asked).size).toBe(vendors.length);
  });

  it('fails the run (to be retried whole) when a partition cannot be read, after what was started has finished', async () => {
    givenLedger(Array.from({ length: 30 }, (_, i) => ({ ...vendor(i, 9_000), partition: payableValue(vendor(i, 0).vendorId) })));
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':payable': LEGACY_PAYABLE_VALUE } }).rejects(new Error('Service unavailable'));
    await expect(runFromEvent({ date: '2026-11-15' }, QUEUE, sqs as unknown as SQSClient)).rejects.toThrow('Service unavailable');
  });

  it('takes an explicit { date } for a rerun of that day\'s period', async () => {
    givenLedger([{ ...vendor(1, 50_000), partition: payableValue('V-10001') }]);
    const summary = await runFromEvent({ date: '2026-11-15' }, QUEUE, sqs as unknown as SQSClient);
    expect(summary.period.id).toBe('2026-11-1');
    expect(sentBodies()).toEqual([{ vendorId: 'V-10001', periodId: '2026-11-1' }]);
  });

  it('uses the marketplace day, not the UTC day: 02:00 on the 15th in Los Angeles', async () => {
    givenLedger([]);
    // 2026-11-16T05:00Z is 21:00 on the 15th in Los Angeles: still the first half.
    expect((await runFromEvent({ scheduledTime: '2026-11-16T05:00:00Z' }, QUEUE, sqs as unknown as SQSClient)).period.id).toBe('2026-11-1');
    expect(sqs.commandCalls(SendMessageBatchCommand)).toHaveLength(0);
  });

  it('rejects a malformed event and a missing queue URL', async () => {
    await expect(runFromEvent({ date: '2026-02-30' }, QUEUE, sqs as unknown as SQSClient)).rejects.toThrow(/calendar day/);
    await expect(runFromEvent({}, undefined, sqs as unknown as SQSClient)).rejects.toThrow(/PAYOUT_QUEUE_URL/);
    delete process.env.PAYOUT_QUEUE_URL;
    await expect(handler({})).rejects.toThrow(/PAYOUT_QUEUE_URL/);
  });
});

describe('sqsEnqueue', () => {
  const messages = Array.from({ length: 3 }, (_, i) => ({ vendorId: `V-1000${i}`, periodId: '2026-11-1' }));

  it('sends again only the entries SQS failed', async () => {
    sqs.on(SendMessageBatchCommand)
      .resolvesOnce({ Successful: [{ Id: '0', MessageId: 'a', MD5OfMessageBody: 'x' }], Failed: [{ Id: '1', Code: 'InternalError', SenderFault: false }, { Id: '2', Code: 'InternalError', SenderFault: false }] })
      .resolvesOnce({ Successful: [], Failed: [] });
    await sqsEnqueue(QUEUE, sqs as unknown as SQSClient)(messages);
    const calls = sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input.Entries?.map((e) => JSON.parse(e.MessageBody ?? '') as unknown));
    expect(calls).toEqual([messages, messages.slice(1)]);
  });

  it('fails the run when SQS keeps refusing (a rerun is safe: one payout per vendor and period)', async () => {
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [{ Id: '0', Code: 'InternalError', SenderFault: false }] });
    await expect(sqsEnqueue(QUEUE, sqs as unknown as SQSClient)(messages)).rejects.toThrow(/refused 1 payout message\(s\) after 3 attempt/);
    sqs.reset();
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [{ Id: '0', Code: 'InvalidParameterValue', SenderFault: true }] });
    await expect(sqsEnqueue(QUEUE, sqs as unknown as SQSClient)(messages)).rejects.toThrow(/after 1 attempt/);
  });
});
