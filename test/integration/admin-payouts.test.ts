import { execFile } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type * as LibDynamoDb from '@aws-sdk/lib-dynamodb';
import type * as SharedClients from '../../lambdas/shared/clients';
import type * as Tables from '../../lambdas/shared/tables';
import type * as Worker from '../../lambdas/payouts/worker-handler';
import type * as BankBatch from '../../scripts/ops/bank-batch';
import type * as LocalQueue from '../../scripts/local/payout-queue';
import type { PayoutAccountItem, PayoutItem } from '../../lambdas/payouts/model';
import { summarize } from '../../lambdas/payouts/model';
import { adminPayoutActionSchema, adminPayoutPageSchema, adminPayoutPeriodSchema, bankBatchSchema } from '../../contracts/admin-payouts';
import { demoAccounts } from '../../scripts/demo/accounts';
import { startFakePayoutProvider, type FakePayoutProvider } from '../../scripts/local/payout-provider-fake';
import { api, idTokenFor, testStackPortsEnv, useTestStackEnv } from '../support/auth';

/**
 * The ops console's Payouts API (issue 13) against the local stack: retry of a failed payout exactly
 * once (two concurrent retries → one transition, one payment at the provider), bank transfers confirmed
 * paid and failed, each with its audit entry in the same transaction, the lists and the period figures.
 */

const BUCKET = 'seller-portal-payout-batches';
const PERIOD = '2026-10-2';
let dynamo: typeof SharedClients.dynamo;
let ddb: typeof LibDynamoDb;
let tableName: typeof Tables.tableName;
let worker: typeof Worker;
let batch: typeof BankBatch;
let queue: typeof LocalQueue;
let fake: FakePayoutProvider;
let deps: Worker.WorkerDeps;
let adminToken: string;
let queueDir: string;

beforeAll(async () => {
  useTestStackEnv();
  ({ dynamo } = await import('../../lambdas/shared/clients'));
  ({ tableName } = await import('../../lambdas/shared/tables'));
  ddb = await import('@aws-sdk/lib-dynamodb');
  worker = await import('../../lambdas/payouts/worker-handler');
  batch = await import('../../scripts/ops/bank-batch');
  queue = await import('../../scripts/local/payout-queue');
  const { localFolders } = await import('../../scripts/local/stand-ins');
  queueDir = localFolders(inject('stack').dataDir).payoutQueue;
  await batch.ensureLocalBucket(BUCKET);
  fake = await startFakePayoutProvider();
  deps = worker.defaultWorkerDeps({ PAYOUT_PROVIDER_URL: fake.url, PAYOUT_PROVIDER_API_KEY: fake.apiKey, PAYOUT_BATCH_BUCKET: BUCKET, PAYOUT_FEE_CENTS: '100' });
  adminToken = await idTokenFor(demoAccounts.admin.email, demoAccounts.admin.password);
});
afterAll(async () => {
  await fake?.close();
});

/** A vendor (record, destination, balance) of its own: payable to `account`. */
async function vendorWith(balanceCents: number, destination: (vendorId: string) => PayoutAccountItem): Promise<{ vendorId: string; userId: string }> {
  const vendorId = `V-6${randomInt(10_000_000, 99_999_999)}`;
  const userId = `admin-payouts-${randomUUID()}`;
  const now = new Date().toISOString();
  const account = destination(vendorId);
  await dynamo.send(new ddb.PutCommand({ TableName: tableName('payoutAccounts'), Item: account }));
  await dynamo.send(
    new ddb.PutCommand({
      TableName: tableName('vendors'),
      Item: { userId, email: `${userId}@example.com`, status: 'approved', vendorId, vendorName: `Console ${vendorId}`, language: 'en', payoutAccountId: account.payoutAccountId, payoutMethod: summarize(account), createdAt: now, updatedAt: now },
    }),
  );
  await dynamo.send(new ddb.PutCommand({ TableName: tableName('ledger'), Item: { vendorId, sk: 'BALANCE', balanceCents, updatedAt: now, payable: 'Y' } }));
  return { vendorId, userId };
}

const emailAccount = (email: string, id = 'PA-1') => (vendorId: string): PayoutAccountItem => ({ vendorId, payoutAccountId: `${id}-${vendorId}`, method: 'email', email, updatedAt: new Date().toISOString() });
const bankAccount = (vendorId: string): PayoutAccountItem =>
  ({
    vendorId, payoutAccountId: `PA-B-${vendorId}`, method: 'bank', updatedAt: new Date().toISOString(), accountType: 'business', country: 'DE', currency: 'EUR',
    business: { phone: '1', street: 's', city: 'c', postalCode: 'p', country: 'DE' }, bankName: 'Bank', accountHolderName: 'Console GmbH', accountNumber: 'DE89370400440532013000', swiftBic: 'COBADEFFXXX',
  }) as PayoutAccountItem;

