import { marketplaceDay } from '../shared/dates';
import type { OrderSnapshot } from '../../contracts/order-events';
import {
  entrySk,
  isCounted,
  MAX_STATUS_HISTORY,
  orderKey,
  vendorStatusKey,
  type LedgerEntryItem,
  type OrderItem,
  type OrderLine,
  type StatusChange,
} from './model';

/**
 * What an order event changes, decided from the stored order and the event's snapshot alone
 * (state-based, so duplicates and out-of-order delivery fold to the same result):
 *   - the stored revision is the same or newer  → nothing (duplicate / stale)
 *   - otherwise the order item becomes the snapshot, and if the order's contribution to the sales
 *     figures changes, the day figures and the balance move by the difference and one ledger entry
 *     records it: not counted → counted is a sale (+net), counted → cancelled a reversal (exactly
 *     the stored net back), counted → counted with other lines an adjustment (the difference).
 * Pure: the store (store.ts) writes the plan in one transaction.
 */

export interface DayDelta {
  day: string;
  amountCents: number;
  quantity: number;
  orders: number;
}

export type OrderChangePlan =
  | { kind: 'duplicate' | 'stale'; stored: OrderItem }
  | {
      kind: 'apply';
      order: OrderItem;
      /** The revision the stored order must still have when the plan is written (null: must not exist yet). */
      expectedRevision: number | null;
      days: DayDelta[];
      /** Ledger entry (and the same amount on the balance), when the money changes. */
      entry: LedgerEntryItem | null;
    };

export interface PlanContext {
  /** The vendor's commission rate in basis points; used when the order is new (or stored without a rate). */
  commissionRateBps: number;
  timeZone: string;
  now: Date;
  /** When the marketplace says the change happened (the event's `time`, UTC); the ingest's `now` without one. */
  eventTime?: string;
}

/**
 * The order's status history after applying `snapshot` (issue 15): a new order starts it (the
 * placing event at `placedAt`, a first event of a later revision at the event's time, the earlier
 * statuses being unknown); a change of status appends one entry; the same status changes nothing.
 * An order stored before histories were kept starts with its stored status at its last update
 * (what is known), then the change. Capped at MAX_STATUS_HISTORY entries, keeping the first.
 */
export function nextStatusHistory(stored: OrderItem | null, snapshot: OrderSnapshot, at: string): StatusChange[] {
  const entry: StatusChange = { status: snapshot.status, at: snapshot.revision === 1 ? snapshot.placedAt : at, revision: snapshot.revision };
  if (!stored) return [entry];
  const history = stored.statusHistory ?? [{ status: stored.status, at: stored.updatedAt, revision: stored.revision }];
  if (stored.status === snapshot.status) return history;
  const next = [...history, entry];
  return next.length > MAX_STATUS_HISTORY ? [next[0]!, ...next.slice(next.length - MAX_STATUS_HISTORY + 1)] : next;
}

/**
 * Basis points of 10 000; the marketplace's commission when neither the vendor record nor the
 * stack says otherwise is 1 500 (15%). Defined in shared/env.ts, which validates the stack's setting.
 */
export { BPS_DENOMINATOR, DEFAULT_COMMISSION_BPS } from '../shared/env';

/** round(total × bps / 10000), halves rounded up, exact for any total (BigInt). */
export function commissionCents(totalCents: number, bps: number): number {
  return Number((BigInt(totalCents) * BigInt(bps) + 5_000n) / 10_000n);
}

export function orderTotals(lines: readonly OrderLine[]): { totalCents: number; quantity: number } {
  return lines.reduce(
    (sum, line) => ({ totalCents: sum.totalCents + line.quantity * line.unitPriceCents, quantity: sum.quantity + line.quantity }),
    { totalCents: 0, quantity: 0 },
  );
}

