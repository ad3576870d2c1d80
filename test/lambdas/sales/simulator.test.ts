import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseOrderEvent } from '../../../contracts/order-events';
import { ORDER_STATUSES } from '../../../lambdas/sales/model';
import { addDays, marketplaceDay, startOfDay } from '../../../lambdas/shared/dates';
import { simulateOrders } from '../../../scripts/demo/order-simulator';

/** The simulator behind `npm run orders:simulate` and the demo seed: what it makes is valid and lands where it says. */
const LA = 'America/Los_Angeles';

const nowArb = fc.oneof(
  fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-01-01T00:00:00Z'), noInvalidDate: true }),
  // Just after a local midnight, including the DST days: "today" is only seconds long.
  fc.tuple(fc.constantFrom('2026-03-08', '2026-03-09', '2026-11-01', '2026-11-02', '2026-07-01'), fc.integer({ min: 0, max: 5_000 })).map(
    ([day, ms]) => new Date(startOfDay(day, LA).getTime() + ms),
  ),
);

describe('order simulator', () => {
  it('makes only valid events, in revision order, placed within the period and never in the future', () => {
    fc.assert(
      fc.property(nowArb, fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 40 }), (now, seed, count, days) => {
        const orders = simulateOrders({ vendorId: 'V-10001', count, days, seed, now, timeZone: LA });
        expect(orders).toHaveLength(count);
        const today = marketplaceDay(now, LA);
        const first = startOfDay(addDays(today, -(days - 1)), LA).getTime();
        for (const order of orders) {
          order.events.forEach((e, i) => {
            const parsed = parseOrderEvent({ id: 'e', source: 'marketplace.orders', 'detail-type': e.detailType, detail: e.detail });
            expect(parsed.ok, parsed.ok ? '' : parsed.message).toBe(true);
            expect(e.detail.revision).toBe(i + 1);
            expect(e.time.getTime()).toBeLessThanOrEqual(now.getTime());
            if (i > 0) expect(e.time.getTime()).toBeGreaterThanOrEqual(order.events[i - 1]!.time.getTime());
          });
          const placed = Date.parse(order.snapshot.placedAt);
          expect(placed).toBeGreaterThanOrEqual(first);
          expect(placed).toBeLessThanOrEqual(now.getTime());
          expect(order.snapshot.lines.length).toBeGreaterThanOrEqual(1);
          expect(order.snapshot.lines.length).toBeLessThanOrEqual(4);
        }
        if (count >= 4) {
          const todays = orders.slice(0, 4);
          expect(todays.map((o) => o.snapshot.status)).toEqual([...ORDER_STATUSES]);
          expect(todays.every((o) => marketplaceDay(o.snapshot.placedAt, LA) === today)).toBe(true);
        }
        expect(new Set(orders.map((o) => o.snapshot.orderId)).size).toBe(count);
      }),
      { numRuns: 150 },
    );
  });

  it('cancels some orders after placing them, and pays and fulfils others', () => {
    const orders = simulateOrders({ vendorId: 'V-10001', count: 200, days: 30, seed: 1, now: new Date('2026-06-15T20:00:00Z'), timeZone: LA });
    const paths = new Set(orders.map((o) => o.events.map((e) => e.detail.status).join('>')));
    expect(paths).toEqual(new Set(['pending', 'pending>paid', 'pending>paid>fulfilled', 'pending>cancelled', 'pending>paid>cancelled']));
    expect(orders.some((o) => /[\u4e00-\u9fff].* [A-Z]/.test(o.snapshot.lines[0]!.name))).toBe(true);
  });

  it('gives the same events for the same seed and instant, and other order ids for another instant', () => {
    const now = new Date('2026-03-08T18:00:00Z');
    const a = simulateOrders({ vendorId: 'V-10001', count: 20, days: 30, seed: 7, now });
    expect(simulateOrders({ vendorId: 'V-10001', count: 20, days: 30, seed: 7, now })).toEqual(a);
    const later = simulateOrders({ vendorId: 'V-10001', count: 20, days: 30, seed: 7, now: new Date(now.getTime() + 60_000) });
    expect(later.map((o) => o.snapshot.orderId).filter((id) => a.some((o) => o.snapshot.orderId === id))).toEqual([]);
  });
});
