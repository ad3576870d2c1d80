/**
 * The ops console's Product review API (issue 13; docs/api.md "Ops console: product review"): the
 * review queue, one product's review page, and the decision through the same domain function as
 * `npm run listings:review` (lambdas/listings/review.ts), with the operator from the verified token.
 */
import * as z from 'zod';
import { productReviewSchema, reviewDecisionAnswerSchema, reviewDecisionBodySchema, reviewQueuePageSchema } from '../../contracts/admin-reviews';
import { originalImageSigner } from '../listings/images';
import { imageUrls } from '../shared/image-urls';
import { reviewProduct, type ReviewInput } from '../listings/review';
import { decodeCursor, encodeCursor } from '../shared/cursor';
import { adminApiHandler } from '../shared/admin-access';
import { route } from '../shared/http';
import { logger } from '../shared/logger';
import { nextInQueue, productReview, reviewQueue } from './reviews';

export const QUEUE_PAGE_DEFAULT = 25;
export const QUEUE_PAGE_MAX = 100;

/** Admin cursors are bound to the literal 'admin' (lambdas/shared/cursor.ts) and to the queue. */
const CURSOR_OWNER = 'admin';
const QUEUE_SCOPE = 'reviews|pending';

const isQueueKey = (k: unknown): k is { sort: string; vendorId: string } =>
  typeof k === 'object' &&
  k !== null &&
  typeof (k as { sort?: unknown }).sort === 'string' &&
  /^\d{4}-\d{2}-\d{2}T[^#]{1,40}#P-[0-9A-Z]{10}$/.test((k as { sort: string }).sort) &&
  typeof (k as { vendorId?: unknown }).vendorId === 'string' &&
  (k as { vendorId: string }).vendorId.length <= 64;

export const reviewQueueQuery = z.strictObject({
  cursor: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(QUEUE_PAGE_MAX).optional(),
});

const productId = (params: Record<string, string>) => params.productId ?? '';

export const handler = adminApiHandler('adminReviews', {
  'GET /api/admin/reviews': route({
    access: 'admin',
    query: reviewQueueQuery,
    async handler({ query }) {
      const after = query.cursor
        ? decodeCursor(query.cursor, CURSOR_OWNER, QUEUE_SCOPE, isQueueKey, 'The cursor belongs to a different list. Start again from the first page.')
        : undefined;
      const { page, last } = await reviewQueue({ limit: query.limit ?? QUEUE_PAGE_DEFAULT, after });
      return { body: reviewQueuePageSchema.parse({ ...page, nextCursor: last ? encodeCursor(CURSOR_OWNER, QUEUE_SCOPE, last) : null }) };
    },
  }),

  'GET /api/admin/reviews/{productId}': route({
    access: 'admin',
    async handler({ params }) {
      return { body: productReviewSchema.parse(await productReview(productId(params), { urls: await imageUrls(), original: originalImageSigner() })) };
    },
  }),

  'POST /api/admin/reviews/{productId}/decision': route({
    access: 'admin',
    body: reviewDecisionBodySchema,
    async handler({ params, body, caller }) {
      const input: ReviewInput =
        body.decision === 'approve'
          ? { productId: productId(params), decision: 'approve', submittedAt: body.submittedAt }
          : body.decision === 'reject'
            ? { productId: productId(params), decision: 'reject', reasons: body.reasons, submittedAt: body.submittedAt }
            : { productId: productId(params), decision: 'request_changes', note: body.note, submittedAt: body.submittedAt };
      const { product } = await reviewProduct(input, { userId: caller.userId, email: caller.email });
      logger.info('product reviewed', { productId: product.productId, vendorId: product.vendorId, decision: body.decision, by: caller.userId });
      // The queue position the product had: revisionSort of the decided submission (product-states.ts).
      const next = await nextInQueue({ productId: product.productId, vendorId: product.vendorId, sort: `${body.submittedAt}#${product.productId}` });
      return {
        body: reviewDecisionAnswerSchema.parse({ productId: product.productId, decision: body.decision, state: product.revision?.state ?? 'published', nextProductId: next }),
      };
    },
  }),
});
