/**
 * The ops console's Payouts screen on a fresh `npm start` (issue 13): two demo vendors of their own
 * (records only, no sign-in; the demo vendor V-10001's payout history is left alone, other tests read it):
 *   - Lotus Tea House (V-90001): last period's e-mail payout failed (the provider refused the old
 *     address) and its amount is back on the balance; the vendor has set up a new address since, off
 *     hold, so Retry pays it (`npm run payouts:run -- --queued` delivers the retry locally);
 *   - Harbor Spice Co. (V-90002): last period's bank transfer written to the bank batch
 *     (seller-portal-payout-batches on s3rver) and awaiting ops' confirmation.
 * Idempotent: a vendor whose record exists is left as it is (a kept portal keeps what ops did to it).
 */
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { bankTransferProvider } from '../../lambdas/payouts/bank';
import { s3InstructionStore } from '../../lambdas/payouts/bank-s3';
import { maskDestination, PAYABLE_ATTRIBUTE, payableValue, summarize, type PayoutAccountItem, type PayoutItem } from '../../lambdas/payouts/model';
import { payoutIdFor, payoutPeriodFor, payoutSk, periodOfDay } from '../../lambdas/payouts/period';
import { BALANCE_SK, entrySk } from '../../lambdas/sales/model';
import { dynamo } from '../../lambdas/shared/clients';
import { addDays, marketplaceDay } from '../../lambdas/shared/dates';
import { tableName } from '../../lambdas/shared/tables';
import { ensureLocalBucket } from '../ops/bank-batch';

export const CONSOLE_PAYOUT_VENDORS = {
  failed: { userId: 'demo-console-payouts-lotus', vendorId: 'V-90001', vendorName: 'Lotus Tea House', email: 'lotus.tea@example.com' },
  bank: { userId: 'demo-console-payouts-harbor', vendorId: 'V-90002', vendorName: 'Harbor Spice Co.', email: 'harbor.spice@example.com' },
} as const;

const LOCAL_BATCH_BUCKET = 'seller-portal-payout-batches';

/** Puts `item` unless its key exists; false when it did. */
async function putNew(table: 'vendors' | 'ledger' | 'payoutAccounts', item: Record<string, unknown>, keyAttribute: string): Promise<boolean> {
  try {
    await dynamo.send(new PutCommand({ TableName: tableName(table), Item: item, ConditionExpression: `attribute_not_exists(${keyAttribute})` }));
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

function lastPeriod(now: Date) {
  const today = marketplaceDay(now);
  const current = payoutPeriodFor(today);
  return periodOfDay(addDays(current.from, -1));
}

function vendorRecord(v: (typeof CONSOLE_PAYOUT_VENDORS)[keyof typeof CONSOLE_PAYOUT_VENDORS], account: PayoutAccountItem, at: string) {
  return {
    userId: v.userId,
    email: v.email,
    status: 'approved',
    vendorId: v.vendorId,
    vendorName: v.vendorName,
    language: 'en',
    payoutAccountId: account.payoutAccountId,
    payoutMethod: summarize(account),
    createdAt: at,
    updatedAt: at,
  };
}

function payoutOf(vendorId: string, account: PayoutAccountItem, period: ReturnType<typeof lastPeriod>, amountCents: number, at: string): PayoutItem {
  return {
    vendorId,
    sk: payoutSk(period),
    payoutId: payoutIdFor(vendorId, period),
    periodId: period.id,
    periodFrom: period.from,
    periodTo: period.to,
    status: 'pending',
    amountCents,
    feeCents: 100,
    paidCents: amountCents - 100,
    method: account.method,
    destinationMasked: maskDestination(account),
    payoutAccountId: account.payoutAccountId,
    createdAt: at,
    updatedAt: at,
  };
}

async function seedFailed(now: Date): Promise<void> {
  const v = CONSOLE_PAYOUT_VENDORS.failed;
  const period = lastPeriod(now);
  const paidAt = new Date(now.getTime() - 3 * 86_400_000).toISOString();
  const changedAt = new Date(now.getTime() - 2 * 86_400_000).toISOString();
  const refusedAccount: PayoutAccountItem = { vendorId: v.vendorId, payoutAccountId: 'PA-DEMO-LOTUS-1', method: 'email', email: 'fail.lotus@example.com', updatedAt: paidAt };
  // The address the vendor set up after the refusal (its hold is over).
  const current: PayoutAccountItem = { vendorId: v.vendorId, payoutAccountId: 'PA-DEMO-LOTUS-2', method: 'email', email: 'payouts@lotus-tea.example.com', updatedAt: changedAt };
  if (!(await putNew('vendors', vendorRecord(v, current, paidAt), 'userId'))) return;
  const amountCents = 36_420;
  const payout: PayoutItem = { ...payoutOf(v.vendorId, refusedAccount, period, amountCents, paidAt), status: 'failed', failureReason: 'recipient_unavailable', updatedAt: paidAt };
  const ledger = tableName('ledger');
  await dynamo.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName('payoutAccounts'), Item: current } },
        { Put: { TableName: ledger, Item: payout, ConditionExpression: 'attribute_not_exists(sk)' } },
        // The balance holds the re-credited amount (and is found by the next run).
        { Put: { TableName: ledger, Item: { vendorId: v.vendorId, sk: BALANCE_SK, balanceCents: amountCents, updatedAt: paidAt, [PAYABLE_ATTRIBUTE]: payableValue(v.vendorId) } } },
        { Put: { TableName: ledger, Item: { vendorId: v.vendorId, sk: entrySk(paidAt, payout.payoutId), kind: 'payout', amountCents: -amountCents, payoutId: payout.payoutId, at: paidAt } } },
        { Put: { TableName: ledger, Item: { vendorId: v.vendorId, sk: entrySk(paidAt, `${payout.payoutId}#reversal`), kind: 'payout_reversal', amountCents, payoutId: payout.payoutId, at: paidAt } } },
      ],
    }),
  );
}

