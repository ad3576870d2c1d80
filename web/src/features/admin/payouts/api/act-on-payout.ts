import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPayout, AdminPayoutAction } from '@contracts/admin-payouts';
import { apiRequest, parseAnswer } from '../../../../lib/api';
import { lazyZodResolver } from '../../../../lib/lazy-zod-resolver';
import { adminKeys } from '../../api/keys';
import { adminPayoutKeys } from './keys';

/** What ops do to one payout: retry a failed one (with the retry count seen), confirm a bank transfer paid or failed (with ops' reason). */
export type PayoutAction = { kind: 'retry' | 'paid' | 'failed'; payout: AdminPayout };

/** `POST /api/admin/payouts/{payoutId}/retry`: sent with the count seen, so a second retry of the same failure is refused. */
export async function retryPayout(payout: Pick<AdminPayout, 'payoutId' | 'retryCount'>): Promise<AdminPayoutAction> {
  const [{ adminPayoutActionSchema }, body] = await Promise.all([
    import('@contracts/admin-payouts'),
    apiRequest<unknown>(`/api/admin/payouts/${encodeURIComponent(payout.payoutId)}/retry`, { method: 'POST', body: { retryCount: payout.retryCount } }),
  ]);
  return parseAnswer(adminPayoutActionSchema, body, 'POST /api/admin/payouts/{payoutId}/retry');
}

/** `POST /api/admin/payouts/{payoutId}/confirm`: a bank transfer paid, or failed with ops' reason (none: the default). */
export async function confirmPayout(payoutId: string, outcome: 'paid' | 'failed', reason = ''): Promise<AdminPayoutAction> {
  const [{ adminPayoutActionSchema }, body] = await Promise.all([
    import('@contracts/admin-payouts'),
    apiRequest<unknown>(`/api/admin/payouts/${encodeURIComponent(payoutId)}/confirm`, { method: 'POST', body: { outcome, ...(outcome === 'failed' && reason ? { reason } : {}) } }),
  ]);
  return parseAnswer(adminPayoutActionSchema, body, 'POST /api/admin/payouts/{payoutId}/confirm');
}

/** The action dialog's rule (contracts/admin-payouts.ts payoutActionFormSchema): the reason trimmed, at most 500 characters. */
export const payoutActionResolver = lazyZodResolver(() => import('@contracts/admin-payouts').then((m) => m.payoutActionFormSchema));

/** Sends the action; every list and period of the screen and the Overview's counts are read again before it is done. */
export function usePayoutAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: PayoutAction; reason: string }) =>
      action.kind === 'retry' ? retryPayout(action.payout) : confirmPayout(action.payout.payoutId, action.kind, reason),
    onSuccess: () => Promise.all([adminPayoutKeys.all, adminKeys.overview].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
