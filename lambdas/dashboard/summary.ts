import { lastDays, marketplaceDay, nextPayoutDate } from '../shared/dates';
import { MINIMUM_PAYOUT_CENTS } from '../shared/money';
import type { LedgerSummary } from './store';
import { PERIODS, SERIES_DAYS, type Dashboard, type DaySales, type PeriodSales } from '../../contracts/dashboard';

/** The answer's types and periods are the API's (contracts/dashboard.ts). */
export { PERIODS, SERIES_DAYS, type Dashboard, type DaySales, type PeriodKey, type PeriodSales } from '../../contracts/dashboard';

/** The 30 days the dashboard reads, oldest first, ending with the marketplace's today. */
export function seriesDays(now: Date, timeZone: string): string[] {
  return lastDays(marketplaceDay(now, timeZone), SERIES_DAYS);
}

/** Sums the daily items into the periods and the zero-filled series. Pure: the figures a vendor sees. */
export function dashboardFrom(ledger: LedgerSummary, now: Date, timeZone: string): Dashboard {
  const days = seriesDays(now, timeZone);
  const today = days[days.length - 1]!;
  const byDay = new Map(ledger.days.map((d) => [d.day, d]));
  const daily: DaySales[] = days.map((day) => {
    const d = byDay.get(day);
    return { day, amountCents: d?.amountCents ?? 0, quantity: d?.quantity ?? 0, orders: d?.orders ?? 0 };
  });
  const period = (n: number): PeriodSales => {
    const slice = daily.slice(-n);
    return {
      from: slice[0]!.day,
      to: today,
      amountCents: slice.reduce((s, d) => s + d.amountCents, 0),
      quantity: slice.reduce((s, d) => s + d.quantity, 0),
      orders: slice.reduce((s, d) => s + d.orders, 0),
    };
  };
  return {
    asOf: now.toISOString(),
    timeZone,
    today,
    currency: 'USD',
    periods: {
      today: period(PERIODS.today),
      last7Days: period(PERIODS.last7Days),
      last15Days: period(PERIODS.last15Days),
      last30Days: period(PERIODS.last30Days),
    },
    balanceCents: ledger.balanceCents,
    minimumPayoutCents: MINIMUM_PAYOUT_CENTS,
    nextPayoutDate: nextPayoutDate(now, timeZone),
    daily,
  };
}
