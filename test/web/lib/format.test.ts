import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { salesAxis, labelledDays } from '../../../web/src/features/dashboard/chart-scale';
import { isCalendarDay } from '../../../contracts/calendar-day';
import { formatCount, formatDateTime, formatDay, formatDayRange, formatMoney, formatMoneyWhole, intlLocale, timeZoneLabel } from '../../../web/src/lib/format';
import { plain } from '../sales-fixtures';

describe('money, counts and days per language (Intl)', () => {
  it('maps the portal languages to Intl locales', () => {
    expect(intlLocale('en')).toBe('en-US');
    expect(intlLocale('zh-TW')).toBe('zh-TW');
  });

  it('formats integer cents as US dollars: "$" in English, "US$" in Traditional Chinese, negative with a sign', () => {
    expect(formatMoney(12990, 'en')).toBe('$129.90');
    expect(formatMoney(254310, 'en')).toBe('$2,543.10');
    expect(formatMoney(0, 'en')).toBe('$0.00');
    expect(formatMoney(-2500, 'en')).toBe('-$25.00');
    expect(formatMoney(5, 'en')).toBe('$0.05');
    expect(formatMoney(123450, 'zh-TW')).toBe('US$1,234.50');
    expect(formatMoney(-1, 'zh-TW')).toBe('-US$0.01');
    expect(formatMoneyWhole(120000, 'en')).toBe('$1,200');
    expect(formatMoneyWhole(5000, 'zh-TW')).toBe('US$50');
  });

  it('never loses a cent: any amount up to a billion dollars shows its exact cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }), (cents) => {
        const text = formatMoney(cents, 'en');
        const digits = text.replace(/[^0-9]/g, '');
        expect(BigInt(digits)).toBe(BigInt(Math.abs(cents)));
        expect(text.startsWith('-')).toBe(cents < 0);
      }),
    );
  });

  it('groups counts by locale', () => {
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatCount(1234, 'zh-TW')).toBe('1,234');
    expect(formatCount(0, 'en')).toBe('0');
  });

  it('shows a marketplace day as the calendar day it names, in several styles', () => {
    expect(formatDay('2026-03-08', 'en')).toBe('Mar 8, 2026');
    expect(formatDay('2026-03-08', 'zh-TW')).toBe('2026年3月8日');
    expect(formatDay('2026-03-08', 'en', 'long')).toBe('Sunday, March 8, 2026');
    expect(formatDay('2026-03-08', 'zh-TW', 'long')).toBe('2026年3月8日 星期日');
    expect(formatDay('2026-03-08', 'en', 'axis')).toBe('3/8');
    expect(formatDay('2026-03-08', 'en', 'weekday')).toBe('Sun, Mar 8');
    expect(formatDay('2026-01-01', 'en')).toBe('Jan 1, 2026');
    expect(formatDay('2026-12-31', 'en')).toBe('Dec 31, 2026');
    expect(() => formatDay('03/08/2026', 'en')).toThrow(RangeError);
  });

  it('shortens day ranges where the locale allows', () => {
    expect(plain(formatDayRange('2026-03-02', '2026-03-08', 'en'))).toBe('Mar 2 – 8, 2026');
    expect(plain(formatDayRange('2025-12-20', '2026-03-08', 'en'))).toBe('Dec 20, 2025 – Mar 8, 2026');
    expect(formatDayRange('2026-03-08', '2026-03-08', 'en')).toBe('Mar 8, 2026');
    expect(formatDayRange('2026-02-07', '2026-03-08', 'zh-TW')).toMatch(/2026.*2.*7.*3.*8/);
  });

  it('shows an instant as date and time in the marketplace zone, across the DST change', () => {
    expect(plain(formatDateTime('2026-03-08T18:04:05.000Z', 'en', 'America/Los_Angeles').time)).toBe('11:04 AM PDT');
    expect(formatDateTime('2026-03-08T18:04:05.000Z', 'zh-TW', 'America/Los_Angeles').time).toBe('上午11:04 [太平洋夏令時間]');
    // 03:00 UTC on March 9 is still March 8 in Los Angeles: the day the orders filter counts it in.
    expect(formatDateTime('2026-03-09T03:00:00.000Z', 'en', 'America/Los_Angeles').date).toBe('Mar 8, 2026');
    // 2026-03-08 is the spring-forward day: 09:59Z is 01:59 PST, 10:00Z is 03:00 PDT.
    expect(plain(formatDateTime('2026-03-08T09:59:00.000Z', 'en', 'America/Los_Angeles').time)).toBe('1:59 AM PST');
    expect(plain(formatDateTime('2026-03-08T10:00:00.000Z', 'en', 'America/Los_Angeles').time)).toBe('3:00 AM PDT');
  });

  it('names the time zone in the language', () => {
    expect(timeZoneLabel('America/Los_Angeles', 'en')).toBe('Pacific Time');
    expect(timeZoneLabel('America/Los_Angeles', 'zh-TW')).toBe('太平洋時間');
    expect(timeZoneLabel('Not/AZone', 'en')).toBe('Not/AZone');
  });

  it('accepts real calendar days only', () => {
    for (const day of ['2026-03-08', '2024-02-29', '2000-01-01', '2999-12-31']) expect(isCalendarDay(day), day).toBe(true);
    for (const day of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-3-8', '03/08/2026', '2026-03-08T00:00', '', 'yesterday']) expect(isCalendarDay(day), day).toBe(false);
  });
});

describe('the 30-day chart axis', () => {
  it('rounds the best day up to a nice top with whole-dollar steps', () => {
    expect(salesAxis(46090)).toEqual({ topCents: 60000, stepCents: 20000, tickValues: [0, 20000, 40000, 60000] });
    expect(salesAxis(100000)).toEqual({ topCents: 100000, stepCents: 25000, tickValues: [0, 25000, 50000, 75000, 100000] });
    expect(salesAxis(50).topCents).toBe(100);
  });

  it('draws an empty month up to $100, not a broken axis', () => {
    expect(salesAxis(0)).toEqual({ topCents: 10000, stepCents: 2500, tickValues: [0, 2500, 5000, 7500, 10000] });
  });

  it('always reaches the best day with at most about five gridlines', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_00 }), (max) => {
        const axis = salesAxis(max);
        expect(axis.topCents).toBeGreaterThanOrEqual(max);
        expect(axis.tickValues.length).toBeLessThanOrEqual(6);
        expect(axis.stepCents % 100).toBe(0);
      }),
    );
  });

  it('labels every fifth day counted back from today', () => {
    expect([...labelledDays(30)].sort((a, b) => a - b)).toEqual([4, 9, 14, 19, 24, 29]);
    expect([...labelledDays(30, 10)].sort((a, b) => a - b)).toEqual([9, 19, 29]);
  });
});
