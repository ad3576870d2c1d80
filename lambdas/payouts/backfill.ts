/**
 * One-off data backfill for stacks whose data predates three payout changes (docs/operations.md,
 * "Backfill"): BALANCE items written before the sparse `payable` attribute existed would never be
 * found by a payout run, BALANCE items marked with its single value of before issue 23 (`Y`) are
 * moved to their write shard (runs read the legacy partition too, so this only empties it), and
 * vendor records written before the masked `payoutMethod` copy existed would show no payout method
 * (the payout-method API may not read the payout-accounts table). Every fix is a conditional write,
 * so the backfill is idempotent and safe next to live traffic.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, paginateScan, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, paging } from '../shared/clients';
import { tableName, type TableKey } from '../shared/tables';
import { BALANCE_SK } from '../sales/model';
import { LEGACY_PAYABLE_VALUE, PAYABLE_ATTRIBUTE, payableValue, summarize, type PayoutAccountItem } from './model';

export interface BackfillReport {
  balancesMarked: number;
  /** Balances marked with the single value of before issue 23, moved to their write shard. */
  balancesResharded: number;
  payoutMethodsCopied: number;
  /** Vendor records pointing at a payout account that is missing or has another id (left alone, listed for ops). */
  inconsistent: string[];
}

async function* scan(table: TableKey, filter: string, values: Record<string, unknown>, names?: Record<string, string>) {
  const pages = paginateScan(
    paging(),
    {
      TableName: tableName(table),
      FilterExpression: filter,
      ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
      ...(names ? { ExpressionAttributeNames: names } : {}),
    },
  );
  for await (const page of pages) yield* page.Items ?? [];
}

const conditional = async (write: Promise<unknown>): Promise<boolean> => {
  try {
    await write;
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
};

export async function backfillPayouts(opts: { dryRun?: boolean } = {}): Promise<BackfillReport> {
  const report: BackfillReport = { balancesMarked: 0, balancesResharded: 0, payoutMethodsCopied: 0, inconsistent: [] };

  // Every balance gets `payable` (its shard); the next run removes it again where the balance is below
  // the minimum. A balance still marked with the legacy value (before issue 23) moves to its shard.
  for await (const item of scan(
    'ledger',
    'sk = :balance AND (attribute_not_exists(#payable) OR #payable = :legacy)',
    { ':balance': BALANCE_SK, ':legacy': LEGACY_PAYABLE_VALUE },
    { '#payable': PAYABLE_ATTRIBUTE },
  )) {
    const legacy = item[PAYABLE_ATTRIBUTE] === LEGACY_PAYABLE_VALUE;
    const written =
      opts.dryRun ||
      (await conditional(
        dynamo.send(
          new UpdateCommand({
            TableName: tableName('ledger'),
            Key: { vendorId: item.vendorId, sk: BALANCE_SK },
            UpdateExpression: 'SET #payable = :shard',
            // As scanned: a sale or a run that changed it meanwhile has done the right thing already.
            ConditionExpression: legacy ? '#payable = :legacy' : 'attribute_exists(vendorId) AND attribute_not_exists(#payable)',
            ExpressionAttributeNames: { '#payable': PAYABLE_ATTRIBUTE },
            ExpressionAttributeValues: { ':shard': payableValue(String(item.vendorId)), ...(legacy ? { ':legacy': LEGACY_PAYABLE_VALUE } : {}) },
          }),
        ),
      ));
    if (written) report[legacy ? 'balancesResharded' : 'balancesMarked']++;
  }

  for await (const vendor of scan('vendors', 'attribute_exists(payoutAccountId) AND attribute_not_exists(payoutMethod)', {})) {
    const out = await dynamo.send(new GetCommand({ TableName: tableName('payoutAccounts'), Key: { vendorId: vendor.vendorId }, ConsistentRead: true }));
    const account = out.Item as PayoutAccountItem | undefined;
    if (!account || account.payoutAccountId !== vendor.payoutAccountId) {
      report.inconsistent.push(String(vendor.vendorId));
      continue;
    }
    if (opts.dryRun) {
      report.payoutMethodsCopied++;
      continue;
    }
    const written = await conditional(
      dynamo.send(
        new UpdateCommand({
          TableName: tableName('vendors'),
          Key: { userId: vendor.userId },
          UpdateExpression: 'SET payoutMethod = :summary',
          // A vendor who changed the method meanwhile already has the new copy.
          ConditionExpression: 'payoutAccountId = :id AND attribute_not_exists(payoutMethod)',
          ExpressionAttributeValues: { ':summary': summarize(account), ':id': account.payoutAccountId },
        }),
      ),
    );
    if (written) report.payoutMethodsCopied++;
  }
  return report;
}
