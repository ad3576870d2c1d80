import { dashboardSchema, type Dashboard, type DaySales, type PeriodKey, type PeriodSales } from '../../../../contracts/dashboard';
import { apiRequest, parseAnswer } from '../../lib/api';

export type { Dashboard, DaySales, PeriodKey, PeriodSales };

/** The dashboard's periods in the order the page shows them (spec §9: Today, 7 Days, 15 Days, 30 Days). */
export const PERIOD_KEYS: readonly PeriodKey[] = ['today', 'last7Days', 'last15Days', 'last30Days'];

/**
 * Checks `GET /api/dashboard` (docs/api.md) with its schema (contracts/dashboard.ts) before the page
 * formats it: a proxy's HTML page or an older server must show the error state, not "NaN" or a crash.
 */
export function parseDashboard(data: unknown): Dashboard {
  return parseAnswer(dashboardSchema, data, 'GET /api/dashboard');
}

export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return parseDashboard(await apiRequest<unknown>('/api/dashboard', { signal }));
}
