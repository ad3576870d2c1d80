import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommissionBody } from '@contracts/admin-vendors';
import { apiRequest } from '../../../../lib/api';
import { lazyZodResolver } from '../../../../lib/lazy-zod-resolver';
import { vendorsKeys } from './keys';

/** `PUT /api/admin/vendors/{vendorId}/commission` (409 `commission_changed` when the rate changed meanwhile). */
export async function putCommission(vendorId: string, body: CommissionBody): Promise<void> {
  await apiRequest<unknown>(`/api/admin/vendors/${encodeURIComponent(vendorId)}/commission`, { method: 'PUT', body });
}

/** The commission form's rule (contracts/admin-vendors.ts commissionFormSchema): percent as typed → basis points. */
export const commissionResolver = lazyZodResolver(() => import('@contracts/admin-vendors').then((m) => m.commissionFormSchema));

/** Saves the rate, conditionally on the one shown; the vendor's page is read again either way (a 409 shows the rate as it now is). */
export function useUpdateCommission(vendorKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommissionBody) => putCommission(vendorKey, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorsKeys.detail(vendorKey) }),
  });
}
