import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PayoutsList, PayoutView } from '@contracts/payouts';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';
import { useResource } from '../../../lib/use-resource';
import { payoutSchemas } from './get-payout-method';

export type { PayoutsList, PayoutView };

/** The vendor's payouts, newest first; `period` is a month `yyyy-mm` or undefined for all periods. */
export async function getPayouts(period: string | undefined, signal?: AbortSignal): Promise<PayoutsList> {
  const query = period ? `?period=${encodeURIComponent(period)}` : '';
  const [{ payoutsListSchema }, data] = await Promise.all([payoutSchemas(), apiRequest<unknown>(`/api/payouts${query}`, { signal })]);
  return parseAnswer(payoutsListSchema, data, 'GET /api/payouts');
}

/** `GET /api/payouts` of a period: a new period keeps the table of the one before on screen, marked busy, until its answer arrives. */
export function usePayouts(period: string | undefined) {
  return useResource(useQuery({ queryKey: queryKeys.payouts.list(period), queryFn: ({ signal }) => getPayouts(period, signal), placeholderData: keepPreviousData }));
}
