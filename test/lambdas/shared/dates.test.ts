import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  daysBetween,
  isDay,
  isPayoutDay,
  isValidTimeZone,
  lastDays,
  marketplaceDay,
  MARKETPLACE_TIME_ZONE,
  nextPayoutDate,
  startOfDay,
} from '../../../lambdas/shared/dates';

const LA = 'America/Los_Angeles';
const HOUR = 3_600_000;

describe('marketplace zone', () => {
  it('defaults to America/Los_Angeles when MARKETPLACE_TIME_ZONE is not set', () => {
    expect(process.env.MARKETPLACE_TIME_ZONE).toBeUndefined();
    expect(MARKETPLACE_TIME_ZONE).toBe(LA);
  });

  it('knows IANA zones and rejects the rest', () => {
    expect(['America/Los_Angeles', 'Asia/Taipei', 'UTC', 'America/Argentina/Buenos_Aires'].map(isValidTimeZone)).toEqual([true, true, true, true]);
    expect(['Mars/Olympus_Mons', '', 'Los Angeles'].map(isValidTimeZone)).toEqual([false, false, false]);
  });
});

describe('marketplaceDay', () => {
  it.each([
    // Standard time (UTC-8): midnight is 08:00 UTC.
    ['2026-03-08T07:59:59.999Z', '2026-03-07'],
    ['2026-03-08T08:00:00.000Z', '2026-03-08'],
    // 8 March 2026 springs forward at 02:00, so the next midnight is 07:00 UTC.
    ['2026-03-09T06:59:59.999Z', '2026-03-08'],
    ['2026-03-09T07:00:00.000Z', '2026-03-09'],
    // 1 November 2026 falls back at 02:00: its midnight is still 07:00 UTC, the next one 08:00 UTC.
    ['2026-11-01T06:59:59.999Z', '2026-10-31'],
    ['2026-11-01T07:00:00.000Z', '2026-11-01'],
    ['2026-11-02T07:59:59.999Z', '2026-11-01'],
    ['2026-11-02T08:00:00.000Z', '2026-11-02'],
    // New year in Los Angeles is 08:00 UTC on 1 January.
    ['2027-01-01T07:59:59.999Z', '2026-12-31'],
  ])('%s is %s in Los Angeles', (instant, day) => {
    expect(marketplaceDay(instant, LA)).toBe(day);
    expect(marketplaceDay(new Date(instant), LA)).toBe(day);
  });

  it('depends on the zone', () => {
    const instant = '2026-03-08T07:30:00Z';
    expect(marketplaceDay(instant, LA)).toBe('2026-03-07');
    expect(marketplaceDay(instant, 'UTC')).toBe('2026-03-08');
    expect(marketplaceDay(instant, 'Asia/Taipei')).toBe('2026-03-08');
  });

  it('refuses something that is not a time', () => {
    expect(() => marketplaceDay('yesterday', LA)).toThrow(RangeError);
  });
});

