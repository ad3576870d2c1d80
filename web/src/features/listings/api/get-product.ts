import { useQuery } from '@tanstack/react-query';
import type { ProductView } from '@contracts/listings/model';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';
import { useResource } from '../../../lib/use-resource';

/** The answers' schemas and zod load with the answer, in parallel with its request: the item form's first download carries no zod. */
const answers = () => import('@contracts/listings/answers');

export const productPath = (productId: string) => `/api/products/${encodeURIComponent(productId)}`;

/** A product answer (`ProductView`), checked with its schema before the lists or the form show it. */
export async function productAnswer(request: Promise<unknown>, what: string): Promise<ProductView> {
  const [{ productViewSchema }, data] = await Promise.all([answers(), request]);
  return parseAnswer(productViewSchema, data, what);
}

export async function getProduct(productId: string, signal?: AbortSignal): Promise<ProductView> {
  return productAnswer(apiRequest<unknown>(productPath(productId), { signal }), 'GET /api/products/{productId}');
}

/** The product the item form edits. Not kept once the form is closed (gcTime 0): each opening edits what the server has now, never a cached copy. */
export function useProduct(productId: string) {
  return useResource(useQuery({ queryKey: queryKeys.products.detail(productId), queryFn: ({ signal }) => getProduct(productId, signal), gcTime: 0 }));
}
