import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { MARKETPLACE_TIME_ZONE } from '../shared/dates';
import { env } from '../shared/env';
import { logger } from '../shared/logger';
import { BPS_DENOMINATOR, DEFAULT_COMMISSION_BPS, planOrderChange } from './apply';
import { sendToDeadLetter, type Rejection } from './dead-letter';
import { parseOrderEvent, type OrderSnapshot } from '../../contracts/order-events';
import type { LedgerEntryItem } from './model';
import { getOrder, getVendorCommission, writePlan } from './store';

/**
 * The ingest Lambda, target of the marketplace order rule (lib/sales.ts; locally
 * scripts/local/events.ts). Per event:
 *   - malformed, unknown vendor, unusable commission rate → the DLQ with the reason; the
 *     invocation succeeds (retrying cannot help)
 *   - otherwise the order, the day figures, the balance and a ledger entry change in one
 *     transaction (lambdas/sales/apply.ts decides what); a duplicate or older revision changes nothing
 *   - anything else (DynamoDB unavailable, lasting contention) throws: EventBridge/Lambda retry,
 *     then the same DLQ
 */

/** Re-reads after a concurrent change of the same order, and retries after contention on the balance. */
const MAX_ATTEMPTS = 8;

export type IngestResult =
  | { outcome: 'applied'; orderId: string; revision: number; entry: LedgerEntryItem['kind'] | null }
  | { outcome: 'duplicate' | 'stale'; orderId: string; revision: number; storedRevision: number }
  | { outcome: 'rejected'; reason: Rejection['reason']; message: string };

/** The stack-wide default commission (DEFAULT_COMMISSION_BPS, basis points); a bad value is a deployment error. */
export const defaultCommissionBps = (): number => env.defaultCommissionBps();

const isCommissionRate = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= BPS_DENOMINATOR;

/** The vendor's rate: their own `commissionRateBps` if the record has one, else the stack default. */
async function commissionRateFor(vendorId: string): Promise<number | Rejection> {
  const vendor = await getVendorCommission(vendorId);
  if (!vendor.found) return { reason: 'unknown_vendor', message: `No vendor record has the vendor id ${vendorId}.` };
  if (vendor.commissionRateBps === undefined || vendor.commissionRateBps === null) return defaultCommissionBps();
  if (!isCommissionRate(vendor.commissionRateBps)) {
    return {
      reason: 'invalid_commission_rate',
      message: `Vendor ${vendorId} has commissionRateBps ${JSON.stringify(vendor.commissionRateBps)}; it must be an integer from 0 to ${BPS_DENOMINATOR}.`,
    };
  }
  return vendor.commissionRateBps;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function reject(raw: unknown, rejection: Rejection, eventId?: string, detailType?: string): Promise<IngestResult> {
  await sendToDeadLetter(raw, rejection, { ...(eventId ? { eventId } : {}), ...(detailType ? { detailType } : {}) });
  logger.warn('order event rejected to the dead-letter queue', { reason: rejection.reason, detail: rejection.message, eventId });
  return { outcome: 'rejected', ...rejection };
}

/** Applies one order event; see the module comment. `now` is the time written to the items. */
export async function ingestOrderEvent(raw: unknown, now: () => Date = () => new Date()): Promise<IngestResult> {
  const parsed = parseOrderEvent(raw);
  const rawId = typeof (raw as { id?: unknown } | null)?.id === 'string' ? (raw as { id: string }).id : undefined;
  if (!parsed.ok) return reject(raw, { reason: 'invalid_event', message: parsed.message }, rawId);

  const { event } = parsed;
  const snapshot: OrderSnapshot = event.detail;
  logger.appendKeys({ eventId: event.id, detailType: event['detail-type'], vendorId: snapshot.vendorId, orderId: snapshot.orderId, revision: snapshot.revision });
  const ids = { orderId: snapshot.orderId, revision: snapshot.revision };
  const unchanged = (outcome: 'duplicate' | 'stale', storedRevision: number): IngestResult => {
    logger.info(outcome === 'duplicate' ? 'duplicate order event: already applied' : 'stale order event: a newer revision is stored', { storedRevision });
    return { outcome, ...ids, storedRevision };
  };

  let rate: number | undefined;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const stored = await getOrder(snapshot.vendorId, snapshot.placedAt, snapshot.orderId);
    // Decided before the vendor is looked up: a duplicate costs one read.
    if (stored && stored.revision >= snapshot.revision) return unchanged(stored.revision === snapshot.revision ? 'duplicate' : 'stale', stored.revision);
    if (rate === undefined && stored?.commissionRateBps === undefined) {
      const found = await commissionRateFor(snapshot.vendorId);
      // A new order of an unknown vendor waits in the DLQ; an order already stored (without a rate of
      // its own, i.e. not written by this ingest) keeps going at the default.
      if (typeof found !== 'number' && !(stored && found.reason === 'unknown_vendor')) return reject(raw, found, event.id, event['detail-type']);
      rate = typeof found === 'number' ? found : defaultCommissionBps();
    }
    // Without a looked-up rate the stored order has its own, which the plan uses.
    const plan = planOrderChange(stored, snapshot, { commissionRateBps: rate ?? DEFAULT_COMMISSION_BPS, timeZone: MARKETPLACE_TIME_ZONE, now: now(), ...(event.time ? { eventTime: event.time } : {}) });
    if (plan.kind !== 'apply') return unchanged(plan.kind, plan.stored.revision);
    const written = await writePlan(plan);
    if (written === 'written') {
      logger.info('order event applied', { status: plan.order.status, entry: plan.entry?.kind ?? null, amountCents: plan.entry?.amountCents ?? 0 });
      return { outcome: 'applied', ...ids, entry: plan.entry?.kind ?? null };
    }
    logger.debug('order event write refused, trying again', { written, attempt });
    // A concurrent delivery changed the order: read it again at once. Contention: back off with jitter.
    if (written === 'contention') await sleep(Math.min(1_000, 20 * 2 ** attempt) * (0.5 + Math.random()));
  }
  throw new Error(`Order ${snapshot.orderId} revision ${snapshot.revision}: not applied after ${MAX_ATTEMPTS} attempts (concurrent writes)`);
}

export const handler = middy<EventBridgeEvent<string, unknown>, IngestResult, Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler((event) => ingestOrderEvent(event));
