import { useQuery } from '@tanstack/react-query';
import type { AdminPayoutPeriod } from '@contracts/admin-payouts';
import { apiRequest, parseAnswer } from '../../../../lib/api';
import { adminPayoutKeys } from './keys';

export type { AdminPayoutPeriod };

/** `GET /api/admin/payouts/periods/{period}`: the period's figures. */
export async function getPeriod(period: string, signal?: AbortSignal): Promise<AdminPayoutPeriod> {
  const [{ adminPayoutPeriodSchema }, data] = await Promise.all([
    import('@contracts/admin-payouts'),
    apiRequest<unknown>(`/api/admin/payouts/periods/${encodeURIComponent(period)}`, { signal }),
  ]);
  return parseAnswer(adminPayoutPeriodSchema, data, 'GET /api/admin/payouts/periods');
}

export const usePayoutPeriod = (period: string) => useQuery({ queryKey: adminPayoutKeys.period(period), queryFn: ({ signal }) => getPeriod(period, signal) });
