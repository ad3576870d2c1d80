import type { Dashboard, DaySales, PeriodKey, PeriodSales } from '../../../../contracts/dashboard';
import { ApiError, apiRequest } from '../../lib/api';
import { isCalendarDay } from '../../lib/format';

export type { Dashboard, DaySales, PeriodKey, PeriodSales };

/** The dashboard's periods in the order the page shows them (spec §9: Today, 7 Days, 15 Days, 30 Days). */
export const PERIOD_KEYS: readonly PeriodKey[] = ['today', 'last7Days', 'last15Days', 'last30Days'];

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isDay = (v: unknown): v is string => typeof v === 'string' && isCalendarDay(v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const isFigures = (v: unknown): boolean => isRecord(v) && isInt(v.amountCents) && isInt(v.quantity) && isInt(v.orders);

/**
 * Checks the shape of `GET /api/dashboard` (docs/api.md) before the page formats it: a proxy's HTML
 * page or an older server must show the error state, not "NaN" or a crash.
 */
export function parseDashboard(data: unknown): Dashboard {
  const ok =
    isRecord(data) &&
    typeof data.asOf === 'string' &&
    typeof data.timeZone === 'string' &&
    isDay(data.today) &&
    typeof data.currency === 'string' &&
    /^[A-Z]{3}$/.test(data.currency) &&
    isRecord(data.periods) &&
    PERIOD_KEYS.every((k) => {
      const p = (data.periods as Record<string, unknown>)[k];
      return isFigures(p) && isDay((p as Record<string, unknown>).from) && isDay((p as Record<string, unknown>).to);
    }) &&
    isInt(data.balanceCents) &&
    isInt(data.minimumPayoutCents) &&
    isDay(data.nextPayoutDate) &&
    Array.isArray(data.daily) &&
    data.daily.length > 0 &&
    data.daily.every((d) => isFigures(d) && isDay((d as Record<string, unknown>).day));
  if (!ok) throw new ApiError(200, 'invalid_response', 'GET /api/dashboard answered an unexpected shape.');
  return data as unknown as Dashboard;
}

export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return parseDashboard(await apiRequest<unknown>('/api/dashboard', { signal }));
}
