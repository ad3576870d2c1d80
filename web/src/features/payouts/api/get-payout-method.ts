import { useQuery } from '@tanstack/react-query';
import type { PayoutMethodView } from '@contracts/payouts';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';
import { useResource } from '../../../lib/use-resource';

export type { PayoutMethodView };

/**
 * The answers are checked with their schemas (contracts/payouts.ts) before a page shows them; the
 * schemas, and zod with them, load with the first answer, in parallel with its request, so the
 * payouts page's first download carries no zod.
 */
export const payoutSchemas = () => import('@contracts/payouts');

/** The answer of GET and PUT /api/payout-method (the method and its masked destination, the hold). */
export async function readPayoutMethod(request: Promise<unknown>, what: string): Promise<PayoutMethodView> {
  const [{ payoutMethodViewSchema }, data] = await Promise.all([payoutSchemas(), request]);
  return parseAnswer(payoutMethodViewSchema, data, what);
}

export function getPayoutMethod(signal?: AbortSignal): Promise<PayoutMethodView> {
  return readPayoutMethod(apiRequest<unknown>('/api/payout-method', { signal }), 'GET /api/payout-method');
}

/** `GET /api/payout-method` for the page's payout information. */
export function usePayoutMethod() {
  return useResource(useQuery({ queryKey: queryKeys.payouts.method, queryFn: ({ signal }) => getPayoutMethod(signal) }));
}
