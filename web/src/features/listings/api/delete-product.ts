import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { invalidateCatalogue } from '../../../lib/query-client';
import { removeFromProductsList, type ProductTab } from './get-products';
import { productPath } from './get-product';

/**
 * Deletes a draft or a rejected product that was never published (204), or discards a published
 * product's draft or rejected revision (200 with the product; the live version stays). Either way the
 * product leaves the Drafts or Rejected list, so the answer's body is not needed.
 */
export async function deleteProduct(productId: string): Promise<void> {
  await apiRequest<unknown>(productPath(productId), { method: 'DELETE' });
}

/**
 * `DELETE /api/products/{productId}` from a tab: the row leaves that tab's list on screen; every other
 * list, the product and the inventory are marked to load again when next shown.
 */
export function useDeleteProduct(tab: ProductTab) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_, productId) => {
      removeFromProductsList(client, tab, productId);
      invalidateCatalogue(client, 'none');
    },
  });
}
