import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand, type BatchGetCommandInput } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { payVendor, handler, type WorkerDeps } from '../../../lambdas/payouts/worker-handler';
import { runPayouts } from '../../../lambdas/payouts/run';
import { PAYABLE_PARTITIONS, payableValue } from '../../../lambdas/payouts/model';
import type { PayoutProvider } from '../../../lambdas/payouts/provider';

process.env.LEDGER_TABLE = 'ledger-test';
process.env.PAYOUT_ACCOUNTS_TABLE = 'payout-accounts-test';
process.env.NOTIFICATIONS_TABLE = 'notifications-test';

const ddb = mockClient(DynamoDBDocumentClient);
const account = { vendorId: 'V-10001', payoutAccountId: 'PA-V-10001-1', method: 'email', email: 'shop@example.com', updatedAt: '2026-11-01T00:00:00Z' };
const NOW = new Date('2026-11-30T10:00:00Z');
const message = { vendorId: 'V-10001', periodId: '2026-11-2' };

function state(opts: { payout?: Record<string, unknown>; balance?: number; account?: Record<string, unknown> | null }) {
  const item = (table: string, key: { sk?: string }) => {
    if (table === 'payout-accounts-test') return opts.account === null ? undefined : (opts.account ?? account);
    if (key.sk === 'BALANCE') return opts.balance === undefined ? undefined : { vendorId: 'V-10001', sk: 'BALANCE', balanceCents: opts.balance };
    return opts.payout && { vendorId: 'V-10001', sk: 'PAYOUT#2026-11-2', ...opts.payout };
  };
  ddb.on(GetCommand).callsFake((input: { TableName: string; Key: { sk?: string } }) => ({ Item: item(input.TableName, input.Key) }));
  // A BatchGetItem answers only the items that exist, in any order.
  ddb.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => ({
    Responses: Object.fromEntries(
      Object.entries(input.RequestItems!).map(([table, request]) => [table, request.Keys!.map((key) => item(table, key as { sk?: string })).filter((found) => found !== undefined)]),
    ),
  }));
}

const paying = (): PayoutProvider & { pay: ReturnType<typeof vi.fn> } => ({ pay: vi.fn(() => Promise.resolve({ status: 'paid' as const, reference: 'PP-1' })) });
const deps = (provider: PayoutProvider): WorkerDeps => ({ providers: { email: provider }, feeCents: 100, now: () => NOW });
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

beforeEach(() => ddb.reset());

