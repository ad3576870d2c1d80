/**
 * The review decision on a product submitted for review — the one function behind
 * `npm run listings:review` and, later, the ops console. Only a pending revision can be reviewed:
 * approval makes it the live version (the offer stays as it is) and deletes the images no version
 * references any more; rejection records the reasons the vendor reads, and the vendor may edit and
 * resubmit.
 */
import * as z from 'zod';
import { notificationWrites } from '../notifications/record';
import { BadRequestError, NotFoundError } from '../shared/errors';
import { releaseUnreferencedImages } from './images';
import { approveRevision, droppedImageKeys, imageRefChanges, rejectRevision, PRODUCT_ID_PATTERN, type ProductItem } from './product-states';
import { getProduct, pendingProducts, putProduct, vendorOfProduct, withOptimisticRetry } from './store';

export const REASON_MAX = 500;
export const REASONS_MAX = 20;

export const reviewInput = z.discriminatedUnion('decision', [
  z.object({
    productId: z.string().regex(PRODUCT_ID_PATTERN, 'is not a product id (P- and 10 letters or digits)'),
    decision: z.literal('approve'),
    reasons: z.array(z.string()).max(0, 'an approval takes no reasons'),
    reviewer: z.string().trim().min(1),
  }),
  z.object({
    productId: z.string().regex(PRODUCT_ID_PATTERN, 'is not a product id (P- and 10 letters or digits)'),
    decision: z.literal('reject'),
    reasons: z
      .array(z.string().trim().min(1, 'a reason cannot be empty').max(REASON_MAX, `a reason has at most ${REASON_MAX} characters`))
      .min(1, 'a rejection needs at least one reason the vendor will read')
      .max(REASONS_MAX, `at most ${REASONS_MAX} reasons`),
    reviewer: z.string().trim().min(1),
  }),
]);
export type ReviewInput = z.input<typeof reviewInput>;

export interface ReviewOutcome {
  product: ProductItem;
  /** Images deleted because no version references them any more (approval only). */
  deletedImages: string[];
}

/** Finds a product by its id alone (byProductId), read consistently from the table. */
export async function findProduct(productId: string): Promise<ProductItem> {
  const vendorId = PRODUCT_ID_PATTERN.test(productId) ? await vendorOfProduct(productId) : null;
  const item = vendorId ? await getProduct(vendorId, productId) : null;
  if (!item) throw new NotFoundError(`There is no product ${productId}.`, 'product_not_found');
  return item;
}

export async function reviewProduct(input: ReviewInput, now = new Date()): Promise<ReviewOutcome> {
  const parsed = reviewInput.safeParse(input);
  if (!parsed.success) {
    throw new BadRequestError(parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '), 'invalid_review');
  }
  const review = parsed.data;
  const at = now.toISOString();
  // A pending revision cannot change while pending (the vendor may still change the offer): a retry
  // after a concurrent write applies the same decision to the same content.
  const { before, after } = await withOptimisticRetry(async () => {
    const item = await findProduct(review.productId);
    const next = review.decision === 'approve' ? approveRevision(item, review.reviewer, at) : rejectRevision(item, review.reasons, review.reviewer, at);
    // The vendor's notification is written with the decision (same transaction).
    await putProduct(next, item.version, imageRefChanges(item, next), reviewNotification(next, review.decision, at));
    return { before: item, after: next };
  });
  const deletedImages = review.decision === 'approve' ? await releaseUnreferencedImages(after, droppedImageKeys(before, after)) : [];
  return { product: after, deletedImages };
}

/** The decision's notification: one per reviewed revision (the product's new version names it). */
function reviewNotification(product: ProductItem, decision: 'approve' | 'reject', at: string) {
  const content = decision === 'approve' ? product.live?.content : product.revision?.content;
  const productName = content?.nameEn || content?.nameZh || product.productId;
  const subject = `${product.productId}.v${product.version}`;
  if (decision === 'approve') {
    return notificationWrites({ vendorId: product.vendorId, type: 'product_approved', subject, params: { productId: product.productId, productName }, createdAt: at });
  }
  // Reason codes (REJECTION_REASONS) and free text as ops wrote them; the templates translate the codes.
  const reasons = product.revision?.rejectionReasons ?? [];
  return notificationWrites({ vendorId: product.vendorId, type: 'product_rejected', subject, params: { productId: product.productId, productName, reasons }, createdAt: at });
}

export interface PendingReview {
  productId: string;
  vendorId: string;
  sku: string;
  /** The names under review (the revision's), not the live ones the lists show. */
  nameEn: string;
  nameZh: string;
  submittedAt: string;
  /** True when a published product's update is waiting (the live version stays until approval). */
  update: boolean;
}

/** The review queue, oldest submission first. */
export async function pendingReviews(limit = 100): Promise<PendingReview[]> {
  return (await pendingProducts(limit)).map((p) => ({
    productId: p.productId,
    vendorId: p.vendorId,
    sku: p.sku,
    nameEn: p.revision?.content.nameEn ?? p.nameEn,
    nameZh: p.revision?.content.nameZh ?? p.nameZh,
    submittedAt: p.revision?.submittedAt ?? p.revision?.savedAt ?? '',
    update: Boolean(p.live),
  }));
}
