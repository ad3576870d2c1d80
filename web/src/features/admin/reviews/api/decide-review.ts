import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LastReviewView, ReviewDecisionAnswer, ReviewDecisionBody } from '@contracts/admin-reviews';
import { ApiError, apiRequest, parseAnswer } from '../../../../lib/api';
import { lazyZodResolver } from '../../../../lib/lazy-zod-resolver';
import { adminKeys } from '../../api/keys';
import { productReviewQuery } from './get-product-review';
import { reviewKeys } from './keys';

export type { ReviewDecisionAnswer, ReviewDecisionBody };

/** `POST /api/admin/reviews/{productId}/decision`. */
export async function decideReview(productId: string, body: ReviewDecisionBody): Promise<ReviewDecisionAnswer> {
  const [{ reviewDecisionAnswerSchema }, answer] = await Promise.all([
    import('@contracts/admin-reviews'),
    apiRequest<unknown>(`/api/admin/reviews/${encodeURIComponent(productId)}/decision`, { method: 'POST', body }),
  ]);
  return parseAnswer(reviewDecisionAnswerSchema, answer, 'POST /api/admin/reviews/{productId}/decision');
}

/** The dialogs' rules (contracts/admin-reviews.ts): the reasons and the note as the decision checks them. */
export const rejectFormResolver = lazyZodResolver(() => import('@contracts/admin-reviews').then((m) => m.reviewRejectFormSchema));
export const changesFormResolver = lazyZodResolver(() => import('@contracts/admin-reviews').then((m) => m.reviewChangesFormSchema));

/** Someone else decided first (409 `product_already_reviewed`): their decision, read from the product as it is now. */
export class ReviewedMeanwhile extends Error {
  override name = 'ReviewedMeanwhile';
  constructor(readonly last: LastReviewView) {
    super(`Reviewed meanwhile by ${last.by}`);
  }
}

/**
 * Decides on the submission shown. Every review query (the queue, this and the next product) is read
 * again, and the Overview's count. A conflict fails with ReviewedMeanwhile when the product says who
 * decided (else with the server's error).
 */
export function useDecideReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReviewDecisionBody) => {
      try {
        return await decideReview(productId, body);
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 'product_already_reviewed')) throw err;
        const fresh = await queryClient.fetchQuery(productReviewQuery(productId)).catch(() => null);
        void queryClient.invalidateQueries({ queryKey: reviewKeys.queue });
        throw fresh?.lastReview ? new ReviewedMeanwhile(fresh.lastReview) : err;
      }
    },
    onSuccess: () => Promise.all([reviewKeys.all, adminKeys.overview].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
