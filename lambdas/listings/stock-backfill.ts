/**
 * The one-off backfill of issue 15's index attributes (`npm run products:backfill-stock`): products
 * written before the inventory's indexes lack `nameSort` and `searchText` (so byVendorName, the
 * inventory's default order, would not list them) and `lowStockVendorId`. Each product is rewritten
 * with `withIndexes` as it is, conditional on the version read and keeping that version (nothing a
 * person sees changes, and a concurrent edit, which recomputes the same attributes, simply wins).
 * Idempotent: products that already carry the attributes are skipped. An ops one-off, so it reads the
 * table page by page (a Scan), never on a request path.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import { dynamo, paging } from '../shared/clients';
import { tableName } from '../shared/tables';
import { withIndexes, withLowStockDefault, type ProductItem } from './product-states';
import { lowStockDefaultOf } from './store';

export interface StockBackfillReport {
  scanned: number;
  updated: number;
  /** Changed by someone else between the read and the write (they recomputed the attributes themselves). */
  raced: number;
}

const INDEX_KEYS = ['nameSort', 'searchText', 'lowStockVendorId', 'restockQueue', 'restockSort'] as const;

/** What withIndexes computes, with the low-stock flag by the vendor's default level. */
const indexed = (item: ProductItem, lowStockDefault: number): ProductItem => withLowStockDefault(withIndexes(item), lowStockDefault);

/** Whether `item` already carries exactly what withIndexes computes for issue 15's indexes. */
const current = (item: ProductItem, lowStockDefault: number): boolean => {
  const next = indexed(item, lowStockDefault);
  return INDEX_KEYS.every((k) => next[k] === item[k]);
};

export async function backfillStockIndexes(opts: { dryRun: boolean }): Promise<StockBackfillReport> {
  const report: StockBackfillReport = { scanned: 0, updated: 0, raced: 0 };
  // Each vendor's default low-stock level, read once.
  const defaults = new Map<string, number>();
  for await (const page of paginateScan(paging(), { TableName: tableName('products') })) {
    for (const item of (page.Items ?? []) as ProductItem[]) {
      report.scanned += 1;
      if (!defaults.has(item.vendorId)) defaults.set(item.vendorId, await lowStockDefaultOf(item.vendorId));
      const lowStockDefault = defaults.get(item.vendorId)!;
      if (current(item, lowStockDefault)) continue;
      report.updated += 1;
      if (opts.dryRun) continue;
      try {
        await dynamo.send(
          new PutCommand({
            TableName: tableName('products'),
            Item: indexed(item, lowStockDefault),
            ConditionExpression: '#version = :version',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':version': item.version },
          }),
        );
      } catch (err) {
        if (!(err instanceof ConditionalCheckFailedException)) throw err;
        report.updated -= 1;
        report.raced += 1;
      }
    }
  }
  return report;
}
