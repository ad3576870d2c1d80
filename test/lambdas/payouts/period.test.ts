import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decidePayout, payoutFeeCents, payoutIdFor, payoutPeriodFor, payoutSk, periodFromId, periodOfDay } from '../../../lambdas/payouts/period';
import { MINIMUM_PAYOUT_CENTS } from '../../../lambdas/shared/money';

const LA = 'America/Los_Angeles';

describe('payout periods', () => {
  it.each([
    ['2026-11-01', '2026-11-1', '2026-11-01', '2026-11-15'],
    ['2026-11-15', '2026-11-1', '2026-11-01', '2026-11-15'],
    ['2026-11-16', '2026-11-2', '2026-11-16', '2026-11-30'],
    ['2026-11-30', '2026-11-2', '2026-11-16', '2026-11-30'],
    ['2028-02-29', '2028-02-2', '2028-02-16', '2028-02-29'],
    ['2026-02-28', '2026-02-2', '2026-02-16', '2026-02-28'],
    ['2026-12-31', '2026-12-2', '2026-12-16', '2026-12-31'],
  ])('%s is in period %s (%s–%s)', (day, id, from, to) => {
    expect(periodOfDay(day)).toEqual({ id, from, to });
    expect(payoutPeriodFor(day, LA)).toEqual({ id, from, to });
  });

  it('takes an instant in the marketplace zone: 02:00 on the 1st in LA is still the previous month’s second half in UTC terms', () => {
    // 2026-12-01T05:00Z is 21:00 on 30 November in Los Angeles.
    expect(payoutPeriodFor(new Date('2026-12-01T05:00:00Z'), LA).id).toBe('2026-11-2');
    expect(payoutPeriodFor(new Date('2026-12-01T05:00:00Z'), 'UTC').id).toBe('2026-12-1');
    // The 15th's run at 02:00 local closes the first half.
    expect(payoutPeriodFor(new Date('2026-11-15T10:00:00Z'), LA).id).toBe('2026-11-1');
  });

  it('rejects what is not a day or a period', () => {
    expect(() => periodOfDay('2026-02-30')).toThrow(RangeError);
    expect(periodFromId('2026-13-1')).toBeNull();
    expect(periodFromId('2026-11-3')).toBeNull();
  });

  it('names the payout after vendor and period', () => {
    expect(payoutIdFor('V-10001', { id: '2026-11-2' })).toBe('P-V-10001-2026-11-2');
    expect(payoutSk({ id: '2026-11-2' })).toBe('PAYOUT#2026-11-2');
  });
});

describe('payout amounts', () => {
  it('pays the balance minus the fee from the minimum up; below it the balance rolls over', () => {
    expect(decidePayout(MINIMUM_PAYOUT_CENTS, 100)).toEqual({ pay: true, amountCents: 5_000, feeCents: 100, paidCents: 4_900 });
    expect(decidePayout(MINIMUM_PAYOUT_CENTS - 1, 100)).toEqual({ pay: false, reason: 'below_minimum', balanceCents: 4_999 });
    expect(decidePayout(-300, 100).pay).toBe(false);
  });

  it('never pays a negative amount, whatever the fee and minimum (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 10_000_000 }), fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 10_000 }), (balance, fee, minimum) => {
        const d = decidePayout(balance, fee, minimum);
        if (!d.pay) return balance < minimum || balance <= 0;
        return d.paidCents >= 0 && d.amountCents === balance && d.paidCents + d.feeCents === balance && balance >= minimum;
      }),
      { numRuns: 20 },
    );
  });

  it('reads the fee from the stack parameter, default 100 cents', () => {
    expect(payoutFeeCents({})).toBe(100);
    expect(payoutFeeCents({ PAYOUT_FEE_CENTS: '0' })).toBe(0);
    expect(payoutFeeCents({ PAYOUT_FEE_CENTS: '250' })).toBe(250);
    expect(() => payoutFeeCents({ PAYOUT_FEE_CENTS: '1.5' })).toThrow(RangeError);
    expect(() => payoutFeeCents({ PAYOUT_FEE_CENTS: '-1' })).toThrow(RangeError);
  });
});
