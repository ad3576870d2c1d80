import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commissionCents } from '../../../lambdas/sales/apply';
import { entrySk, type LedgerEntryItem } from '../../../lambdas/sales/model';
import type { PayoutItem } from '../../../lambdas/payouts/model';
import { decidePayout, payoutIdFor, payoutPeriodFor } from '../../../lambdas/payouts/period';
import { entryFigures, payoutWindow, reconcileEntries, reconciliationLines } from '../../../lambdas/payouts/reconcile';
import { addDays, daysInMonth, startOfDay } from '../../../lambdas/shared/dates';
import { MINIMUM_PAYOUT_CENTS } from '../../../lambdas/shared/money';

const TZ = 'America/Los_Angeles';
const HOUR = 3_600_000;

function payout(over: Partial<PayoutItem> & Pick<PayoutItem, 'amountCents' | 'createdAt'>): PayoutItem {
  const fee = over.feeCents ?? 100;
  return {
    vendorId: 'V-1',
    sk: 'PAYOUT#2026-11-2',
    payoutId: 'P-V-1-2026-11-2',
    periodId: '2026-11-2',
    periodFrom: '2026-11-16',
    periodTo: '2026-11-30',
    status: 'paid',
    feeCents: fee,
    paidCents: over.amountCents - fee,
    method: 'email',
    destinationMasked: 'v***@example.com',
    payoutAccountId: 'PA-1',
    updatedAt: over.createdAt,
    ...over,
  };
}
const entry = (at: string, id: string, kind: LedgerEntryItem['kind'], amountCents: number, extra: Partial<LedgerEntryItem> = {}): LedgerEntryItem => ({
  vendorId: 'V-1',
  sk: entrySk(at, id),
  kind,
  amountCents,
  at,
  ...extra,
});
const sum = (lines: { cents: number }[]) => lines.reduce((s, l) => s + l.cents, 0);

describe('reconcile (examples)', () => {
  it('the issue’s case: a rolled-over balance shows as carried over, and the lines add up to Paid to you', () => {
    // Period 2026-11-16..30: sales of gross 1,022.33 (commission 153.36 → net 868.97, the figures
    // the details and statement showed); the balance also held 698.51 from the first half of November
    // that no payout had paid (held there) — debited now: 1,567.48, fee 1.00, paid to you 1,566.48.
    const p = payout({ amountCents: 156_748, createdAt: '2026-11-30T10:00:00.000Z' });
    const entries = [
      entry('2026-11-10T20:00:00.000Z', 'o1#1', 'sale', 69_851, { grossCents: 82_178, commissionCents: 12_327 }),
      entry('2026-11-20T20:00:00.000Z', 'o2#1', 'sale', 86_897, { grossCents: 102_233, commissionCents: 15_336 }),
      // The payout's own entry and a sale after it are not in the window.
      entry('2026-11-30T10:00:00.000Z', p.payoutId, 'payout', -156_748, { payoutId: p.payoutId }),
      entry('2026-11-30T11:00:00.000Z', 'o3#1', 'sale', 500, { grossCents: 588, commissionCents: 88 }),
    ];
    const r = reconcileEntries(p, entries, TZ);
    expect(r).toMatchObject({ windowStart: '2026-11-16T08:00:00.000Z', grossSalesCents: 102_233, commissionCents: 15_336, adjustmentsCents: 0, carriedOverCents: 69_851, amountCents: 156_748, feeCents: 100, paidCents: 156_648, entries: 1 });
    expect(reconciliationLines(r)).toEqual([
      { id: 'gross_sales', cents: 102_233 },
      { id: 'commission', cents: -15_336 },
      { id: 'adjustments', cents: 0 },
      { id: 'carried_over', cents: 69_851 },
      { id: 'transfer_fee', cents: -100 },
    ]);
    expect(sum(reconciliationLines(r))).toBe(156_648);
  });

  it('cancellations of orders paid earlier and a failed payout returned are adjustments; an old entry without gross counts as gross', () => {
    const p = payout({ amountCents: 10_000, createdAt: '2026-11-30T10:00:00.000Z', feeCents: 150 });
    const entries = [
      entry('2026-11-17T00:00:00.000Z', 'o1#2', 'reversal', -4_250, { grossCents: -5_000, commissionCents: -750 }),
      entry('2026-11-18T00:00:00.000Z', 'P-V-1-2026-11-1#reversal', 'payout_reversal', 6_000, { payoutId: 'P-V-1-2026-11-1' }),
      entry('2026-11-19T00:00:00.000Z', 'o2#1', 'sale', 8_500),
    ];
    const r = reconcileEntries(p, entries, TZ);
    expect(r).toMatchObject({ grossSalesCents: 8_500, commissionCents: 0, adjustmentsCents: 1_750, carriedOverCents: -250, paidCents: 9_850 });
    expect(sum(reconciliationLines(r))).toBe(9_850);
    expect(entryFigures(entries[0]!)).toEqual({ grossCents: -5_000, commissionCents: -750, netCents: -4_250 });
  });

  it('a payout made before its period began (a rerun for a future date) has an empty window: all carried over', () => {
    const p = payout({ amountCents: 7_000, createdAt: '2026-11-10T10:00:00.000Z' });
    const r = reconcileEntries(p, [entry('2026-11-09T00:00:00.000Z', 'o#1', 'sale', 7_000, { grossCents: 8_235, commissionCents: 1_235 })], TZ);
    expect(r).toMatchObject({ grossSalesCents: 0, carriedOverCents: 7_000, entries: 0 });
    expect(payoutWindow(p, TZ).payoutSk < payoutWindow(p, TZ).fromSk).toBe(true);
  });
});

