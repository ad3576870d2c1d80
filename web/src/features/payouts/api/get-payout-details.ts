import { useQuery } from '@tanstack/react-query';
import type { PayoutDetails } from '@contracts/payouts';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';
import { useResource } from '../../../lib/use-resource';
import { payoutSchemas } from './get-payout-method';

export type { PayoutDetails };

export async function getPayoutDetails(payoutId: string, signal?: AbortSignal): Promise<PayoutDetails> {
  const [{ payoutDetailsSchema }, data] = await Promise.all([payoutSchemas(), apiRequest<unknown>(`/api/payouts/${encodeURIComponent(payoutId)}`, { signal })]);
  return parseAnswer(payoutDetailsSchema, data, 'GET /api/payouts/{payoutId}');
}

/** `GET /api/payouts/{payoutId}`: the details modal's reconciliation and products sold. */
export function usePayoutDetails(payoutId: string) {
  return useResource(useQuery({ queryKey: queryKeys.payouts.details(payoutId), queryFn: ({ signal }) => getPayoutDetails(payoutId, signal) }));
}
