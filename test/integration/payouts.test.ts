import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as LibDynamoDb from '@aws-sdk/lib-dynamodb';
import type * as SharedClients from '../../lambdas/shared/clients';
import type * as Tables from '../../lambdas/shared/tables';
import type * as Worker from '../../lambdas/payouts/worker-handler';
import type { PayoutMessage } from '../../lambdas/payouts/settlement';
import type * as Run from '../../lambdas/payouts/run';
import type * as Provider from '../../lambdas/payouts/provider';
import { LEGACY_PAYABLE_VALUE, payableValue, type PayoutAccountItem, type PayoutItem } from '../../lambdas/payouts/model';
import { startFakePayoutProvider, type FakePayoutProvider } from '../../scripts/local/payout-provider-fake';
import { useTestStackEnv } from '../support/auth';

/**
 * Money is safe: the payout run and worker against DynamoDB Local and the provider fake. Each test
 * uses its own vendor id; the worker is called directly (in the cloud SQS delivers the messages).
 */

let dynamo: typeof SharedClients.dynamo;
let ddb: typeof LibDynamoDb;
let tableName: typeof Tables.tableName;
let worker: typeof Worker;
let run: typeof Run;
let provider: typeof Provider;
let fake: FakePayoutProvider;
let deps: Worker.WorkerDeps;

const FEE = 100;
const RUN_DATE = '2026-11-30';
const PERIOD = '2026-11-2';

beforeAll(async () => {
  useTestStackEnv();
  fake = await startFakePayoutProvider();
  ({ dynamo } = await import('../../lambdas/shared/clients'));
  ({ tableName } = await import('../../lambdas/shared/tables'));
  ddb = await import('@aws-sdk/lib-dynamodb');
  worker = await import('../../lambdas/payouts/worker-handler');
  run = await import('../../lambdas/payouts/run');
  provider = await import('../../lambdas/payouts/provider');
  const email = provider.emailPayoutProvider(provider.envConfigSource({ PAYOUT_PROVIDER_URL: fake.url, PAYOUT_PROVIDER_API_KEY: fake.apiKey }));
  deps = { providers: { email }, feeCents: FEE };
});

afterAll(async () => {
  await fake?.close();
});

/** A vendor with a balance marked payable (in its shard; `legacy`: as the release before issue 23 marked it) and an e-mail destination. */
async function vendorWith(balanceCents: number, account: Partial<PayoutAccountItem> = {}, legacy = false): Promise<string> {
  const vendorId = `V-9${randomInt(10_000_000, 99_999_999)}`;
  const now = new Date().toISOString();
  const payable = legacy ? LEGACY_PAYABLE_VALUE : payableValue(vendorId);
  await dynamo.send(new ddb.PutCommand({ TableName: tableName('ledger'), Item: { vendorId, sk: 'BALANCE', balanceCents, updatedAt: now, payable } }));
  await dynamo.send(
    new ddb.PutCommand({
      TableName: tableName('payoutAccounts'),
      Item: { vendorId, payoutAccountId: `PA-${vendorId}-1`, method: 'email', email: `${vendorId.toLowerCase()}@example.com`, updatedAt: now, ...account },
    }),
  );
  return vendorId;
}

