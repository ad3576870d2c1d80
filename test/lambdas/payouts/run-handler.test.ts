import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { handler, runFromEvent, sqsEnqueue } from '../../../lambdas/payouts/run-handler';
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

describe('the scheduled payout run Lambda', () => {
  it('closes the period of the schedule time in the marketplace zone and queues the payable vendors in batches of ten', async () => {
    // 23 payable over two index pages, 2 below the minimum.
    const page1 = [...Array.from({ length: 15 }, (_, i) => vendor(i + 1, 5_000 + i)), vendor(90, 4_999)];
    const page2 = [...Array.from({ length: 8 }, (_, i) => vendor(i + 20, 12_345)), vendor(91, 0)];
    ddb.on(QueryCommand).resolvesOnce({ Items: page1, LastEvaluatedKey: { payable: 'Y', vendorId: 'V-10090' } }).resolvesOnce({ Items: page2 });

    // The last-day schedule fires at 02:00 on 30 Nov in Los Angeles (PST) = 10:00 UTC.
    const summary = await runFromEvent({ scheduledTime: '2026-11-30T10:00:00Z' }, QUEUE, sqs as unknown as SQSClient);

    expect(summary).toEqual({ period: { id: '2026-11-2', from: '2026-11-16', to: '2026-11-30' }, enqueued: 23, rolledOver: 2 });
    const batches = sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input);
    expect(batches.map((b) => b.Entries?.length)).toEqual([10, 5, 8]);
    for (const b of batches) {
      expect(b.QueueUrl).toBe(QUEUE);
      expect(new Set(b.Entries?.map((e) => e.Id)).size).toBe(b.Entries?.length);
    }
    const bodies = sentBodies();
    expect(bodies).toHaveLength(23);
    for (const body of bodies) expect(payoutMessage.parse(body).periodId).toBe('2026-11-2');
    expect(bodies).toContainEqual({ vendorId: 'V-10001', periodId: '2026-11-2' });
    // Below the minimum: pruned from the index (conditionally, with the vendor's roll-over notice), not queued.
    expect(ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems![0]!.Update!.Key)).toEqual([
      { vendorId: 'V-10090', sk: 'BALANCE' },
      { vendorId: 'V-10091', sk: 'BALANCE' },
    ]);
  });

  it('takes an explicit { date } for a rerun of that day\'s period', async () => {
    ddb.on(QueryCommand).resolves({ Items: [vendor(1, 50_000)] });
    const summary = await runFromEvent({ date: '2026-11-15' }, QUEUE, sqs as unknown as SQSClient);
    expect(summary.period.id).toBe('2026-11-1');
    expect(sentBodies()).toEqual([{ vendorId: 'V-10001', periodId: '2026-11-1' }]);
  });

  it('uses the marketplace day, not the UTC day: 02:00 on the 15th in Los Angeles', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
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
