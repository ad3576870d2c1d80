import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/clients';
import { tableName } from '../shared/tables';
import { BALANCE_SK, daySk, type BalanceItem, type DailySalesItem } from '../sales/model';

export interface LedgerSummary {
  /** The `DAY#…` items from `firstDay` to `lastDay` that exist (days without sales have none). */
  days: Pick<DailySalesItem, 'day' | 'amountCents' | 'quantity' | 'orders'>[];
  /** The current balance; 0 before the first sale. */
  balanceCents: number;
}

/**
 * What the dashboard reads, whatever the vendor's history: one Query for the daily items of a
 * range of days (≤ 30 small items, one request) and one GetItem for the balance, sent together.
 * Never the orders, never the ledger entries: the cost does not grow with the vendor's history.
 * (One Query cannot cover both: the older `DAY#` items sort between `BALANCE` and the recent ones.)
 */
export async function readLedgerSummary(vendorId: string, firstDay: string, lastDay: string): Promise<LedgerSummary> {
  const table = tableName('ledger');
  const [days, balance] = await Promise.all([
    dynamo.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'vendorId = :vendorId AND sk BETWEEN :first AND :last',
        ExpressionAttributeValues: { ':vendorId': vendorId, ':first': daySk(firstDay), ':last': daySk(lastDay) },
        ProjectionExpression: '#day, amountCents, quantity, #orders',
        ExpressionAttributeNames: { '#day': 'day', '#orders': 'orders' },
      }),
    ),
    dynamo.send(
      new GetCommand({
        TableName: table,
        Key: { vendorId, sk: BALANCE_SK },
        ProjectionExpression: 'balanceCents',
      }),
    ),
  ]);
  return {
    days: (days.Items ?? []) as LedgerSummary['days'],
    balanceCents: (balance.Item as Pick<BalanceItem, 'balanceCents'> | undefined)?.balanceCents ?? 0,
  };
}