async function ledgerOf(vendorId: string) {
  const out = await dynamo.send(
    new ddb.QueryCommand({ TableName: tableName('ledger'), KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': vendorId }, ConsistentRead: true }),
  );
  const items = out.Items ?? [];
  return {
    balance: items.find((i) => i.sk === 'BALANCE') as { balanceCents: number; payable?: string },
    entries: items.filter((i) => String(i.sk).startsWith('ENTRY#')) as { kind: string; amountCents: number; payoutId: string }[],
    payouts: items.filter((i) => String(i.sk).startsWith('PAYOUT#')) as PayoutItem[],
  };
}

/** The run, keeping only this test's vendor's messages (other tests' vendors share the index). */
async function runFor(vendorId: string) {
  const messages: PayoutMessage[] = [];
  const summary = await run.runPayouts(RUN_DATE, async (batch) => void messages.push(...batch.filter((m) => m.vendorId === vendorId)));
  return { summary, messages };
}

describe('payout run and worker against DynamoDB Local', () => {
  it('runs twice for the same period → one payout, paid once, fee deducted, balance debited', async () => {
    const vendorId = await vendorWith(12_345);
    const first = await runFor(vendorId);
    expect(first.summary.period).toEqual({ id: PERIOD, from: '2026-11-16', to: '2026-11-30' });
    expect(first.messages).toEqual([{ vendorId, periodId: PERIOD }]);
    for (const m of first.messages) expect(await worker.payVendor(m, deps)).toBe('paid');

    const second = await runFor(vendorId);
    expect(second.messages).toEqual([]); // balance 0: rolled over and pruned from the index
    expect(await worker.payVendor({ vendorId, periodId: PERIOD }, deps)).toBe('already_settled'); // a redelivery

    const l = await ledgerOf(vendorId);
    const payoutId = `P-${vendorId}-${PERIOD}`;
    expect(l.payouts).toHaveLength(1);
    expect(l.payouts[0]).toMatchObject({ payoutId, status: 'paid', amountCents: 12_345, feeCents: FEE, paidCents: 12_245 });
    expect(l.balance.balanceCents).toBe(0);
    expect(l.balance.payable).toBeUndefined();
    expect(l.entries).toEqual([expect.objectContaining({ kind: 'payout', amountCents: -12_345, payoutId })]);
    expect(fake.calls(payoutId)).toBe(1);
  });

  it('issue 23: balances marked by the release before (`Y`) and in their shard are both found, each vendor once; a sale moves the mark to the shard', async () => {
    const legacy = await vendorWith(9_100, {}, true);
    const sharded = await vendorWith(9_200);
    const messages: PayoutMessage[] = [];
    await run.runPayouts(RUN_DATE, async (batch) => void messages.push(...batch.filter((m) => m.vendorId === legacy || m.vendorId === sharded)));
    expect(messages.sort((a, b) => a.vendorId.localeCompare(b.vendorId))).toEqual(
      [legacy, sharded].sort().map((vendorId) => ({ vendorId, periodId: PERIOD })),
    );
    // The index projects keys only: the run read the balances themselves.
    const index = await dynamo.send(
      new ddb.QueryCommand({ TableName: tableName('ledger'), IndexName: 'byPayableShard', KeyConditionExpression: 'payable = :p AND vendorId = :v', ExpressionAttributeValues: { ':p': LEGACY_PAYABLE_VALUE, ':v': legacy } }),
    );
    expect(index.Items).toEqual([{ payable: LEGACY_PAYABLE_VALUE, vendorId: legacy, sk: 'BALANCE' }]);

    // The ingest's balance update (lambdas/sales/store.ts) writes the vendor's shard.
    const { planTransaction } = await import('../../lambdas/sales/store');
    const order = { vendorId: legacy, updatedAt: new Date().toISOString() };
    const items = planTransaction({ kind: 'apply', order, days: [], entry: { vendorId: legacy, sk: `ENTRY#${order.updatedAt}#o1`, kind: 'sale', amountCents: 100, at: order.updatedAt }, expectedRevision: null } as never);
    await dynamo.send(new ddb.TransactWriteCommand({ TransactItems: items.slice(1) }));
    expect((await ledgerOf(legacy)).balance).toMatchObject({ payable: payableValue(legacy), balanceCents: 9_200 });
  });

  it('two workers on the same vendor at once → one payout, paid once', async () => {
    const vendorId = await vendorWith(50_000);
    const outcomes = await Promise.all([0, 1, 2].map(() => worker.payVendor({ vendorId, periodId: PERIOD }, deps)));
    expect(outcomes.filter((o) => o === 'paid').length).toBeGreaterThanOrEqual(1);
    const l = await ledgerOf(vendorId);
    expect(l.payouts).toHaveLength(1);
    expect(l.entries).toHaveLength(1);
    expect(l.balance.balanceCents).toBe(0);
    expect(fake.payments(`P-${vendorId}-${PERIOD}`)).toBe(1);
  });

  it('a crash after the transaction and before the provider call, then a retry → paid once', async () => {
    const vendorId = await vendorWith(7_000);
    const crashing: Worker.WorkerDeps = { ...deps, providers: { email: { pay: () => Promise.reject(new Error('process killed')) } } };
    await expect(worker.payVendor({ vendorId, periodId: PERIOD }, crashing)).rejects.toThrow('process killed');
    const payoutId = `P-${vendorId}-${PERIOD}`;
    expect((await ledgerOf(vendorId)).payouts[0]).toMatchObject({ status: 'pending' });
    expect(fake.calls(payoutId)).toBe(0);

    expect(await worker.payVendor({ vendorId, periodId: PERIOD }, deps)).toBe('paid');
    expect(await worker.payVendor({ vendorId, periodId: PERIOD }, deps)).toBe('already_settled');
    const l = await ledgerOf(vendorId);
    expect(l.payouts[0]).toMatchObject({ status: 'paid', paidCents: 6_900 });
    expect(l.balance.balanceCents).toBe(0);
    expect(fake.calls(payoutId)).toBe(1);
  });

  it('a provider failure → payout failed, balance re-credited, nothing lost', async () => {
    const vendorId = await vendorWith(8_800, { email: 'fail.account@example.com' });
    expect(await worker.payVendor({ vendorId, periodId: PERIOD }, deps)).toBe('failed');
    const l = await ledgerOf(vendorId);
    expect(l.payouts[0]).toMatchObject({ status: 'failed', failureReason: 'recipient_unavailable' });
    expect(l.balance.balanceCents).toBe(8_800);
    expect(l.balance.payable).toBe(payableValue(vendorId));
    expect(l.entries.map((e) => [e.kind, e.amountCents]).sort()).toEqual([['payout', -8_800], ['payout_reversal', 8_800]]);
    expect(await worker.payVendor({ vendorId, periodId: PERIOD }, deps)).toBe('already_settled');
  });

  it('below the minimum nothing is paid and the balance rolls over; a held destination is not paid', async () => {
    const small = await vendorWith(4_999);
    expect((await runFor(small)).messages).toEqual([]);
    expect(await worker.payVendor({ vendorId: small, periodId: PERIOD }, deps)).toBe('below_minimum');
    expect((await ledgerOf(small)).balance).toMatchObject({ balanceCents: 4_999 });
    expect((await ledgerOf(small)).balance.payable).toBeUndefined();

    const held = await vendorWith(60_000, { holdUntil: new Date(Date.now() + 86_400_000).toISOString() });
    expect(await worker.payVendor({ vendorId: held, periodId: PERIOD }, deps)).toBe('held');
    expect((await ledgerOf(held)).payouts).toEqual([]);
  });
});