/** What an order adds to its day's figures and to the balance (nothing when it does not count). */
function contribution(order: Pick<OrderItem, 'status' | 'day' | 'totalCents' | 'quantity' | 'netCents'>): (DayDelta & { netCents: number }) | null {
  if (!isCounted(order.status)) return null;
  return { day: order.day, amountCents: order.totalCents, quantity: order.quantity, orders: 1, netCents: order.netCents };
}

/** The event's time as `toISOString()` (UTC), if it is a time at all; else the ingest's clock. */
function eventInstant(time: string | undefined, now: Date): string {
  const ms = time === undefined ? Number.NaN : Date.parse(time);
  return Number.isNaN(ms) ? now.toISOString() : new Date(ms).toISOString();
}

export function planOrderChange(stored: OrderItem | null, snapshot: OrderSnapshot, ctx: PlanContext): OrderChangePlan {
  if (stored && stored.revision === snapshot.revision) return { kind: 'duplicate', stored };
  if (stored && stored.revision > snapshot.revision) return { kind: 'stale', stored };

  const { totalCents, quantity } = orderTotals(snapshot.lines);
  // Fixed when the order is first stored: its day (in the zone configured then) and its rate.
  const day = stored?.day ?? marketplaceDay(snapshot.placedAt, ctx.timeZone);
  const rate = stored?.commissionRateBps ?? ctx.commissionRateBps;
  const commission = stored && stored.totalCents === totalCents ? stored.commissionCents : commissionCents(totalCents, rate);
  const now = ctx.now.toISOString();
  const order: OrderItem = {
    vendorId: snapshot.vendorId,
    orderKey: orderKey(snapshot.placedAt, snapshot.orderId),
    vendorStatus: vendorStatusKey(snapshot.vendorId, snapshot.status),
    orderId: snapshot.orderId,
    orderNumber: snapshot.orderNumber,
    placedAt: snapshot.placedAt,
    day,
    status: snapshot.status,
    lines: snapshot.lines.map(({ productId, sku, name, quantity: q, unitPriceCents }) => ({ productId, sku, name, quantity: q, unitPriceCents })),
    totalCents,
    quantity,
    commissionCents: commission,
    netCents: totalCents - commission,
    commissionRateBps: rate,
    revision: snapshot.revision,
    updatedAt: now,
    statusHistory: nextStatusHistory(stored, snapshot, eventInstant(ctx.eventTime, ctx.now)),
  };

  const before = stored ? contribution(stored) : null;
  const after = contribution(order);
  const byDay = new Map<string, DayDelta>();
  const add = (c: DayDelta, sign: 1 | -1) => {
    const d = byDay.get(c.day) ?? { day: c.day, amountCents: 0, quantity: 0, orders: 0 };
    byDay.set(c.day, { day: c.day, amountCents: d.amountCents + sign * c.amountCents, quantity: d.quantity + sign * c.quantity, orders: d.orders + sign * c.orders });
  };
  if (before) add(before, -1);
  if (after) add(after, 1);
  const days = [...byDay.values()].filter((d) => d.amountCents !== 0 || d.quantity !== 0 || d.orders !== 0);

  const netDelta = (after?.netCents ?? 0) - (before?.netCents ?? 0);
  const grossDelta = (after?.amountCents ?? 0) - (before?.amountCents ?? 0);
  const commissionDelta = (after ? order.commissionCents : 0) - (before && stored ? stored.commissionCents : 0);
  const kind: LedgerEntryItem['kind'] | null = !before && after ? 'sale' : before && !after ? 'reversal' : netDelta !== 0 || days.length ? 'adjustment' : null;
  const entry: LedgerEntryItem | null = kind
    ? {
        vendorId: order.vendorId,
        sk: entrySk(now, `${order.orderId}#${order.revision}`),
        kind,
        amountCents: netDelta,
        grossCents: grossDelta,
        commissionCents: commissionDelta,
        orderId: order.orderId,
        orderNumber: order.orderNumber,
        revision: order.revision,
        at: now,
      }
    : null;

  return { kind: 'apply', order, expectedRevision: stored ? stored.revision : null, days, entry };
}