describe('payout worker decisions', () => {
  it('debits, book and creates the payout in one conditional transaction, then pays amount − fee with the payout id as key', async () => {
    state({ balance: 12_345 });
    const provider = paying();
    expect(await payVendor(message, deps(provider))).toBe('paid');
    const tx = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(tx).toHaveLength(3);
    expect(tx[0]!.Put).toMatchObject({ ConditionExpression: 'attribute_not_exists(sk)', Item: { payoutId: 'P-V-10001-2026-11-2', sk: 'PAYOUT#2026-11-2', status: 'pending', amountCents: 12_345, feeCents: 100, paidCents: 12_245, destinationMasked: 's***@example.com' } });
    expect(tx[1]!.Update).toMatchObject({ Key: { vendorId: 'V-10001', sk: 'BALANCE' }, ConditionExpression: 'balanceCents = :amount', ExpressionAttributeValues: expect.objectContaining({ ':debit': -12_345, ':amount': 12_345 }) });
    expect(tx[2]!.Put).toMatchObject({ Item: { kind: 'payout', amountCents: -12_345, payoutId: 'P-V-10001-2026-11-2' } });
    expect(provider.pay).toHaveBeenCalledWith(expect.objectContaining({ payoutId: 'P-V-10001-2026-11-2', amountCents: 12_245 }));
    // pending → paid, with the vendor's "payout paid" notification in the same transaction.
    const paid = ddb.commandCalls(TransactWriteCommand)[1]!.args[0].input.TransactItems!;
    expect(paid[0]!.Update).toMatchObject({ ConditionExpression: '#status = :pending', ExpressionAttributeValues: expect.objectContaining({ ':paid': 'paid' }) });
    expect(paid[1]!.Put).toMatchObject({
      TableName: 'notifications-test',
      ConditionExpression: 'attribute_not_exists(sk)',
      Item: { vendorId: 'V-10001', id: 'payout_paid.P-V-10001-2026-11-2', type: 'payout_paid', category: 'payouts', params: { payoutId: 'P-V-10001-2026-11-2', period: '2026-11-2', amountCents: 12_345, feeCents: 100, paidCents: 12_245 } },
    });
    expect(paid[2]!.Update).toMatchObject({ Key: { vendorId: 'V-10001', sk: 'STATE' }, UpdateExpression: 'ADD unread :one' });
  });

  /**
   * Issue 24: a paid vendor costs three DynamoDB round trips — one consistent BatchGetItem for the
   * payout, the balance and the payout method (five were one GetItem each, the transaction and the
   * paid transaction), the debit transaction and the paid transaction.
   */
  it('pays a vendor in at most 3 DynamoDB round trips, reading consistently', async () => {
    state({ balance: 12_345 });
    expect(await payVendor(message, deps(paying()))).toBe('paid');
    expect(ddb.calls().map((call) => call.args[0].constructor.name)).toEqual(['BatchGetCommand', 'TransactWriteCommand', 'TransactWriteCommand']);
    const read = ddb.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems!;
    expect(read['ledger-test']).toMatchObject({ ConsistentRead: true, Keys: expect.arrayContaining([{ vendorId: 'V-10001', sk: 'BALANCE' }, { vendorId: 'V-10001', sk: 'PAYOUT#2026-11-2' }]) });
    expect(read['payout-accounts-test']).toMatchObject({ ConsistentRead: true, Keys: [{ vendorId: 'V-10001' }] });
  });

  it('reads again what a BatchGetItem left unprocessed', async () => {
    // Throttled: the balance is left unprocessed the first time (the payout does not exist, the method is read).
    ddb
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { 'payout-accounts-test': [account], 'ledger-test': [] },
        UnprocessedKeys: { 'ledger-test': { Keys: [{ vendorId: 'V-10001', sk: 'BALANCE' }], ConsistentRead: true } },
      })
      .resolves({ Responses: { 'ledger-test': [{ vendorId: 'V-10001', sk: 'BALANCE', balanceCents: 12_345 }] } });
    expect(await payVendor(message, deps(paying()))).toBe('paid');
    const reads = ddb.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems);
    expect(reads).toHaveLength(2);
    expect(reads[1]).toEqual({ 'ledger-test': { Keys: [{ vendorId: 'V-10001', sk: 'BALANCE' }], ConsistentRead: true } });
    expect(ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![1]!.Update).toMatchObject({ ExpressionAttributeValues: expect.objectContaining({ ':amount': 12_345 }) });
  });

  it('pays nothing below the minimum, without a method, or while the destination is on hold', async () => {
    const provider = paying();
    state({ balance: 4_999 });
    expect(await payVendor(message, deps(provider))).toBe('below_minimum');
    state({ balance: 9_999, account: null });
    expect(await payVendor(message, deps(provider))).toBe('no_method');
    state({ balance: 9_999, account: { ...account, holdUntil: '2026-12-01T00:00:00Z' } });
    expect(await payVendor(message, deps(provider))).toBe('held');
    state({ balance: 9_999, account: { ...account, method: 'bank' } });
    expect(await payVendor(message, deps(provider))).toBe('method_unavailable');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(provider.pay).not.toHaveBeenCalled();
  });

  it('leaves a payout another worker created to it, and retries when the balance changed under it', async () => {
    state({ balance: 9_000 });
    const provider = paying();
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('ConditionalCheckFailed', 'None', 'None'));
    expect(await payVendor(message, deps(provider))).toBe('duplicate');
    expect(provider.pay).not.toHaveBeenCalled();

    ddb.reset();
    state({ balance: 9_000 });
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'ConditionalCheckFailed', 'None')).resolves({});
    expect(await payVendor(message, deps(provider))).toBe('paid');
    // The refused debit, the debit, and marking it paid (with the notification).
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('resumes a pending payout (crash after the transaction) with the same key, and never re-debits', async () => {
    const pending = { vendorId: 'V-10001', sk: 'PAYOUT#2026-11-2', payoutId: 'P-V-10001-2026-11-2', periodId: '2026-11-2', status: 'pending', amountCents: 9_000, feeCents: 100, paidCents: 8_900, payoutAccountId: 'PA-V-10001-1', method: 'email' };
    state({ payout: pending, balance: 0 });
    const provider = paying();
    expect(await payVendor(message, deps(provider))).toBe('paid');
    expect(provider.pay).toHaveBeenCalledWith(expect.objectContaining({ payoutId: 'P-V-10001-2026-11-2', amountCents: 8_900 }));
    // Only the transaction that marks it paid: nothing touches the balance.
    const transactions = ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);
    expect(transactions).toHaveLength(1);
    expect(transactions.filter((items) => items.some((i) => i.Update?.Key?.sk === 'BALANCE'))).toHaveLength(0);

    state({ payout: { ...pending, payoutAccountId: 'PA-V-10001-2' }, balance: 0 });
    ddb.on(TransactWriteCommand).resolves({});
    expect(await payVendor(message, deps(provider))).toBe('failed'); // destination changed after the debit: re-credit, do not pay
    expect(provider.pay).toHaveBeenCalledTimes(1);
  });

  it('re-credits the balance when the provider refuses, in one transaction guarded by the pending status', async () => {
    state({ balance: 9_000 });
    ddb.on(TransactWriteCommand).resolves({});
    const refusing: PayoutProvider = { pay: () => Promise.resolve({ status: 'failed', reason: 'recipient_unavailable' }) };
    expect(await payVendor(message, deps(refusing))).toBe('failed');
    const tx = ddb.commandCalls(TransactWriteCommand)[1]!.args[0].input.TransactItems!;
    expect(tx[0]!.Update).toMatchObject({ ConditionExpression: '#status = :pending', ExpressionAttributeValues: expect.objectContaining({ ':reason': 'recipient_unavailable' }) });
    expect(tx[1]!.Update).toMatchObject({ Key: { sk: 'BALANCE' }, ExpressionAttributeValues: expect.objectContaining({ ':credit': 9_000 }) });
    expect(tx[2]!.Put).toMatchObject({ Item: { kind: 'payout_reversal', amountCents: 9_000 } });
    expect(tx[3]!.Put).toMatchObject({ Item: { type: 'payout_failed', params: { payoutId: 'P-V-10001-2026-11-2', amountCents: 9_000, reason: 'recipient_unavailable' } } });
  });

  it('reports only the failed records of a batch (partial batch response)', async () => {
    state({ payout: { status: 'paid' } });
    const record = (messageId: string, body: string) => ({ messageId, body }) as SQSEvent['Records'][number];
    const out = await handler({ Records: [record('m1', JSON.stringify(message)), record('m2', '{"vendorId":"x"}')] });
    expect(out).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
  });

  it('answers a batch in which every record failed with all of them, rather than throwing; a DynamoDB error is a failed record', async () => {
    ddb.on(GetCommand).rejects(new Error('Service unavailable'));
    ddb.on(BatchGetCommand).rejects(new Error('Service unavailable'));
    const record = (messageId: string, body: string) => ({ messageId, body }) as SQSEvent['Records'][number];
    const out = await handler({ Records: [record('m1', JSON.stringify(message)), record('m2', 'not json')] });
    expect(out).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }] });
  });

  it('processes the records of a batch one after another', async () => {
    let inFlight = 0;
    let most = 0;
    ddb.on(BatchGetCommand).callsFake(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return { Responses: { 'ledger-test': [{ vendorId: 'V-10001', sk: 'PAYOUT#2026-11-2', status: 'paid' }] } };
    });
    const record = (messageId: string) => ({ messageId, body: JSON.stringify(message) }) as SQSEvent['Records'][number];
    expect(await handler({ Records: [record('m1'), record('m2'), record('m3')] })).toEqual({ batchItemFailures: [] });
    expect(most).toBe(1);
  });
});

