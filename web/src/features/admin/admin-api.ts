import type { AdminOverview } from '../../../../contracts/admin';
import { apiRequest, parseAnswer } from '../../lib/api';

export type { AdminOverview };

/** The ops console's query keys (its own QueryClient, admin-console.tsx). */
export const adminQueryKeys = { overview: ['admin', 'overview'] as const };

/**
 * `GET /api/admin/overview` (docs/api.md), checked against the contract (contracts/admin.ts): a proxy's
 * HTML page or an older server shows the error state, not "NaN".
 */
export async function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  // The schema (and classic zod with it) loads with the answer, not with the console (issue 24).
  const [{ adminOverviewSchema }, data] = await Promise.all([import('../../../../contracts/admin'), apiRequest<unknown>('/api/admin/overview', { signal })]);
  return parseAnswer(adminOverviewSchema, data, 'GET /api/admin/overview');
}

/** How long something has waited, in the largest whole unit: minutes under an hour, hours under two days, else days. */
export function waitingAge(since: string, now: string): { value: number; unit: 'minute' | 'hour' | 'day' } {
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(since)) / 60_000));
  if (minutes < 60) return { value: minutes, unit: 'minute' };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { value: hours, unit: 'hour' };
  return { value: Math.floor(hours / 24), unit: 'day' };
}
