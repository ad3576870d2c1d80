/**
 * The vendor's default low-stock level (issue 15; GET/PUT /api/inventory/settings): the threshold of
 * every product without its own. Changing it re-evaluates the products that follow it without a scan
 * or a read of the whole partition: only stock in `(min(old, new), max(old, new)]` can change state, so
 * only that key range of byVendorStock is read. Since issue 16 that happens in a background job
 * (./low-stock-recheck.ts): the PUT saves the level and the re-check record in one conditional write,
 * sends the job's first message and answers at once, whatever the catalogue's size; GET shows the
 * job's progress. No `stock_low` notification: the stock did not move, the vendor moved the line.
 */
import { randomUUID } from 'node:crypto';
import type { InventorySettings } from '../../contracts/listings/answers';
import { logger } from '../shared/logger';
import { recheckView, resumeStalledRecheck, sendRecheckStep } from './low-stock-recheck';
import { lowStockDefaultRange } from './product-states';
import { LowStockDefaultChanged, lowStockDefaultOf, lowStockSettingsOf, setLowStockDefault, type StoredRecheck } from './store';

/** GET: the level and the latest re-check (a stalled one is sent on again). */
export async function lowStockSettings(vendorId: string): Promise<InventorySettings> {
  const { lowStockDefault, recheck } = await lowStockSettingsOf(vendorId);
  if (recheck) await resumeStalledRecheck(vendorId, recheck);
  return { lowStockDefault, ...(recheck && { recheck: recheckView(recheck) }) };
}

/**
 * PUT: the new default if the vendor saw `expected` (else 409 low_stock_default_changed), with a re-check
 * of the range it affects, handed to the worker. A re-check still running for an earlier change is
 * superseded: the new one covers its range too.
 */
export async function changeLowStockDefault(vendorId: string, lowStockDefault: number, expected: number): Promise<InventorySettings> {
  const current = await lowStockSettingsOf(vendorId);
  const range = lowStockDefaultRange(expected, lowStockDefault);
  if (!range) {
    // Nothing can change state: only the condition (409 when the level moved meanwhile).
    await setLowStockDefault(vendorId, lowStockDefault, expected);
    return { lowStockDefault, ...(current.recheck && { recheck: recheckView(current.recheck) }) };
  }
  if (current.lowStockDefault !== expected) throw new LowStockDefaultChanged(current.lowStockDefault);
  const running = current.recheck?.status === 'running' ? current.recheck : undefined;
  const now = new Date().toISOString();
  const recheck: StoredRecheck = {
    id: randomUUID(),
    low: Math.min(range.low, running?.low ?? range.low),
    high: Math.max(range.high, running?.high ?? range.high),
    step: 0,
    sent: false,
    checked: 0,
    changed: 0,
    status: 'running',
    startedAt: now,
    updatedAt: now,
  };
  await setLowStockDefault(vendorId, lowStockDefault, expected, { next: recheck, previousId: current.recheck?.id });
  try {
    await sendRecheckStep(vendorId, recheck);
  } catch (err) {
    // The level is saved: answer it. The record says the first message is unsent; GET sends it after a while.
    logger.error('low-stock re-check: first message not sent', { vendorId, recheckId: recheck.id, error: String(err) });
  }
  logger.info('low-stock default changed, re-check started', { vendorId, from: expected, to: lowStockDefault, recheckId: recheck.id, supersedes: running?.id });
  return { lowStockDefault, recheck: recheckView(recheck) };
}

export { lowStockDefaultOf };