/**
 * A random history, simulated in time order the way the system books it: sales (commission at a
 * random rate), cancellations and line changes of earlier sales, some entries from before gross was
 * booked, and the semi-monthly runs at 02:00 on the 15th and the last day (sometimes late, sometimes
 * held, below the minimum rolled over, some payouts failing and returned later). The model keeps the
 * balance as time passes; each payout's reconciliation, computed from the ledger entries alone, must
 * match it and its lines must add up to what was paid.
 */
type Act =
  | { kind: 'sale'; grossCents: number; bps: number; legacy: boolean }
  | { kind: 'cancel'; pick: number }
  | { kind: 'change'; pick: number; grossCents: number };

const act: fc.Arbitrary<Act> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('sale' as const), grossCents: fc.integer({ min: 1, max: 40_000 }), bps: fc.integer({ min: 0, max: 3_000 }), legacy: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('change' as const), pick: fc.nat(), grossCents: fc.integer({ min: 1, max: 40_000 }) }) },
);

const history = fc.record({
  /** Gaps between activity in hours (a few minutes to 4 days). */
  steps: fc.array(fc.record({ act, gapHours: fc.double({ min: 0.05, max: 96, noNaN: true }) }), { minLength: 1, maxLength: 80 }),
  /** Per run: late by this many minutes, held (destination changed), failing (provider refuses). */
  runs: fc.array(fc.record({ lateMinutes: fc.integer({ min: 0, max: 3_000 }), held: fc.boolean(), failing: fc.boolean(), returnAfterHours: fc.integer({ min: 1, max: 200 }) }), { minLength: 12, maxLength: 12 }),
  feeCents: fc.integer({ min: 0, max: 300 }),
});

/** Run instants: 02:00 marketplace time on the 15th and last day of each month from December 2025. */
function runInstants(count: number): number[] {
  const out: number[] = [];
  for (let i = 0; out.length < count; i++) {
    const y = 2025 + Math.floor((11 + Math.floor(i / 2)) / 12);
    const m = ((11 + Math.floor(i / 2)) % 12) + 1;
    const d = i % 2 === 0 ? 15 : daysInMonth(y, m);
    const day = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    out.push(startOfDay(day, TZ).getTime() + 2 * HOUR);
  }
  return out;
}

