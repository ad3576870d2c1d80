/**
 * The vendor's default low-stock level (issue 15; GET/PUT /api/inventory/settings): the threshold of
 * every product without its own. Changing it re-evaluates the products that follow it without a scan
 * or a read of the whole partition: only stock in `(min(old, new), max(old, new)]` can change state, so
 * that key range of byVendorStock is read (paged), and each candidate is re-read and written
 * conditionally on its version (a product changed meanwhile is re-read and re-evaluated; one that now
 * has its own threshold is skipped). No `stock_low` notification: the stock did not move, the vendor
 * moved the line, and sees the result in the "Low stock" filter at once.
 */
import { logger } from '../shared/logger';
import { lowStockDefaultRange, reevaluatedForDefault } from './product-states';
import { getProduct, lowStockDefaultOf, putProduct, setLowStockDefault, stockRangePages, withOptimisticRetry, type CatalogueRow } from './store';

/** Products re-evaluated at once: a few parallel writes, well below the table's capacity. */
const CONCURRENCY = 8;

export interface LowStockDefaultChange {
  lowStockDefault: number;
  /** Products whose low-stock state the change flipped. */
  reevaluated: number;
}

/** A row that may follow the default and could be low at all (published, on sale, no own threshold). */
const follows = (row: CatalogueRow): boolean => row.lowStockThreshold === undefined && Boolean(row.publishedVendorId) && !row.outOfStock;

/** Writes the product's re-evaluated low-stock state; false when nothing changed (or it is gone). */
async function reevaluate(vendorId: string, productId: string, lowStockDefault: number): Promise<boolean> {
  return withOptimisticRetry(async () => {
    const item = await getProduct(vendorId, productId);
    const next = item ? reevaluatedForDefault(item, lowStockDefault) : null;
    if (!item || !next) return false;
    await putProduct(next, item.version, undefined, [], undefined, lowStockDefault);
    return true;
  });
}

/** Re-evaluates the products a change of the default from `from` to `to` can affect. */
export async function reevaluateLowStock(vendorId: string, from: number, to: number): Promise<number> {
  const range = lowStockDefaultRange(from, to);
  if (!range) return 0;
  let changed = 0;
  for await (const page of stockRangePages(vendorId, range.low, range.high)) {
    const candidates = page.filter(follows);
    for (let start = 0; start < candidates.length; start += CONCURRENCY) {
      const done = await Promise.all(candidates.slice(start, start + CONCURRENCY).map((row) => reevaluate(vendorId, row.productId, to)));
      changed += done.filter(Boolean).length;
    }
  }
  return changed;
}

/** PUT: the new default if the vendor saw `expected` (else 409 low_stock_default_changed), then the re-evaluation. */
export async function changeLowStockDefault(vendorId: string, lowStockDefault: number, expected: number): Promise<LowStockDefaultChange> {
  await setLowStockDefault(vendorId, lowStockDefault, expected);
  const reevaluated = await reevaluateLowStock(vendorId, expected, lowStockDefault);
  logger.info('low-stock default changed', { vendorId, from: expected, to: lowStockDefault, reevaluated });
  return { lowStockDefault, reevaluated };
}

export { lowStockDefaultOf };
