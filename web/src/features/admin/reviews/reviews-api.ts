import type { ProductReview, ReviewDecisionAnswer, ReviewDecisionBody, ReviewQueuePage } from '../../../../../contracts/admin-reviews';
import { apiRequest, parseAnswer } from '../../../lib/api';

export type { ProductReview, ReviewDecisionAnswer, ReviewDecisionBody, ReviewQueuePage };

/** The Product review screen's query keys (the console's QueryClient, admin-console.tsx). */
export const reviewQueryKeys = {
  all: ['admin', 'reviews'] as const,
  queue: ['admin', 'reviews', 'queue'] as const,
  product: (productId: string) => ['admin', 'reviews', 'product', productId] as const,
};

/**
 * The answer and its contract's module together: the schemas (and classic zod with them, ~27 KB gzip)
 * load with the first answer, in parallel with the request, not with the section's chunk (issue 24).
 */
const withSchemas = <T>(request: Promise<T>) => Promise.all([import('../../../../../contracts/admin-reviews'), request]);

/** `GET /api/admin/reviews`: one page of the queue, oldest submission first. */
export async function getReviewQueue(cursor: string | null, signal?: AbortSignal): Promise<ReviewQueuePage> {
  const path = cursor ? `/api/admin/reviews?cursor=${encodeURIComponent(cursor)}` : '/api/admin/reviews';
  const [{ reviewQueuePageSchema }, data] = await withSchemas(apiRequest<unknown>(path, { signal }));
  return parseAnswer(reviewQueuePageSchema, data, 'GET /api/admin/reviews');
}

/** `GET /api/admin/reviews/{productId}`: the submission beside the live version. */
export async function getProductReview(productId: string, signal?: AbortSignal): Promise<ProductReview> {
  const [{ productReviewSchema }, answer] = await withSchemas(apiRequest<unknown>(`/api/admin/reviews/${encodeURIComponent(productId)}`, { signal }));
  return parseAnswer(productReviewSchema, answer, 'GET /api/admin/reviews/{productId}');
}

/** `POST /api/admin/reviews/{productId}/decision`. */
export async function decideReview(productId: string, body: ReviewDecisionBody): Promise<ReviewDecisionAnswer> {
  const [{ reviewDecisionAnswerSchema }, answer] = await withSchemas(apiRequest<unknown>(`/api/admin/reviews/${encodeURIComponent(productId)}/decision`, { method: 'POST', body }));
  return parseAnswer(reviewDecisionAnswerSchema, answer, 'POST /api/admin/reviews/{productId}/decision');
}
