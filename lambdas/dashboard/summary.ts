import { lastDays, marketplaceDay, nextPayoutDate } from '../shared/dates';
import { MINIMUM_PAYOUT_CENTS } from '../shared/money';
import type { LedgerSummary } from './store';

/** The dashboard's periods: days in the marketplace zone, today included. */
export const PERIODS = { today: 1, last7Days: 7, last15Days: 15, last30Days: 30 } as const;
export type PeriodKey = keyof typeof PERIODS;
/** Days of the daily series (and of the longest period): the dashboard never reads more. */
export const SERIES_DAYS = 30;

export interface DaySales {
  day: string;
  amountCents: number;
  quantity: number;
  orders: number;
}

export interface PeriodSales {
  /** First and last day of the period (yyyy-mm-dd, marketplace zone), both included. */
  from: string;
  to: string;
  amountCents: number;
  quantity: number;
  orders: number;
}

/** GET /api/dashboard (docs/api.md). */
export interface Dashboard {
  asOf: string;
  timeZone: string;
  today: string;
  currency: 'USD';
  periods: Record<PeriodKey, PeriodSales>;
  balanceCents: number;
  minimumPayoutCents: number;
  nextPayoutDate: string;
  /** The last 30 days, oldest first, today last; days without sales are zeros. */
  daily: DaySales[];
}

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
