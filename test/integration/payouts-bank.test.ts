import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as LibDynamoDb from '@aws-sdk/lib-dynamodb';
import type * as SharedClients from '../../lambdas/shared/clients';
import type * as Tables from '../../lambdas/shared/tables';
import type * as Worker from '../../lambdas/payouts/worker-handler';
import type * as Confirm from '../../lambdas/payouts/confirm';
import type * as BankBatch from '../../scripts/ops/bank-batch';
import type { PayoutItem } from '../../lambdas/payouts/model';
import { useTestStackEnv } from '../support/auth';

/** Bank transfer against DynamoDB Local and s3rver: instruction per payout, batch CSV, ops confirm. */

const BUCKET = 'seller-portal-payout-batches-test';
const OPERATOR = { userId: 'cli:test', email: 'ops-test@example.com' };
const PERIOD = '2026-12-1';
let dynamo: typeof SharedClients.dynamo;
let ddb: typeof LibDynamoDb;
let tableName: typeof Tables.tableName;
let worker: typeof Worker;
let confirm: typeof Confirm;
let batch: typeof BankBatch;
let deps: Worker.WorkerDeps;

beforeAll(async () => {
  useTestStackEnv();
  ({ dynamo } = await import('../../lambdas/shared/clients'));
  ({ tableName } = await import('../../lambdas/shared/tables'));
  ddb = await import('@aws-sdk/lib-dynamodb');
  worker = await import('../../lambdas/payouts/worker-handler');
  confirm = await import('../../lambdas/payouts/confirm');
  batch = await import('../../scripts/ops/bank-batch');
  await batch.ensureLocalBucket(BUCKET);
  deps = worker.defaultWorkerDeps({ PAYOUT_BATCH_BUCKET: BUCKET, PAYOUT_FEE_CENTS: '100' });
});

async function bankVendor(balanceCents: number, accountNumber: string): Promise<string> {
  const vendorId = `V-7${randomInt(10_000_000, 99_999_999)}`;
  const now = new Date().toISOString();
  await dynamo.send(new ddb.PutCommand({ TableName: tableName('ledger'), Item: { vendorId, sk: 'BALANCE', balanceCents, updatedAt: now, payable: 'Y' } }));
  await dynamo.send(
    new ddb.PutCommand({
      TableName: tableName('payoutAccounts'),
      Item: {
        vendorId, payoutAccountId: `PA-${vendorId}`, method: 'bank', updatedAt: now, accountType: 'business', country: 'DE', currency: 'EUR',
        business: { phone: '1', street: 's', city: 'c', postalCode: 'p', country: 'DE' }, bankName: 'Bank', accountHolderName: 'Holder, "Q" GmbH', accountNumber, swiftBic: 'COBADEFFXXX',
      },
    }),
  );
  return vendorId;
}

const ledger = async (vendorId: string) => {
  const out = await dynamo.send(new ddb.QueryCommand({ TableName: tableName('ledger'), KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': vendorId }, ConsistentRead: true }));
  const items = out.Items ?? [];
  return { balance: items.find((i) => i.sk === 'BALANCE')!.balanceCents as number, payout: items.find((i) => String(i.sk).startsWith('PAYOUT#')) as PayoutItem | undefined };
};

describe('bank transfer payouts', () => {
  it('writes one instruction per payout (idempotent on redelivery), lists it in the batch, and pays when ops confirm', async () => {
    const vendorId = await bankVendor(20_000, 'DE89370400440532013000');
    const message = { vendorId, periodId: PERIOD };
    expect(await worker.payVendor(message, deps)).toBe('submitted');
    expect(await worker.payVendor(message, deps)).toBe('submitted'); // redelivery: same object, no second debit
    const before = await ledger(vendorId);
    expect(before.balance).toBe(0);
    expect(before.payout).toMatchObject({ status: 'pending', method: 'bank', destinationMasked: '•••• 3000', submittedAt: expect.any(String) });

    const payoutId = `P-${vendorId}-${PERIOD}`;
    const instructions = await batch.readInstructions(BUCKET, PERIOD);
    expect(instructions.filter((i) => i.payoutId === payoutId)).toEqual([
      expect.objectContaining({ amountCents: 19_900, currency: 'USD', accountCurrency: 'EUR', accountNumber: 'DE89370400440532013000', swiftBic: 'COBADEFFXXX' }),
    ]);
    const csv = await batch.batchCsv(BUCKET, PERIOD);
    expect(csv.split('\r\n')[0]).toBe('payoutId,vendorId,amountCents,currency,accountCurrency,accountHolderName,bankName,country,accountNumber,swiftBic');
    expect(csv).toContain(`${payoutId},${vendorId},19900,USD,EUR,"Holder, ""Q"" GmbH",Bank,DE,DE89370400440532013000,COBADEFFXXX`);

    expect(await confirm.confirmBankPayout(payoutId, 'paid', { actor: OPERATOR })).toBe('paid');
    expect(await confirm.confirmBankPayout(payoutId, 'failed', { actor: OPERATOR })).toBe('not_pending');
    expect((await ledger(vendorId)).payout).toMatchObject({ status: 'paid' });
    expect(await worker.payVendor(message, deps)).toBe('already_settled');
  });

  it('re-credits the balance when ops report the transfer failed', async () => {
    const vendorId = await bankVendor(6_000, 'DE89370400440532013000');
    expect(await worker.payVendor({ vendorId, periodId: PERIOD }, deps)).toBe('submitted');
    const payoutId = `P-${vendorId}-${PERIOD}`;
    expect(await confirm.confirmBankPayout(payoutId, 'failed', { actor: OPERATOR, reason: 'Account closed' })).toBe('failed');
    const l = await ledger(vendorId);
    expect(l.balance).toBe(6_000);
    expect(l.payout).toMatchObject({ status: 'failed', failureReason: 'Account closed' });
    expect(await confirm.confirmBankPayout(`P-${vendorId}-2026-12-2`, 'paid', { actor: OPERATOR })).toBe('not_found');
    expect(await confirm.confirmBankPayout('nonsense', 'paid', { actor: OPERATOR })).toBe('not_found');
  });
});
