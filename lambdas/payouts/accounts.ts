/**
 * Payout destinations (payout-accounts table) and the vendor-visible view of them. A new
 * destination gets a new payout-account id and holds payouts for `PAYOUT_HOLD_DAYS` (default 3).
 */
import { randomBytes } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { PayoutMethodView } from '../../contracts/payouts';
import { dynamo } from '../shared/clients';
import { DEFAULT_PAYOUT_HOLD_DAYS, env, type EnvSource } from '../shared/env';
import { ConflictError } from '../shared/errors';
import type { VendorRecord } from '../shared/vendors';
import { tableName } from '../shared/tables';
import type { BankDestination } from './destination';
import { notificationWrites } from '../notifications/record';
import { activityWrite } from '../activity/record';
import { summarize, type PayoutAccountItem, type PayoutMethodSummary } from './model';

export { DEFAULT_PAYOUT_HOLD_DAYS };
export function payoutHoldDays(source?: EnvSource): number {
  return env.payoutHoldDays(source);
}

export type Destination = { method: 'email'; email: string } | ({ method: 'bank' } & BankDestination);

export const newPayoutAccountId = (): string => `PA-${randomBytes(5).toString('hex').toUpperCase()}`;

/** The answer of GET/PUT /api/payout-method, from the vendor record's masked copy: never more than the last four digits. */
export function payoutMethodView(summary: PayoutMethodSummary | undefined, now: Date): PayoutMethodView {
  if (!summary) return { method: null, holdDays: payoutHoldDays() };
  const { holdUntil, ...shown } = summary;
  const onHold = !!holdUntil && holdUntil > now.toISOString();
  return { ...shown, holdUntil: onHold ? holdUntil : null, holdDays: payoutHoldDays() };
}

/** A DynamoDB condition with its own placeholders. */
interface Condition {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** The optional parts of a bank destination: absent from a new one, they must be absent from the stored one too. */
const OPTIONAL_BANK_PATHS: readonly (readonly string[])[] = [['business', 'addressMore']];

/**
 * The payout-accounts condition that holds only when the stored destination is this one: every field
 * of the normalised destination (destination.ts `validateBank`, `validateEmail`), not the account number
 * alone, since a new holder or bank behind the same IBAN is where a payout would now go and needs the
 * hold as much as a new number does (issue 24, item 9). The payout-method API may write that table but
 * never read it (lib/data.ts, mode `w`), so "is this the destination we already have?" is asked of
 * DynamoDB as a condition, not by reading the item.
 */
export function sameDestinationCondition(destination: Destination): Condition {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const terms: string[] = [];
  const pathOf = (path: readonly string[]) =>
    path
      .map((part) => {
        const name = `#d_${part}`;
        names[name] = part;
        return name;
      })
      .join('.');
  const visit = (value: unknown, path: readonly string[]) => {
    if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) if (inner !== undefined) visit(inner, [...path, key]);
      return;
    }
    const placeholder = `:d${terms.length}`;
    values[placeholder] = value;
    terms.push(`${pathOf(path)} = ${placeholder}`);
  };
  visit(destination, []);
  if (destination.method === 'bank') {
    for (const path of OPTIONAL_BANK_PATHS) {
      const present = path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), destination);
      if (present === undefined) terms.push(`attribute_not_exists(${pathOf(path)})`);
    }
  }
  return { expression: terms.join(' AND '), names, values };
}

/**
 * Stores the destination. The same destination again keeps its id and hold; another one gets a new
 * id and a hold. The payout-accounts item (full destination, for the worker) and the vendor
 * record's masked copy and `payoutAccountId` (account settings) change in one transaction; a
 * concurrent change of the destination makes this one a 409.
 */