describe('reconcile (property: random histories)', () => {
  it('the lines add up to Paid to you, and carried over is the balance when the period began', () => {
    const seen = { payouts: 0, carried: 0, adjusted: 0, failedReturned: 0 };
    fc.assert(
      fc.property(history, ({ steps, runs, feeCents }) => {
        const entries: LedgerEntryItem[] = [];
        const payouts: { item: PayoutItem; expected: { carried: number; gross: number; commission: number } }[] = [];
        const orders: { id: string; gross: number; commission: number; bps: number; counted: boolean; legacy: boolean; rev: number }[] = [];
        let balance = 0;
        let seq = 0;
        // Events happen at distinct milliseconds, in time order, as DynamoDB's sort keys order them.
        let clock = Date.parse('2025-12-01T08:00:00.000Z');
        const tick = (to: number) => (clock = Math.max(clock + 1, Math.round(to)));
        const book = (e: Omit<LedgerEntryItem, 'vendorId' | 'sk' | 'at'>, id: string) => {
          const at = new Date(clock).toISOString();
          entries.push({ vendorId: 'V-1', sk: entrySk(at, id), at, ...e });
          balance += e.amountCents;
        };
        // Balances when each period began, recorded as time passes a period's first instant.
        const opening = new Map<string, number>();
        const pending: { at: number; fn: () => void }[] = [];
        const runAt = runInstants(runs.length);
        runAt.forEach((t, i) => {
          const r = runs[i]!;
          pending.push({
            at: t + r.lateMinutes * 60_000,
            fn: () => {
              if (r.held) return;
              const period = payoutPeriodFor(new Date(t), TZ);
              const decision = decidePayout(balance, feeCents, MINIMUM_PAYOUT_CENTS);
              if (!decision.pay) return;
              const createdAt = new Date(clock).toISOString();
              const item = payout({ payoutId: payoutIdFor('V-1', period), periodId: period.id, periodFrom: period.from, periodTo: period.to, amountCents: decision.amountCents, feeCents: decision.feeCents, paidCents: decision.paidCents, createdAt });
              const start = startOfDay(period.from, TZ).getTime();
              const inWindow = entries.filter((e) => Date.parse(e.at) >= start);
              const sales = inWindow.filter((e) => e.kind === 'sale');
              payouts.push({
                item,
                expected: {
                  carried: opening.get(period.from) ?? balanceBefore(start),
                  gross: sales.reduce((s, e) => s + (e.grossCents ?? e.amountCents), 0),
                  commission: sales.reduce((s, e) => s + (e.commissionCents ?? 0), 0),
                },
              });
              book({ kind: 'payout', amountCents: -decision.amountCents, payoutId: item.payoutId }, item.payoutId);
              if (r.failing) pending.push({ at: clock + r.returnAfterHours * HOUR, fn: () => book({ kind: 'payout_reversal', amountCents: decision.amountCents, payoutId: item.payoutId }, `${item.payoutId}#reversal`) });
            },
          });
        });
        // The balance at an instant from the entries booked before it (only for a period whose start passed before any activity was recorded).
        const balanceBefore = (t: number) => entries.filter((e) => Date.parse(e.at) < t).reduce((s, e) => s + e.amountCents, 0);
        const periodStarts: { day: string; at: number }[] = [];
        for (let day = '2025-12-01'; day <= '2026-07-01'; day = addDays(day, 1)) if (day.endsWith('-01') || day.endsWith('-16')) periodStarts.push({ day, at: startOfDay(day, TZ).getTime() });
        const advance = (to: number) => {
          for (;;) {
            const nextStart = periodStarts.find((p) => !opening.has(p.day) && p.at <= to);
            const nextJob = pending.filter((j) => j.at <= to).sort((a, b) => a.at - b.at)[0];
            if (nextStart && (!nextJob || nextStart.at <= nextJob.at)) {
              opening.set(nextStart.day, balance);
              continue;
            }
            if (!nextJob) return;
            pending.splice(pending.indexOf(nextJob), 1);
            tick(nextJob.at);
            nextJob.fn();
          }
        };

        for (const { act: a, gapHours } of steps) {
          const when = clock + gapHours * HOUR;
          advance(when);
          tick(when);
          if (a.kind === 'sale') {
            const commission = commissionCents(a.grossCents, a.bps);
            const o = { id: `o${++seq}`, gross: a.grossCents, commission, bps: a.bps, counted: true, legacy: a.legacy, rev: 1 };
            orders.push(o);
            book({ kind: 'sale', amountCents: a.grossCents - commission, ...(a.legacy ? {} : { grossCents: a.grossCents, commissionCents: commission }) }, `${o.id}#1`);
          } else {
            const counted = orders.filter((o) => o.counted);
            if (!counted.length) continue;
            const o = counted[a.pick % counted.length]!;
            o.rev++;
            if (a.kind === 'cancel') {
              o.counted = false;
              book({ kind: 'reversal', amountCents: -(o.gross - o.commission), grossCents: -o.gross, commissionCents: -o.commission }, `${o.id}#${o.rev}`);
            } else {
              const commission = commissionCents(a.grossCents, o.bps);
              book({ kind: 'adjustment', amountCents: a.grossCents - commission - (o.gross - o.commission), grossCents: a.grossCents - o.gross, commissionCents: commission - o.commission }, `${o.id}#${o.rev}`);
              o.gross = a.grossCents;
              o.commission = commission;
            }
          }
        }
        advance(Number.MAX_SAFE_INTEGER / 2);

        for (const { item, expected } of payouts) {
          const r = reconcileEntries(item, entries, TZ);
          expect(r.amountCents).toBe(item.amountCents);
          expect(r.carriedOverCents, `carried over into ${item.payoutId}`).toBe(expected.carried);
          expect(r.grossSalesCents).toBe(expected.gross);
          expect(r.commissionCents).toBe(expected.commission);
          expect(sum(reconciliationLines(r)), `lines of ${item.payoutId}`).toBe(item.paidCents);
          expect(item.paidCents).toBe(item.amountCents - item.feeCents);
          seen.payouts++;
          if (r.carriedOverCents !== 0) seen.carried++;
          if (r.adjustmentsCents !== 0) seen.adjusted++;
        }
        seen.failedReturned += entries.filter((e) => e.kind === 'payout_reversal').length;
      }),
      { numRuns: 300 },
    );
    // The histories exercise what matters: payouts with carried-over balances, adjustments, failures.
    expect(seen.payouts).toBeGreaterThan(300);
    expect(seen.carried).toBeGreaterThan(50);
    expect(seen.adjusted).toBeGreaterThan(50);
    expect(seen.failedReturned).toBeGreaterThan(50);
  });
});
