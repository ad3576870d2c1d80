import { useQuery } from '@tanstack/react-query';
import type { ProductReview } from '@contracts/admin-reviews';
import { apiRequest, parseAnswer } from '../../../../lib/api';
import { reviewKeys } from './keys';

export type { ProductReview };

/** `GET /api/admin/reviews/{productId}`: the submission beside the live version. */
export async function getProductReview(productId: string, signal?: AbortSignal): Promise<ProductReview> {
  const [{ productReviewSchema }, answer] = await Promise.all([import('@contracts/admin-reviews'), apiRequest<unknown>(`/api/admin/reviews/${encodeURIComponent(productId)}`, { signal })]);
  return parseAnswer(productReviewSchema, answer, 'GET /api/admin/reviews/{productId}');
}

/** The query of one product's review (also what a decision's conflict reads again). */
export const productReviewQuery = (productId: string) => ({ queryKey: reviewKeys.product(productId), queryFn: ({ signal }: { signal: AbortSignal }) => getProductReview(productId, signal) });

export const useProductReview = (productId: string) => useQuery(productReviewQuery(productId));
