import { describe, expect, it } from 'vitest';
import { commissionCents, orderTotals, planOrderChange, type OrderChangePlan } from '../../../lambdas/sales/apply';
import type { OrderSnapshot } from '../../../contracts/order-events';
import type { OrderItem } from '../../../lambdas/sales/model';

const ctx = { commissionRateBps: 1500, timeZone: 'America/Los_Angeles', now: new Date('2026-11-01T09:30:00Z') };
const snapshot = (over: Partial<OrderSnapshot> = {}): OrderSnapshot => ({
  orderId: 'mo_1',
  orderNumber: 'MO-1',
  vendorId: 'V-10001',
  // 01:30 PST on 1 November 2026, the second 01:30 of that night.
  placedAt: '2026-11-01T09:30:00.000Z',
  status: 'paid',
  lines: [{ productId: 'P-1', sku: 'SAU-SOY-500', name: '黑豆醬油 Black Bean Soy Sauce', quantity: 2, unitPriceCents: 899 }],
  revision: 1,
  ...over,
});
const applied = (plan: OrderChangePlan) => {
  if (plan.kind !== 'apply') throw new Error(`expected apply, got ${plan.kind}`);
  return plan;
};

describe('commission', () => {
  it('rounds half a cent up and stays exact for totals beyond 2^53 / 10000', () => {
    expect(commissionCents(10, 2500)).toBe(3);
    expect(commissionCents(10, 2499)).toBe(2);
    expect(commissionCents(0, 1500)).toBe(0);
    expect(commissionCents(1_000_000_000_000, 10_000)).toBe(1_000_000_000_000);
    // 10^13 × 1501 / 10^4 = 1,501,000,000,000.0 exactly; 10^13 + 3 at 5000 bps = 5,000,000,000,001.5 → ...002.
    expect(commissionCents(10_000_000_000_000, 1501)).toBe(1_501_000_000_000);
    expect(commissionCents(10_000_000_000_003, 5_000)).toBe(5_000_000_000_002);
  });

  it('totals the lines', () => {
    expect(orderTotals(snapshot().lines)).toEqual({ totalCents: 1798, quantity: 2 });
  });
});

describe('planOrderChange', () => {
  it('books the placed day in the marketplace zone (the 25-hour day)', () => {
    expect(applied(planOrderChange(null, snapshot(), ctx)).order.day).toBe('2026-11-01');
    expect(applied(planOrderChange(null, snapshot({ placedAt: '2026-11-01T06:59:59.999Z' }), ctx)).order.day).toBe('2026-10-31');
  });

  it('writes an adjustment when the lines of a counted order change', () => {
    const first = applied(planOrderChange(null, snapshot(), ctx)).order;
    const plan = applied(
      planOrderChange(first, snapshot({ revision: 2, lines: [{ ...snapshot().lines[0]!, quantity: 1 }] }), { ...ctx, commissionRateBps: 9999 }),
    );
    // 1798 → 899 at the order's own 15%: commission 270 → 135, net 1528 → 764.
    expect(plan.days).toEqual([{ day: '2026-11-01', amountCents: -899, quantity: -1, orders: 0 }]);
    expect(plan.entry).toMatchObject({ kind: 'adjustment', amountCents: 764 - 1528, grossCents: -899, commissionCents: -135 });
    expect(plan.order).toMatchObject({ totalCents: 899, commissionCents: 135, netCents: 764, commissionRateBps: 1500 });
  });

  it('keeps the day and the rate an order was first stored with, whatever the settings say now', () => {
    const first = applied(planOrderChange(null, snapshot({ status: 'cancelled' }), ctx)).order;
    const plan = applied(planOrderChange(first, snapshot({ status: 'paid', revision: 2 }), { ...ctx, timeZone: 'Asia/Taipei', commissionRateBps: 0 }));
    expect(plan.order).toMatchObject({ day: '2026-11-01', commissionRateBps: 1500, commissionCents: 270 });
    expect(plan.days).toEqual([{ day: '2026-11-01', amountCents: 1798, quantity: 2, orders: 1 }]);
    expect(plan.entry).toMatchObject({ kind: 'sale', amountCents: 1528 });
  });

  it('books gross and commission with each entry, so a statement can show them as they were (issue 10)', () => {
    const sale = applied(planOrderChange(null, snapshot(), ctx));
    expect(sale.entry).toMatchObject({ kind: 'sale', amountCents: 1528, grossCents: 1798, commissionCents: 270 });
    const reversal = applied(planOrderChange(sale.order, snapshot({ revision: 2, status: 'cancelled' }), ctx));
    expect(reversal.entry).toMatchObject({ kind: 'reversal', amountCents: -1528, grossCents: -1798, commissionCents: -270 });
  });

  it('tells duplicates from older revisions', () => {
    const stored: OrderItem = applied(planOrderChange(null, snapshot({ revision: 3 }), ctx)).order;
    expect(planOrderChange(stored, snapshot({ revision: 3 }), ctx).kind).toBe('duplicate');
    expect(planOrderChange(stored, snapshot({ revision: 2 }), ctx).kind).toBe('stale');
    expect(planOrderChange(stored, snapshot({ revision: 4 }), ctx).kind).toBe('apply');
  });
});

describe('status history (issue 15)', () => {
  it('starts at placedAt for a placed order and appends a change at the event’s time (UTC)', () => {
    const placed = applied(planOrderChange(null, snapshot({ status: 'pending' }), ctx)).order;
    expect(placed.statusHistory).toEqual([{ status: 'pending', at: '2026-11-01T09:30:00.000Z', revision: 1 }]);
    const paid = applied(planOrderChange(placed, snapshot({ status: 'paid', revision: 2 }), { ...ctx, eventTime: '2026-11-01T10:00:00+01:00' })).order;
    expect(paid.statusHistory).toEqual([
      { status: 'pending', at: '2026-11-01T09:30:00.000Z', revision: 1 },
      { status: 'paid', at: '2026-11-01T09:00:00.000Z', revision: 2 },
    ]);
    // Same status, other lines: no entry.
    const edited = applied(planOrderChange(paid, snapshot({ status: 'paid', revision: 3, lines: [{ ...snapshot().lines[0]!, quantity: 1 }] }), ctx)).order;
    expect(edited.statusHistory).toHaveLength(2);
  });

  it('an order first seen at a later revision starts at the event’s time; one stored before histories starts with what is known', () => {
    const late = applied(planOrderChange(null, snapshot({ status: 'fulfilled', revision: 3 }), { ...ctx, eventTime: 'not a time' })).order;
    expect(late.statusHistory).toEqual([{ status: 'fulfilled', at: ctx.now.toISOString(), revision: 3 }]);
    const old = { ...applied(planOrderChange(null, snapshot(), ctx)).order, statusHistory: undefined, updatedAt: '2026-11-01T09:31:00.000Z' };
    const cancelled = applied(planOrderChange(old, snapshot({ status: 'cancelled', revision: 2 }), { ...ctx, eventTime: '2026-11-02T00:00:00Z' })).order;
    expect(cancelled.statusHistory).toEqual([
      { status: 'paid', at: '2026-11-01T09:31:00.000Z', revision: 1 },
      { status: 'cancelled', at: '2026-11-02T00:00:00.000Z', revision: 2 },
    ]);
  });
});