export async function savePayoutAccount(
  vendor: Pick<VendorRecord, 'userId' | 'vendorId' | 'payoutAccountId' | 'payoutMethod'>,
  destination: Destination,
  now: Date,
  /** Who changes it: a new destination is recorded in the activity log (issue 14) under their name. */
  actor?: PayoutActor,
): Promise<PayoutMethodSummary> {
  const vendorId = vendor.vendorId!;
  const previousId = vendor.payoutMethod?.payoutAccountId ?? vendor.payoutAccountId;
  const at = now.toISOString();
  if (previousId && vendor.payoutMethod?.method === destination.method) {
    const kept = vendor.payoutMethod.holdUntil;
    const same = sameDestinationCondition(destination);
    const outcome = await writeDestination(vendor, { vendorId, payoutAccountId: previousId, ...(kept ? { holdUntil: kept } : {}), updatedAt: at, ...destination } as PayoutAccountItem, {
      expression: `payoutAccountId = :previous AND ${same.expression}`,
      names: same.names,
      values: { ':previous': previousId, ...same.values },
    }, previousId);
    if (outcome !== 'destination_differs') return outcome;
  }
  const item = {
    vendorId,
    payoutAccountId: newPayoutAccountId(),
    holdUntil: new Date(now.getTime() + payoutHoldDays() * 86_400_000).toISOString(),
    updatedAt: at,
    ...destination,
  } as PayoutAccountItem;
  const outcome = await writeDestination(
    vendor,
    item,
    previousId ? { expression: 'payoutAccountId = :previous', names: {}, values: { ':previous': previousId } } : { expression: 'attribute_not_exists(vendorId)', names: {}, values: {} },
    previousId,
    true,
    actor ? { actor, before: vendor.payoutMethod } : undefined,
  );
  if (outcome === 'destination_differs') {
    throw new ConflictError('The payout method was changed at the same time. Reload and try again.', 'payout_method_conflict');
  }
  return outcome;
}

/** Who changes the payout method (the signed-in user). */
export interface PayoutActor {
  userId: string;
  email: string;
}

/** What the activity log keeps of a destination: its kind and the masked form, never the account number. */
const maskedMethod = (summary: Pick<PayoutMethodSummary, 'method' | 'destination'>) => ({ method: summary.method, destination: summary.destination });

async function writeDestination(
  vendor: Pick<VendorRecord, 'userId' | 'vendorId'>,
  item: PayoutAccountItem,
  condition: Condition,
  previousId: string | undefined,
  /** A new destination: the vendor's security notice goes with it (same transaction). */
  notify = false,
  /** A new destination by a signed-in user: its activity log entry goes with it too (masked values only). */
  activity?: { actor: PayoutActor; before: PayoutMethodSummary | undefined },
): Promise<PayoutMethodSummary | 'destination_differs'> {
  const summary = summarize(item);
  const logged = activity
    ? [
        activityWrite({
          vendorId: item.vendorId,
          actor: activity.actor,
          action: 'payout_method.changed',
          target: { type: 'payout_method', id: item.payoutAccountId },
          ...(activity.before ? { before: maskedMethod(activity.before) } : {}),
          after: maskedMethod(summary),
          at: new Date(item.updatedAt),
        }),
      ]
    : [];
  const notice = notify
    ? notificationWrites({
        vendorId: item.vendorId,
        type: 'payout_method_changed',
        subject: item.payoutAccountId,
        params: { method: item.method, ...(item.holdUntil ? { holdUntil: item.holdUntil } : {}) },
        createdAt: item.updatedAt,
      })
    : [];
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName('payoutAccounts'),
              Item: item,
              ConditionExpression: condition.expression,
              ...(Object.keys(condition.names).length ? { ExpressionAttributeNames: condition.names } : {}),
              ...(Object.keys(condition.values).length ? { ExpressionAttributeValues: condition.values } : {}),
            },
          },
          {
            Update: {
              TableName: tableName('vendors'),
              Key: { userId: vendor.userId },
              UpdateExpression: 'SET payoutAccountId = :id, payoutMethod = :summary, updatedAt = :now',
              // The vendor record must still point at the destination this request started from.
              ConditionExpression: previousId ? 'vendorId = :vendorId AND payoutAccountId = :previous' : 'vendorId = :vendorId AND attribute_not_exists(payoutAccountId)',
              ExpressionAttributeValues: {
                ':id': item.payoutAccountId,
                ':summary': summary,
                ':now': item.updatedAt,
                ':vendorId': vendor.vendorId,
                ...(previousId ? { ':previous': previousId } : {}),
              },
            },
          },
          ...notice,
          ...logged,
        ],
      }),
    );
    return summary;
  } catch (err) {
    if (!(err instanceof TransactionCanceledException)) throw err;
    const codes = (err.CancellationReasons ?? []).map((r) => r.Code);
    if (codes[1] === 'ConditionalCheckFailed') {
      throw new ConflictError('The payout method was changed at the same time. Reload and try again.', 'payout_method_conflict');
    }
    if (codes[0] === 'ConditionalCheckFailed') return 'destination_differs';
    throw err;
  }
}
