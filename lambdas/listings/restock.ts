/**
 * "Out of stock until <day>" (issue 15): the restock run puts every product whose day has come back on
 * sale, with the stock the vendor set. It reads the sparse `byRestockDue` index (only products with a
 * day set, the earliest first), never the products table as a whole; each product is one conditional
 * write on the version it read (a vendor's edit at the same moment wins or is retried on, never
 * lost), with the low-stock notification when the stock it comes back with is already low.
 *
 * Scheduled every 15 minutes in the cloud (lib/restock.ts) and every minute by the local stack
 * (scripts/local/stack.ts); `npm run stock:restock` runs it by hand. Running it twice is harmless: a
 * product already back on sale has no day any more and is not in the index.
 */
import { logger } from '../shared/logger';
import { marketplaceDay } from '../shared/dates';
import { lowStockNotification } from './product-actions';
import { restockIfDue } from './product-states';
import { dueRestocks, getProduct, lowStockDefaultOf, putProduct, withOptimisticRetry } from './store';

export interface RestockSummary {
  /** The marketplace day the run restocked for. */
  day: string;
  /** Products found due in the index. */
  due: number;
  /** Put back on sale by this run. */
  restocked: number;
  /** Products that could not be written (logged; the next run tries them again). */
  failed: number;
}

/** Products restocked at once: a few parallel writes, well below the table's capacity. */
const CONCURRENCY = 8;

export async function runRestock(now: Date = new Date()): Promise<RestockSummary> {
  const day = marketplaceDay(now);
  const at = now.toISOString();
  const due = await dueRestocks(day);
  let restocked = 0;
  let failed = 0;
  // Each vendor's default low-stock level, read once per run.
  const defaults = new Map<string, Promise<number>>();
  const defaultOf = (vendorId: string): Promise<number> => {
    if (!defaults.has(vendorId)) defaults.set(vendorId, lowStockDefaultOf(vendorId));
    return defaults.get(vendorId)!;
  };
  const restockOne = async (vendorId: string, productId: string): Promise<boolean> =>
    withOptimisticRetry(async () => {
      const item = await getProduct(vendorId, productId);
      // Deleted, or the vendor changed or cleared the day meanwhile (the index lags the table).
      const next = item ? restockIfDue(item, day, at) : null;
      if (!item || !next) return false;
      const lowStockDefault = await defaultOf(vendorId);
      await putProduct(next, item.version, undefined, lowStockNotification(item, next, at, lowStockDefault), undefined, lowStockDefault);
      return true;
    });
  for (let start = 0; start < due.length; start += CONCURRENCY) {
    const results = await Promise.allSettled(due.slice(start, start + CONCURRENCY).map((d) => restockOne(d.vendorId, d.productId)));
    results.forEach((r, i) => {
      if (r.status === 'fulfilled') restocked += r.value ? 1 : 0;
      else {
        failed += 1;
        const d = due[start + i]!;
        logger.error('restock failed', { vendorId: d.vendorId, productId: d.productId, error: String(r.reason) });
      }
    });
  }
  return { day, due: due.length, restocked, failed };
}
