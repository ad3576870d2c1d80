/**
 * Payout destinations (payout-accounts table) and the vendor-visible view of them. A new
 * destination gets a new payout-account id and holds payouts for `PAYOUT_HOLD_DAYS` (default 3).
 */
import { randomBytes } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/clients';
import { ConflictError, NotFoundError } from '../shared/errors';
import { tableName } from '../shared/tables';
import type { BankDestination } from './destination';
import { maskDestination, type PayoutAccountItem } from './model';
import { getPayoutAccount } from './store';

export const DEFAULT_PAYOUT_HOLD_DAYS = 3;
export function payoutHoldDays(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PAYOUT_HOLD_DAYS;
  const days = raw === undefined || raw === '' ? DEFAULT_PAYOUT_HOLD_DAYS : Number(raw);
  if (!Number.isFinite(days) || days < 0) throw new RangeError(`PAYOUT_HOLD_DAYS must be ≥ 0, got ${raw}`);
  return days;
}

export type Destination = { method: 'email'; email: string } | ({ method: 'bank' } & BankDestination);

const sameDestination = (a: PayoutAccountItem, b: Destination): boolean =>
  a.method === 'email' && b.method === 'email'
    ? a.email === b.email
    : a.method === 'bank' && b.method === 'bank' && a.accountNumber === b.accountNumber && a.swiftBic === b.swiftBic && a.currency === b.currency;

export const newPayoutAccountId = (): string => `PA-${randomBytes(5).toString('hex').toUpperCase()}`;

/** The answer of GET/PUT /api/payout-method: never more than the last four digits of an account number. */
export function payoutMethodView(account: PayoutAccountItem | null, now: Date) {
  if (!account) return { method: null, holdDays: payoutHoldDays() };
  const onHold = !!account.holdUntil && account.holdUntil > now.toISOString();
  const base = {
    method: account.method,
    payoutAccountId: account.payoutAccountId,
    destination: maskDestination(account),
    holdUntil: onHold ? account.holdUntil! : null,
    holdDays: payoutHoldDays(),
    updatedAt: account.updatedAt,
  };
  if (account.method === 'email') return { ...base, email: account.email };
  return {
    ...base,
    accountType: account.accountType,
    country: account.country,
    currency: account.currency,
    business: account.business,
    bankName: account.bankName,
    accountHolderName: account.accountHolderName,
    accountNumberLast4: account.accountNumber.slice(-4),
    swiftBic: account.swiftBic,
  };
}

/**
 * Stores the destination. The same destination again keeps its id and hold; another one gets a new
 * id and a hold. The vendor record's `payoutAccountId` (account settings) changes in the same
 * transaction; a concurrent change of the destination makes this one a 409.
 */
export async function savePayoutAccount(userId: string, vendorId: string, destination: Destination, now: Date): Promise<PayoutAccountItem> {
  const previous = await getPayoutAccount(vendorId);
  const same = previous !== null && sameDestination(previous, destination);
  const at = now.toISOString();
  const holdUntil = same ? previous.holdUntil : new Date(now.getTime() + payoutHoldDays() * 86_400_000).toISOString();
  const item = {
    vendorId,
    payoutAccountId: same ? previous.payoutAccountId : newPayoutAccountId(),
    ...(holdUntil ? { holdUntil } : {}),
    updatedAt: at,
    ...destination,
  } as PayoutAccountItem;
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName('payoutAccounts'),
              Item: item,
              ...(previous
                ? { ConditionExpression: 'payoutAccountId = :previous', ExpressionAttributeValues: { ':previous': previous.payoutAccountId } }
                : { ConditionExpression: 'attribute_not_exists(vendorId)' }),
            },
          },
          {
            Update: {
              TableName: tableName('vendors'),
              Key: { userId },
              UpdateExpression: 'SET payoutAccountId = :id, updatedAt = :now',
              ConditionExpression: 'vendorId = :vendorId',
              ExpressionAttributeValues: { ':id': item.payoutAccountId, ':now': at, ':vendorId': vendorId },
            },
          },
        ],
      }),
    );
  } catch (err) {
    if (!(err instanceof TransactionCanceledException)) throw err;
    const codes = (err.CancellationReasons ?? []).map((r) => r.Code);
    if (codes[1] === 'ConditionalCheckFailed') throw new NotFoundError('Vendor not found.', 'vendor_not_found');
    throw new ConflictError('The payout method was changed at the same time. Reload and try again.', 'payout_method_conflict');
  }
  return item;
}
