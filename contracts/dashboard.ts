/**
 * GET /api/dashboard (docs/api.md): the answer the server builds (lambdas/dashboard/summary.ts) and
 * the web parses before the page formats it (web/src/features/dashboard/dashboard-api.ts), so a
 * proxy's HTML page or an older server shows the error state, not "NaN" or a crash.
 */
import * as z from 'zod/mini';
import { calendarDay, cents, int } from './values';

/** The dashboard's periods: days in the marketplace zone, today included. */
export const PERIODS = { today: 1, last7Days: 7, last15Days: 15, last30Days: 30 } as const;
export type PeriodKey = keyof typeof PERIODS;
/** Days of the daily series (and of the longest period): the dashboard never reads more. */
export const SERIES_DAYS = 30;

const figures = { amountCents: cents, quantity: int, orders: int };

export const daySalesSchema = z.object({ day: calendarDay, ...figures });
export type DaySales = z.infer<typeof daySalesSchema>;

/** First and last day of the period (yyyy-mm-dd, marketplace zone), both included. */
export const periodSalesSchema = z.object({ from: calendarDay, to: calendarDay, ...figures });
export type PeriodSales = z.infer<typeof periodSalesSchema>;

export const dashboardSchema = z.object({
  asOf: z.string(),
  timeZone: z.string(),
  today: calendarDay,
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  periods: z.object({ today: periodSalesSchema, last7Days: periodSalesSchema, last15Days: periodSalesSchema, last30Days: periodSalesSchema }),
  balanceCents: cents,
  minimumPayoutCents: cents,
  nextPayoutDate: calendarDay,
  /** The last 30 days, oldest first, today last; days without sales are zeros. */
  daily: z.array(daySalesSchema).check(z.minLength(1)),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
