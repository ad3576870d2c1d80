import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/clients';
import { tableName } from '../shared/tables';
import type { OrderChangePlan } from './apply';
import { BALANCE_SK, daySk, orderKey, type OrderItem } from './model';
import { PAYABLE_ATTRIBUTE, payableValue } from '../payouts/model';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type ApplyPlan = Extract<OrderChangePlan, { kind: 'apply' }>;

export async function getOrder(vendorId: string, placedAt: string, orderId: string): Promise<OrderItem | null> {
  const out = await dynamo.send(
    new GetCommand({ TableName: tableName('orders'), Key: { vendorId, orderKey: orderKey(placedAt, orderId) }, ConsistentRead: true }),
  );
  return (out.Item as OrderItem | undefined) ?? null;
}

/** What the vendors table says about a vendor id: absent, or its commission override (if any). */
export type VendorCommission = { found: false } | { found: true; commissionRateBps: unknown };

export async function getVendorCommission(vendorId: string): Promise<VendorCommission> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('vendors'),
      IndexName: 'byVendorId',
      KeyConditionExpression: 'vendorId = :vendorId',
      ExpressionAttributeValues: { ':vendorId': vendorId },
      ProjectionExpression: 'vendorId, commissionRateBps',
      Limit: 1,
    }),
  );
  const item = out.Items?.[0];
  return item ? { found: true, commissionRateBps: item.commissionRateBps } : { found: false };
}

/**
 * `written`: the whole plan is stored. `order_changed`: the order is no longer at the revision the
 * plan was made from (a concurrent delivery won): read again and re-plan. `contention`: DynamoDB
 * refused because of concurrent transactions on the same items (typically the balance): retry.
 */
export type WriteOutcome = 'written' | 'order_changed' | 'contention';

const RETRYABLE_REASONS = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded']);

/** The transaction for a plan: order item, day figures, balance and ledger entry — all or nothing. */
export function planTransaction(plan: ApplyPlan): TransactItem[] {
  const ledger = tableName('ledger');
  const { order, entry } = plan;
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName('orders'),
        Item: order,
        ...(plan.expectedRevision === null
          ? { ConditionExpression: 'attribute_not_exists(orderKey)' }
          : {
              ConditionExpression: '#revision = :expected',
              ExpressionAttributeNames: { '#revision': 'revision' },
              ExpressionAttributeValues: { ':expected': plan.expectedRevision },
            }),
      },
    },
  ];
  for (const d of plan.days) {
    items.push({
      Update: {
        TableName: ledger,
        Key: { vendorId: order.vendorId, sk: daySk(d.day) },
        UpdateExpression: 'SET #day = :day, updatedAt = :now ADD amountCents :amount, quantity :quantity, orders :orders',
        ExpressionAttributeNames: { '#day': 'day' },
        ExpressionAttributeValues: { ':day': d.day, ':now': order.updatedAt, ':amount': d.amountCents, ':quantity': d.quantity, ':orders': d.orders },
      },
    });
  }
  if (entry) {
    items.push(
      {
        Update: {
          TableName: ledger,
          Key: { vendorId: order.vendorId, sk: BALANCE_SK },
          // `payable` puts the balance into the payout run's sparse index (lambdas/payouts/run.ts), in
          // the vendor's write shard. The index projects keys only: once set, the next sale's
          // unchanged value writes nothing to it (issue 23).
          UpdateExpression: 'SET updatedAt = :now, #payable = :payable ADD balanceCents :amount',
          ExpressionAttributeNames: { '#payable': PAYABLE_ATTRIBUTE },
          ExpressionAttributeValues: { ':now': order.updatedAt, ':amount': entry.amountCents, ':payable': payableValue(order.vendorId) },
        },
      },
      { Put: { TableName: ledger, Item: entry, ConditionExpression: 'attribute_not_exists(sk)' } },
    );
  }
  return items;
}

export async function writePlan(plan: ApplyPlan): Promise<WriteOutcome> {
  try {
    await dynamo.send(new TransactWriteCommand({ TransactItems: planTransaction(plan) }));
    return 'written';
  } catch (err) {
    if (!(err instanceof TransactionCanceledException)) throw err;
    const codes = (err.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
    if (codes[0] === 'ConditionalCheckFailed') return 'order_changed';
    if (codes.some((c) => RETRYABLE_REASONS.has(c))) return 'contention';
    throw err;
  }
}
