/**
 * The default low-stock level's re-check as a background job (issue 16; docs/decisions.md, "The vendor's
 * own default low-stock level"). A change of the default (PUT /api/inventory/settings, ./stock-settings.ts)
 * saves the new level together with a re-check record on the vendor's counters item and sends one message;
 * the worker (the restock function's SQS source in the cloud, lib/restock.ts; in-process locally) then
 * re-evaluates the products following the default, one bounded batch of the byVendorStock key range per
 * message, and sends the message for the next batch itself, so no message runs long whatever the catalogue.
 *
 * - *Bounded:* a batch reads at most `LOW_STOCK_RECHECK_BATCH` index entries (500: a few seconds).
 * - *Idempotent:* the record says which batch is next (`step`, `position`); a message for another step is
 *   a copy of one already done and does nothing, and each product write is conditional on its version
 *   (re-evaluating a product twice changes nothing the second time). A step saved whose next message was
 *   not sent (`sent` false) is sent by the copy SQS redelivers, or by the next GET of the settings.
 * - *Superseded:* a later change of the default replaces the record (new id); the old job's messages
 *   then stop, and its product writes fail, since each carries a condition that its re-check is still the
 *   current one (so a write for the old level never lands after the new level). The new job covers the
 *   old job's range too (the products it had not reached yet still carry the flags of an older level).
 * - *No notification* for a change caused by the default (see ./stock-settings.ts).
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LowStockRecheck } from '../../contracts/listings/answers';
import { dynamo } from '../shared/clients';
import { env } from '../shared/env';
import { logger } from '../shared/logger';
import { tableName } from '../shared/tables';
import { reevaluatedForDefault } from './product-states';
import { recheckQueue, type RecheckMessage } from './recheck-queue';
import { counterName, countStockRange, getProduct, lowStockSettingsOf, putProduct, stockRangePage, withOptimisticRetry, type CatalogueRow, type StoredRecheck } from './store';

/** Products re-evaluated at once: a few parallel writes, well below the table's capacity. */
const CONCURRENCY = 8;
/** A running re-check whose next message was not sent for this long is sent again by GET settings. */
export const RECHECK_STALL_MS = 60_000;

/** The re-check the job was started for is no longer the vendor's current one. */
class Superseded extends Error {}

/** The API's view of a stored re-check. */
export function recheckView(r: StoredRecheck): LowStockRecheck {
  return {
    status: r.status,
    checked: r.checked,
    changed: r.changed,
    ...(r.total !== undefined && { total: r.total }),
    startedAt: r.startedAt,
    ...(r.finishedAt && { finishedAt: r.finishedAt }),
  };
}

/** A row that may follow the default and could be low at all (published, on sale, no own threshold). */
const follows = (row: CatalogueRow): boolean => row.lowStockThreshold === undefined && Boolean(row.publishedVendorId) && !row.outOfStock;

/** Writes the product's re-evaluated low-stock state, only while `recheckId` is current; false when nothing changed. */
async function reevaluate(vendorId: string, productId: string, level: number, recheckId: string): Promise<boolean> {
  return withOptimisticRetry(async () => {
    const item = await getProduct(vendorId, productId);
    const next = item ? reevaluatedForDefault(item, level) : null;
    if (!item || !next) return false;
    const stillCurrent = {
      ConditionCheck: {
        TableName: tableName('counters'),
        Key: { name: counterName(vendorId) },
        ConditionExpression: '#r.#id = :id',
        ExpressionAttributeNames: { '#r': 'lowStockRecheck', '#id': 'id' },
        ExpressionAttributeValues: { ':id': recheckId },
      },
    };
    try {
      await putProduct(next, item.version, undefined, [stillCurrent], undefined, level);
    } catch (err) {
      // Not the version (that is a VersionConflict, retried): the re-check is no longer the current one.
      if (err instanceof TransactionCanceledException) throw new Superseded();
      throw err;
    }
    return true;
  });
}

