import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReviewQueuePage } from '@contracts/admin-reviews';
import { apiRequest, parseAnswer } from '../../../../lib/api';
import { reviewKeys } from './keys';

export type { ReviewQueuePage };
export type ReviewQueueItem = ReviewQueuePage['items'][number];

/** `GET /api/admin/reviews`: one page of the queue, oldest submission first. */
export async function getReviewQueue(cursor: string | null, signal?: AbortSignal): Promise<ReviewQueuePage> {
  const path = cursor ? `/api/admin/reviews?cursor=${encodeURIComponent(cursor)}` : '/api/admin/reviews';
  // The schemas (and classic zod with them, ~27 KB gzip) load with the first answer, not with the section's chunk (issue 24).
  const [{ reviewQueuePageSchema }, data] = await Promise.all([import('@contracts/admin-reviews'), apiRequest<unknown>(path, { signal })]);
  return parseAnswer(reviewQueuePageSchema, data, 'GET /api/admin/reviews');
}

/** The queue, page by page ("Show more"). */
export const useReviewQueue = () =>
  useInfiniteQuery({
    queryKey: reviewKeys.queue,
    queryFn: ({ pageParam, signal }) => getReviewQueue(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