describe('startOfDay', () => {
  it.each([
    ['2026-03-07', '2026-03-07T08:00:00.000Z'],
    ['2026-03-08', '2026-03-08T08:00:00.000Z'],
    ['2026-03-09', '2026-03-09T07:00:00.000Z'],
    ['2026-11-01', '2026-11-01T07:00:00.000Z'],
    ['2026-11-02', '2026-11-02T08:00:00.000Z'],
  ])('%s starts at %s in Los Angeles', (day, instant) => {
    expect(startOfDay(day, LA).toISOString()).toBe(instant);
  });

  it('makes the DST days 23 and 25 hours long', () => {
    const length = (day: string) => (startOfDay(addDays(day, 1), LA).getTime() - startOfDay(day, LA).getTime()) / HOUR;
    expect([length('2026-03-07'), length('2026-03-08'), length('2026-11-01'), length('2026-11-02')]).toEqual([24, 23, 25, 24]);
  });

  it('finds the first instant of a day whose midnight does not exist (Chile springs forward at midnight)', () => {
    const start = startOfDay('2026-09-06', 'America/Santiago');
    expect(start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(marketplaceDay(start, 'America/Santiago')).toBe('2026-09-06');
    expect(marketplaceDay(start.getTime() - 1, 'America/Santiago')).toBe('2026-09-05');
  });

  it('is the boundary of marketplaceDay for any instant and zone', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(LA, 'Asia/Taipei', 'Europe/London', 'Australia/Lord_Howe', 'America/Santiago', 'UTC'),
        (instant, zone) => {
          const day = marketplaceDay(instant, zone);
          const start = startOfDay(day, zone).getTime();
          expect(start).toBeLessThanOrEqual(instant.getTime());
          expect(startOfDay(addDays(day, 1), zone).getTime()).toBeGreaterThan(instant.getTime());
          expect(marketplaceDay(start - 1, zone)).toBe(addDays(day, -1));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('calendar arithmetic', () => {
  it.each([
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2028-02-29', 1, '2028-03-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-08', 1, '2026-03-09'],
    ['2026-11-01', -31, '2026-10-01'],
    ['2026-01-31', 0, '2026-01-31'],
  ])('addDays(%s, %i) = %s', (day, n, expected) => {
    expect(addDays(day, n)).toBe(expected);
  });

  it('counts days and lists the last n days, oldest first', () => {
    expect(daysBetween('2026-02-01', '2026-03-01')).toBe(28);
    expect(daysBetween('2028-03-01', '2028-02-01')).toBe(-29);
    const series = lastDays('2026-03-09', 30);
    expect(series).toHaveLength(30);
    expect([series[0], series[29]]).toEqual(['2026-02-08', '2026-03-09']);
    expect(new Set(series).size).toBe(30);
  });

  it('accepts only real calendar days', () => {
    expect(['2028-02-29', '2026-04-30', '2026-12-31'].map(isDay)).toEqual([true, true, true]);
    expect(['2026-02-29', '2026-04-31', '2026-13-01', '2026-3-1', '20260301', ''].map(isDay)).toEqual([false, false, false, false, false, false]);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });
});

describe('nextPayoutDate (the 15th or the last day of the month, in the marketplace zone)', () => {
  /** An instant given as Los Angeles wall-clock time (offset spelled out). */
  it.each([
    ['an ordinary day before the 15th', '2026-02-10T12:00:00-08:00', '2026-02-15'],
    ['the 15th before the 02:00 run', '2026-02-15T01:59:59-08:00', '2026-02-15'],
    ['the 15th at the 02:00 run', '2026-02-15T02:00:00-08:00', '2026-02-28'],
    ['a day after the 15th in February', '2026-02-20T09:00:00-08:00', '2026-02-28'],
    ['28 February (not a leap year) before the run', '2026-02-28T00:30:00-08:00', '2026-02-28'],
    ['28 February (not a leap year) after the run', '2026-02-28T02:00:00-08:00', '2026-03-15'],
    ['28 February of a leap year', '2028-02-28T12:00:00-08:00', '2028-02-29'],
    ['29 February of a leap year after the run', '2028-02-29T03:00:00-08:00', '2028-03-15'],
    ['late in a 30-day month', '2026-04-20T12:00:00-07:00', '2026-04-30'],
    ['30 April after the run', '2026-04-30T05:00:00-07:00', '2026-05-15'],
    ['30 January (a 31-day month)', '2026-01-30T23:00:00-08:00', '2026-01-31'],
    ['31 January before the run', '2026-01-31T01:00:00-08:00', '2026-01-31'],
    ['31 December after the run', '2026-12-31T02:00:00-08:00', '2027-01-15'],
    // Daylight time: the run is at 02:00 PDT, 09:00 UTC.
    ['15 March (daylight time) a second before the run', '2026-03-15T01:59:59-07:00', '2026-03-15'],
    ['15 March (daylight time) at the run', '2026-03-15T02:00:00-07:00', '2026-03-31'],
    ['the day DST starts', '2026-03-08T03:30:00-07:00', '2026-03-15'],
    ['the day DST ends', '2026-11-01T01:30:00-08:00', '2026-11-15'],
    ['15 November (standard time) before the run', '2026-11-15T01:59:00-08:00', '2026-11-15'],
  ])('%s → %s', (_what, instant, expected) => {
    expect(nextPayoutDate(new Date(instant), LA)).toBe(expected);
  });

  it('counts in the marketplace zone, not in UTC', () => {
    // 09:30 UTC on 31 January: 01:30 in Los Angeles (the run is still ahead), 17:30 in Taipei (it is over).
    expect(nextPayoutDate('2026-01-31T09:30:00Z', LA)).toBe('2026-01-31');
    expect(nextPayoutDate('2026-01-31T09:30:00Z', 'Asia/Taipei')).toBe('2026-02-15');
  });

  it('is always a payout day, today or within the next 16 days', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2032-12-31T00:00:00Z'), noInvalidDate: true }), (now) => {
        const next = nextPayoutDate(now, LA);
        const gap = daysBetween(marketplaceDay(now, LA), next);
        expect(isPayoutDay(next)).toBe(true);
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThanOrEqual(16);
      }),
      { numRuns: 300 },
    );
  });
});