/** Updates the re-check record if it is still `id` at `step` (else false: superseded, or a copy got there first). */
async function updateRecheck(vendorId: string, id: string, step: number, set: Partial<StoredRecheck>, remove: (keyof StoredRecheck)[] = []): Promise<boolean> {
  const names: Record<string, string> = { '#r': 'lowStockRecheck', '#id': 'id', '#step': 'step' };
  const values: Record<string, unknown> = { ':id': id, ':step': step };
  const sets = Object.entries(set).map(([k, v]) => {
    names[`#${k}`] = k;
    values[`:set_${k}`] = v;
    return `#r.#${k} = :set_${k}`;
  });
  const removes = remove.map((k) => {
    names[`#${k}`] = k;
    return `#r.#${k}`;
  });
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('counters'),
        Key: { name: counterName(vendorId) },
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: '#r.#id = :id AND #r.#step = :step',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

/** Sends the message for the record's current step, then notes that it was sent. */
export async function sendRecheckStep(vendorId: string, r: Pick<StoredRecheck, 'id' | 'step'>): Promise<void> {
  await recheckQueue().send({ vendorId, recheckId: r.id, step: r.step });
  await updateRecheck(vendorId, r.id, r.step, { sent: true });
}

/** A running re-check whose next message was never sent (the sender failed after saving): sends it. */
export async function resumeStalledRecheck(vendorId: string, r: StoredRecheck, now = Date.now()): Promise<void> {
  if (r.status !== 'running' || r.sent || now - Date.parse(r.updatedAt) < RECHECK_STALL_MS) return;
  logger.warn('low-stock re-check stalled, sending its step again', { vendorId, recheckId: r.id, step: r.step });
  await sendRecheckStep(vendorId, r);
}

/**
 * One message: one batch of the re-check, then the message for the next one (or the record marked done).
 * Does nothing for a superseded or finished re-check, or a step already done.
 */
export async function runRecheckStep(message: RecheckMessage, batch = env.lowStockRecheckBatch()): Promise<void> {
  const { vendorId, recheckId, step } = message;
  const { lowStockDefault: level, recheck } = await lowStockSettingsOf(vendorId);
  if (!recheck || recheck.id !== recheckId || recheck.status !== 'running') {
    logger.info('low-stock re-check superseded or done, message dropped', { vendorId, recheckId, step });
    return;
  }
  if (recheck.step === step + 1 && !recheck.sent) {
    // This step was saved but its next message not sent (the worker stopped in between): send it now.
    await sendRecheckStep(vendorId, recheck);
    return;
  }
  if (recheck.step !== step) return;

  const total = recheck.total ?? (await countStockRange(vendorId, recheck.low, recheck.high));
  const page = await stockRangePage(vendorId, recheck.low, recheck.high, batch, recheck.position);
  const candidates = page.rows.filter(follows);
  let changed = 0;
  try {
    for (let start = 0; start < candidates.length; start += CONCURRENCY) {
      const done = await Promise.all(candidates.slice(start, start + CONCURRENCY).map((row) => reevaluate(vendorId, row.productId, level, recheckId)));
      changed += done.filter(Boolean).length;
    }
  } catch (err) {
    if (!(err instanceof Superseded)) throw err;
    logger.info('low-stock re-check superseded during a batch', { vendorId, recheckId, step });
    return;
  }

  const now = new Date().toISOString();
  const checked = recheck.checked + page.rows.length;
  const progress = { step: step + 1, checked, changed: recheck.changed + changed, updatedAt: now };
  if (!page.lastKey) {
    // The count was taken before the batches; products may have moved in or out of the range since.
    const saved = await updateRecheck(vendorId, recheckId, step, { ...progress, total: checked, sent: true, status: 'done', finishedAt: now }, ['position']);
    if (saved) logger.info('low-stock re-check done', { vendorId, recheckId, checked, changed: progress.changed, lowStockDefault: level });
    return;
  }
  const saved = await updateRecheck(vendorId, recheckId, step, { ...progress, total, sent: false, position: page.lastKey });
  if (saved) await sendRecheckStep(vendorId, { id: recheckId, step: step + 1 });
}