async function seedBank(now: Date): Promise<void> {
  const v = CONSOLE_PAYOUT_VENDORS.bank;
  const period = lastPeriod(now);
  const at = new Date(now.getTime() - 86_400_000).toISOString();
  const account: PayoutAccountItem = {
    vendorId: v.vendorId,
    payoutAccountId: 'PA-DEMO-HARBOR-1',
    method: 'bank',
    accountType: 'business',
    country: 'DE',
    currency: 'EUR',
    business: { phone: '+49 30 1234567', street: 'Hafenstraße 5', city: 'Hamburg', postalCode: '20457', country: 'DE' },
    bankName: 'Commerzbank',
    accountHolderName: 'Harbor Spice Co. GmbH',
    accountNumber: 'DE89370400440532013000',
    swiftBic: 'COBADEFFXXX',
    updatedAt: at,
  } as PayoutAccountItem;
  if (!(await putNew('vendors', vendorRecord(v, account, at), 'userId'))) return;
  const amountCents = 52_800;
  const payout = payoutOf(v.vendorId, account, period, amountCents, at);
  // The instruction the worker would have written (bank.ts), then the payout as submitted.
  await ensureLocalBucket(LOCAL_BATCH_BUCKET);
  const result = await bankTransferProvider(s3InstructionStore(LOCAL_BATCH_BUCKET)).pay({ payoutId: payout.payoutId, amountCents: payout.paidCents, account });
  const reference = result.status === 'submitted' ? result.reference : 'bank-transfer';
  const ledger = tableName('ledger');
  await dynamo.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName('payoutAccounts'), Item: account } },
        { Put: { TableName: ledger, Item: { ...payout, providerReference: reference, submittedAt: at }, ConditionExpression: 'attribute_not_exists(sk)' } },
        { Put: { TableName: ledger, Item: { vendorId: v.vendorId, sk: BALANCE_SK, balanceCents: 0, updatedAt: at } } },
        { Put: { TableName: ledger, Item: { vendorId: v.vendorId, sk: entrySk(at, payout.payoutId), kind: 'payout', amountCents: -amountCents, payoutId: payout.payoutId, at } } },
      ],
    }),
  );
}

/** Seeds both vendors (each only once). */
export async function seedConsolePayouts(now: Date = new Date()): Promise<void> {
  await seedFailed(now);
  await seedBank(now);
}
