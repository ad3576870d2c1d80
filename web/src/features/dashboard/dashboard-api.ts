import type { Dashboard, DaySales, PeriodKey, PeriodSales } from '../../../../contracts/dashboard';
import { apiRequest, parseAnswer } from '../../lib/api';

export type { Dashboard, DaySales, PeriodKey, PeriodSales };

/** The dashboard's periods in the order the page shows them (spec §9: Today, 7 Days, 15 Days, 30 Days). */
export const PERIOD_KEYS: readonly PeriodKey[] = ['today', 'last7Days', 'last15Days', 'last30Days'];

/**
 * `GET /api/dashboard` (docs/api.md), checked with its schema (contracts/dashboard.ts) before the page
 * formats it: a proxy's HTML page or an older server must show the error state, not "NaN" or a crash.
 * The schema, and zod with it, loads in parallel with the request: the page's first download carries no zod.
 */
export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  const [{ dashboardSchema }, data] = await Promise.all([import('../../../../contracts/dashboard'), apiRequest<unknown>('/api/dashboard', { signal })]);
  return parseAnswer(dashboardSchema, data, 'GET /api/dashboard');
}
