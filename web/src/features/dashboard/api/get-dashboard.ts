import { useQuery } from '@tanstack/react-query';
import type { Dashboard, DaySales, PeriodKey, PeriodSales } from '@contracts/dashboard';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';
import { useResource } from '../../../lib/use-resource';

export type { Dashboard, DaySales, PeriodKey, PeriodSales };

/**
 * `GET /api/dashboard` (docs/api.md), checked with its schema (contracts/dashboard.ts) before the page
 * formats it: a proxy's HTML page or an older server must show the error state, not "NaN" or a crash.
 * The schema, and zod with it, loads in parallel with the request: the page's first download carries no zod.
 */
export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  const [{ dashboardSchema }, data] = await Promise.all([import('@contracts/dashboard'), apiRequest<unknown>('/api/dashboard', { signal })]);
  return parseAnswer(dashboardSchema, data, 'GET /api/dashboard');
}

/** The dashboard's figures: sales of the four periods, balance, next payout, the 30 days. */
export function useDashboard() {
  return useResource(useQuery({ queryKey: queryKeys.dashboard, queryFn: ({ signal }) => getDashboard(signal) }));
}
