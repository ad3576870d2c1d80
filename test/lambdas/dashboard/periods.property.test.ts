import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dashboardFrom } from '../../../lambdas/dashboard/summary';
import { addDays, marketplaceDay, startOfDay } from '../../../lambdas/shared/dates';

const ZONE = 'America/Los_Angeles';
const HOUR = 3_600_000;
/** Instants around the zone's DST changes of 2026 and ordinary midnights, where day arithmetic goes wrong. */
const interesting = ['2026-03-08T10:00:00Z', '2026-03-09T07:30:00Z', '2026-11-01T08:59:00Z', '2026-11-02T08:00:00Z', '2026-12-31T08:00:00Z', '2026-01-01T07:59:59Z'];

describe('dashboard periods equal a brute-force sum over the orders', () => {
  it('for random histories and random "now" near midnights and DST changes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...interesting),
        fc.integer({ min: -2 * HOUR, max: 2 * HOUR }),
        fc.array(fc.record({ ageMs: fc.integer({ min: 0, max: 35 * 24 * HOUR }), amountCents: fc.integer({ min: 1, max: 50_000 }), quantity: fc.integer({ min: 1, max: 9 }), cancelled: fc.boolean() }), { maxLength: 120 }),
        (anchor, offset, orders) => {
          const now = new Date(Date.parse(anchor) + offset);
          const placed = orders.map((o) => ({ ...o, at: new Date(now.getTime() - o.ageMs) }));
          // What the ingest keeps: daily figures of counted orders by marketplace-local placed day.
          const days = new Map<string, { day: string; amountCents: number; quantity: number; orders: number }>();
          for (const o of placed.filter((p) => !p.cancelled)) {
            const day = marketplaceDay(o.at, ZONE);
            const d = days.get(day) ?? { day, amountCents: 0, quantity: 0, orders: 0 };
            days.set(day, { day, amountCents: d.amountCents + o.amountCents, quantity: d.quantity + o.quantity, orders: d.orders + 1 });
          }
          const dashboard = dashboardFrom({ days: [...days.values()], balanceCents: 0 }, now, ZONE);
          const today = marketplaceDay(now, ZONE);
          for (const [key, n] of [['today', 1], ['last7Days', 7], ['last15Days', 15], ['last30Days', 30]] as const) {
            // Brute force: every counted order placed from the local midnight that opens the period until now.
            const since = startOfDay(addDays(today, -(n - 1)), ZONE).getTime();
            const inPeriod = placed.filter((p) => !p.cancelled && p.at.getTime() >= since && p.at.getTime() <= now.getTime());
            expect(dashboard.periods[key].amountCents).toBe(inPeriod.reduce((s, p) => s + p.amountCents, 0));
            expect(dashboard.periods[key].quantity).toBe(inPeriod.reduce((s, p) => s + p.quantity, 0));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