describe('payout run', () => {
  it('reads every partition of the payable index page by page, the balances by BatchGetItem, enqueues payable vendors and prunes those below the minimum', async () => {
    const shard = payableValue('V-1');
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':payable': shard } })
      .resolvesOnce({ Items: [{ vendorId: 'V-1' }, { vendorId: 'V-2' }], LastEvaluatedKey: { k: 1 } })
      .resolvesOnce({ Items: [{ vendorId: 'V-3' }] });
    const balances: Record<string, number> = { 'V-1': 5_000, 'V-2': 4_999, 'V-3': 70_000 };
    ddb.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => ({
      Responses: { 'ledger-test': (input.RequestItems!['ledger-test']!.Keys as { vendorId: string }[]).map((k) => ({ vendorId: k.vendorId, balanceCents: balances[k.vendorId] })) },
    }));
    ddb.on(TransactWriteCommand).resolves({});
    const sent: unknown[] = [];
    const summary = await runPayouts('2026-11-15', async (m) => void sent.push(...m), { timeZone: 'America/Los_Angeles' });
    expect(summary).toEqual({ period: { id: '2026-11-1', from: '2026-11-01', to: '2026-11-15' }, enqueued: 2, rolledOver: 1 });
    expect(sent).toEqual(expect.arrayContaining([{ vendorId: 'V-1', periodId: '2026-11-1' }, { vendorId: 'V-3', periodId: '2026-11-1' }]));
    expect(sent).toHaveLength(2);
    const queries = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(queries).toHaveLength(PAYABLE_PARTITIONS.length + 1);
    for (const q of queries) expect(q).toMatchObject({ IndexName: 'byPayableShard' });
    expect(queries.find((q) => q.ExclusiveStartKey)).toMatchObject({ ExclusiveStartKey: { k: 1 }, ExpressionAttributeValues: { ':payable': shard } });
    // The prune and the vendor's "rolled over" notice, in one transaction.
    const prune = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(prune[0]!.Update).toMatchObject({ Key: { vendorId: 'V-2', sk: 'BALANCE' }, UpdateExpression: 'REMOVE #payable' });
    expect(prune[1]!.Put).toMatchObject({ Item: { vendorId: 'V-2', type: 'balance_rolled_over', params: { balanceCents: 4_999, minimumCents: 5_000, nextPayoutDate: '2026-11-30' } } });
  });
});
