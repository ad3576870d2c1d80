/**
 * One-off data backfill for stacks whose data predates two payout changes (docs/operations.md,
 * "Backfill"): BALANCE items written before the sparse `payable` attribute existed would never be
 * found by a payout run, and vendor records written before the masked `payoutMethod` copy existed
 * would show no payout method (the payout-method API may not read the payout-accounts table). Both
 * fixes are conditional writes, so the backfill is idempotent and safe next to live traffic.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, paginateScan, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, paging } from '../shared/clients';
import { tableName, type TableKey } from '../shared/tables';
import { BALANCE_SK } from '../sales/model';
import { PAYABLE_ATTRIBUTE, PAYABLE_VALUE, summarize, type PayoutAccountItem } from './model';

export interface BackfillReport {
  balancesMarked: number;
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
  const report: BackfillReport = { balancesMarked: 0, payoutMethodsCopied: 0, inconsistent: [] };

  // Every balance gets `payable`; the next run removes it again where the balance is below the minimum.
  for await (const item of scan('ledger', 'sk = :balance AND attribute_not_exists(#payable)', { ':balance': BALANCE_SK }, { '#payable': PAYABLE_ATTRIBUTE })) {
    if (opts.dryRun) {
      report.balancesMarked++;
      continue;
    }
    const written = await conditional(
      dynamo.send(
        new UpdateCommand({
          TableName: tableName('ledger'),
          Key: { vendorId: item.vendorId, sk: BALANCE_SK },
          UpdateExpression: 'SET #payable = :yes',
          ConditionExpression: 'attribute_exists(vendorId) AND attribute_not_exists(#payable)',
          ExpressionAttributeNames: { '#payable': PAYABLE_ATTRIBUTE },
          ExpressionAttributeValues: { ':yes': PAYABLE_VALUE },
        }),
      ),
    );
    if (written) report.balancesMarked++;
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