const ledgerOf = async (vendorId: string) => {
  const out = await dynamo.send(new ddb.QueryCommand({ TableName: tableName('ledger'), KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': vendorId }, ConsistentRead: true }));
  const items = out.Items ?? [];
  return {
    balance: items.find((i) => i.sk === 'BALANCE')!.balanceCents as number,
    payout: items.find((i) => String(i.sk).startsWith('PAYOUT#')) as PayoutItem,
    entries: items.filter((i) => String(i.sk).startsWith('ENTRY#')),
  };
};

const auditOf = async (payoutId: string) => {
  const out = await dynamo.send(
    new ddb.QueryCommand({ TableName: tableName('audit'), IndexName: 'byTarget', KeyConditionExpression: 'targetKey = :t', ExpressionAttributeValues: { ':t': `payout#${payoutId}` } }),
  );
  return out.Items ?? [];
};

const post = (path: string, body: unknown) => api(path, { method: 'POST', token: adminToken, body: JSON.stringify(body) });

describe('ops console payouts API (issue 13)', () => {
  it('retries a failed payout exactly once: two concurrent retries make one transition, one debit, one audit entry and one payment', { timeout: 60_000 }, async () => {
    const { vendorId, userId } = await vendorWith(20_000, emailAccount('fail.console@example.com'));
    expect(await worker.payVendor({ vendorId, periodId: PERIOD }, deps)).toBe('failed');
    const payoutId = `P-${vendorId}-${PERIOD}`;
    expect(fake.payments(payoutId)).toBe(0);
    let l = await ledgerOf(vendorId);
    expect(l.balance).toBe(20_000);
    expect(l.payout).toMatchObject({ status: 'failed', failureReason: 'recipient_unavailable' });

    // The failed list shows it with the provider's reason.
    const failed = adminPayoutPageSchema.parse((await api('/api/admin/payouts?view=failed', { token: adminToken })).body);
    expect(failed.items.find((p) => p.payoutId === payoutId)).toMatchObject({ status: 'failed', failureReason: 'recipient_unavailable', retryCount: 0, vendorName: `Console ${vendorId}` });

    // The vendor fixes the address (new destination, off hold).
    const fixed = emailAccount('payouts.console@example.com', 'PA-2')(vendorId);
    await dynamo.send(new ddb.PutCommand({ TableName: tableName('payoutAccounts'), Item: fixed }));
    await dynamo.send(
      new ddb.UpdateCommand({ TableName: tableName('vendors'), Key: { userId }, UpdateExpression: 'SET payoutMethod = :m, payoutAccountId = :id', ExpressionAttributeValues: { ':m': summarize(fixed), ':id': fixed.payoutAccountId } }),
    );

    const before = queue.queuedPayoutMessages(queueDir).length;
    const [a, b] = await Promise.all([post(`/api/admin/payouts/${payoutId}/retry`, { retryCount: 0 }), post(`/api/admin/payouts/${payoutId}/retry`, { retryCount: 0 })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const outcomes = [a, b].map((r) => adminPayoutActionSchema.parse(r.body).outcome).sort();
    expect(outcomes).toEqual(['already_retried', 'retried']);
    l = await ledgerOf(vendorId);
    expect(l.balance).toBe(0);
    expect(l.payout).toMatchObject({ status: 'pending', retryCount: 1, lastFailureReason: 'recipient_unavailable', payoutAccountId: fixed.payoutAccountId });
    expect(l.entries.filter((e) => e.kind === 'payout')).toHaveLength(2); // the first attempt's and the retry's debit
    const audit = await auditOf(payoutId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'payout.retried', actor: { email: demoAccounts.admin.email }, vendorId, before: { status: 'failed', retryCount: 0 }, after: { status: 'pending', retryCount: 1 } });

    // A stale third retry (the count the operator saw is old) changes nothing more.
    const stale = await post(`/api/admin/payouts/${payoutId}/retry`, { retryCount: 0 });
    expect(stale.status).toBe(200);
    expect(adminPayoutActionSchema.parse(stale.body).outcome).toBe('already_retried');

    // The worker gets the messages (the local queue): the payout is paid once, at the retry's own key.
    const mine = queue.queuedPayoutMessages(queueDir).filter((m) => m.message.vendorId === vendorId);
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(queue.queuedPayoutMessages(queueDir).length).toBeGreaterThanOrEqual(before + 1);
    for (const m of mine) {
      await worker.payVendor(m.message, deps);
      m.done();
    }
    expect(fake.payments(`${payoutId}.r1`)).toBe(1);
    expect(fake.calls(`${payoutId}.r1`)).toBe(1);
    l = await ledgerOf(vendorId);
    expect(l.payout).toMatchObject({ status: 'paid' });
    expect(l.balance).toBe(0);
    const paidAgain = await post(`/api/admin/payouts/${payoutId}/retry`, { retryCount: 1 });
    expect(paidAgain.status).toBe(409);
    expect(paidAgain.body).toMatchObject({ error: 'payout_not_failed' });
  });

  it('confirms bank transfers paid and failed (with the reason), each with its audit entry; a second confirmation is 409', { timeout: 60_000 }, async () => {
    const paid = await vendorWith(30_000, bankAccount);
    const failed = await vendorWith(7_000, bankAccount);
    expect(await worker.payVendor({ vendorId: paid.vendorId, periodId: PERIOD }, deps)).toBe('submitted');
    expect(await worker.payVendor({ vendorId: failed.vendorId, periodId: PERIOD }, deps)).toBe('submitted');
    const paidId = `P-${paid.vendorId}-${PERIOD}`;
    const failedId = `P-${failed.vendorId}-${PERIOD}`;

    const awaiting = adminPayoutPageSchema.parse((await api('/api/admin/payouts?view=awaiting', { token: adminToken })).body);
    expect(awaiting.items.map((p) => p.payoutId)).toEqual(expect.arrayContaining([paidId, failedId]));

    const download = await post('/api/admin/payouts/bank-batch', { periodId: PERIOD });
    expect(download.status).toBe(200);
    const file = bankBatchSchema.parse(download.body);
    expect(file.csv).toContain(`${paidId},${paid.vendorId},29900,USD,EUR,Console GmbH,Bank,DE,DE89370400440532013000,COBADEFFXXX`);

    const ok = await post(`/api/admin/payouts/${paidId}/confirm`, { outcome: 'paid' });
    expect(ok.status).toBe(200);
    expect(adminPayoutActionSchema.parse(ok.body)).toMatchObject({ outcome: 'paid', payout: { status: 'paid' } });
    const again = await post(`/api/admin/payouts/${paidId}/confirm`, { outcome: 'failed', reason: 'late' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'payout_not_awaiting' });
    expect(await auditOf(paidId)).toEqual([expect.objectContaining({ action: 'payout.confirmed_paid', before: { status: 'pending' }, after: { status: 'paid' }, reason: null, actor: expect.objectContaining({ email: demoAccounts.admin.email }) })]);

    const bounced = await post(`/api/admin/payouts/${failedId}/confirm`, { outcome: 'failed', reason: 'Account closed' });
    expect(bounced.status).toBe(200);
    expect(adminPayoutActionSchema.parse(bounced.body)).toMatchObject({ outcome: 'failed', payout: { status: 'failed', failureReason: 'Account closed' } });
    expect((await ledgerOf(failed.vendorId)).balance).toBe(7_000);
    expect(await auditOf(failedId)).toEqual([expect.objectContaining({ action: 'payout.confirmed_failed', reason: 'Account closed', after: { status: 'failed' } })]);

    // The period's figures count both.
    const period = adminPayoutPeriodSchema.parse((await api(`/api/admin/payouts/periods/${PERIOD}`, { token: adminToken })).body);
    expect(period.counts.paid).toBeGreaterThanOrEqual(1);
    expect(period.counts.failed).toBeGreaterThanOrEqual(1);
    expect(period.totals.feeCents).toBeGreaterThanOrEqual(200);
    const list = adminPayoutPageSchema.parse((await api(`/api/admin/payouts?view=period&period=${PERIOD}`, { token: adminToken })).body);
    expect(list.items.map((p) => p.payoutId)).toEqual(expect.arrayContaining([paidId, failedId]));
  });

  it('answers bad input with 400 and an unknown payout with 404', async () => {
    expect((await api('/api/admin/payouts?view=nope', { token: adminToken })).status).toBe(400);
    expect((await api('/api/admin/payouts?view=period', { token: adminToken })).status).toBe(400);
    expect((await api('/api/admin/payouts?view=failed&cursor=forged', { token: adminToken })).body).toMatchObject({ error: 'invalid_cursor' });
    expect((await post('/api/admin/payouts/P-V-1-2026-10-2/retry', { retryCount: -1 })).status).toBe(400);
    expect((await post('/api/admin/payouts/P-V-1-2026-10-2/retry', { retryCount: 0 })).body).toMatchObject({ error: 'payout_not_found' });
    expect((await post('/api/admin/payouts/nonsense/confirm', { outcome: 'paid' })).status).toBe(404);
    expect((await api('/api/admin/payouts/periods/2026-13-1', { token: adminToken })).status).toBe(400);
  });

  it('the demo seed (npm start) has a failed payout and a bank batch awaiting confirmation, and seeding again adds nothing', async () => {
    const { CONSOLE_PAYOUT_VENDORS, seedConsolePayouts } = await import('../../scripts/demo/console-payouts');
    const items = async (vendorId: string) =>
      (await dynamo.send(new ddb.QueryCommand({ TableName: tableName('ledger'), KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': vendorId }, ConsistentRead: true }))).Items ?? [];
    const lotus = CONSOLE_PAYOUT_VENDORS.failed.vendorId;
    const harbor = CONSOLE_PAYOUT_VENDORS.bank.vendorId;
    const before = [await items(lotus), await items(harbor)];
    await seedConsolePayouts();
    expect([await items(lotus), await items(harbor)]).toEqual(before);

    const failedPayout = before[0]!.find((i) => String(i.sk).startsWith('PAYOUT#')) as PayoutItem;
    const bankPayout = before[1]!.find((i) => String(i.sk).startsWith('PAYOUT#')) as PayoutItem;
    const failed = adminPayoutPageSchema.parse((await api('/api/admin/payouts?view=failed', { token: adminToken })).body);
    expect(failed.items.find((p) => p.payoutId === failedPayout.payoutId)).toMatchObject({ vendorName: 'Lotus Tea House', failureReason: 'recipient_unavailable' });
    const awaiting = adminPayoutPageSchema.parse((await api('/api/admin/payouts?view=awaiting', { token: adminToken })).body);
    expect(awaiting.items.find((p) => p.payoutId === bankPayout.payoutId)).toMatchObject({ vendorName: 'Harbor Spice Co.', method: 'bank' });
    const file = bankBatchSchema.parse((await post('/api/admin/payouts/bank-batch', { periodId: bankPayout.periodId })).body);
    expect(file.csv).toContain(`${bankPayout.payoutId},${harbor},52700,USD,EUR`);
  });

  it('`npm run payouts:bank -- confirm` keeps working through the same function, and the audit log names the CLI operator', { timeout: 60_000 }, async () => {
    const vendor = await vendorWith(9_000, bankAccount);
    expect(await worker.payVendor({ vendorId: vendor.vendorId, periodId: PERIOD }, deps)).toBe('submitted');
    const payoutId = `P-${vendor.vendorId}-${PERIOD}`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', 'scripts/ops/payouts-bank.ts', '--profile', 'test', 'confirm', payoutId, 'failed', 'Account', 'closed'],
      { env: { ...process.env, ...testStackPortsEnv(), LOG_LEVEL: 'SILENT', USER: 'finance1', OPS_EMAIL: 'finance1@example.com' } },
    );
    expect(stdout).toContain(`✔ ${payoutId}: failed`);
    expect((await ledgerOf(vendor.vendorId)).payout).toMatchObject({ status: 'failed', failureReason: 'Account closed' });
    expect(await auditOf(payoutId)).toEqual([
      expect.objectContaining({ action: 'payout.confirmed_failed', reason: 'Account closed', actor: { userId: 'cli:finance1', email: 'finance1@example.com' } }),
    ]);
  });

  it('`npm run payouts:run -- --queued` delivers the retries waiting in the local payout queue (the local stand-in of SQS)', { timeout: 90_000 }, async () => {
    const { vendorId, userId } = await vendorWith(15_000, emailAccount('fail.queued@example.com'));
    expect(await worker.payVendor({ vendorId, periodId: PERIOD }, deps)).toBe('failed');
    const fixed = emailAccount('queued.ok@example.com', 'PA-2')(vendorId);
    await dynamo.send(new ddb.PutCommand({ TableName: tableName('payoutAccounts'), Item: fixed }));
    await dynamo.send(
      new ddb.UpdateCommand({ TableName: tableName('vendors'), Key: { userId }, UpdateExpression: 'SET payoutMethod = :m, payoutAccountId = :id', ExpressionAttributeValues: { ':m': summarize(fixed), ':id': fixed.payoutAccountId } }),
    );
    const payoutId = `P-${vendorId}-${PERIOD}`;
    expect((await post(`/api/admin/payouts/${payoutId}/retry`, { retryCount: 0 })).status).toBe(200);
    const { stdout } = await promisify(execFile)(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/ops/payouts-run.ts', '--profile', 'test', '--queued'], {
      env: { ...process.env, ...testStackPortsEnv(), LOG_LEVEL: 'SILENT', PAYOUT_PROVIDER_URL: '', PAYOUT_PROVIDER_API_KEY: '' },
    });
    expect(stdout).toContain(`${vendorId}: paid`);
    expect((await ledgerOf(vendorId)).payout).toMatchObject({ status: 'paid', retryCount: 1 });
    expect(queue.queuedPayoutMessages(queueDir).filter((m) => m.message.vendorId === vendorId)).toEqual([]);
  });
});
