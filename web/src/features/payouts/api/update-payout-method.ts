import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutMethodBody } from '@contracts/payout-destination';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';
import { readPayoutMethod, type PayoutMethodView } from './get-payout-method';

export type { PayoutMethodBody, PayoutMethodView };

/** `PUT /api/payout-method`: the body is the contract's (contracts/payout-destination.ts), the answer the masked method. */
export function putPayoutMethod(body: PayoutMethodBody): Promise<PayoutMethodView> {
  return readPayoutMethod(apiRequest<unknown>('/api/payout-method', { method: 'PUT', body }), 'PUT /api/payout-method');
}

/** Runs the request, or resolves `undefined` when the vendor cancelled a confirmation (the step-up's `run`). */
export type Confirming = <T>(action: () => Promise<T>) => Promise<T | undefined>;

/**
 * The payout-method forms' save. `confirm` wraps the request (issue 14: the server's 403s open the
 * two-step dialogs, then it is sent again); a cancelled confirmation resolves `undefined` and changes
 * nothing. The PUT's answer is shown at once, then the method (and `/api/me`, which carries its payout
 * account id) are invalidated, so the page reads them back from the server.
 */
export function useUpdatePayoutMethod(confirm: Confirming, onSaved: (view: PayoutMethodView) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutMethodBody) => confirm(() => putPayoutMethod(body)),
    onSuccess: (view) => {
      if (!view) return;
      client.setQueryData(queryKeys.payouts.method, view);
      void client.invalidateQueries({ queryKey: queryKeys.payouts.method });
      void client.invalidateQueries({ queryKey: queryKeys.me });
      onSaved(view);
    },
  });
}
