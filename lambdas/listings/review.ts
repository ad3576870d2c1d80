/**
 * The review decision on a product submitted for review — the one function behind
 * `npm run listings:review` and, later, the ops console. Only a pending revision can be reviewed:
 * approval makes it the live version (the offer stays as it is) and deletes the images no version
 * references any more; rejection records the reasons the vendor reads, and the vendor may edit and
 * resubmit.
 */
import * as z from 'zod';
import type { AuditValues } from '../../contracts/audit';
import { auditWrite, type Operator } from '../audit/record';
import { notificationWrites } from '../notifications/record';
import { BadRequestError, ConflictError, NotFoundError } from '../shared/errors';
import { dropImages } from './images';
import {
  approveRevision,
  droppedImageKeys,
  imageRefChanges,
  rejectRevision,
  requestRevisionChanges,
  PRODUCT_ID_PATTERN,
  type ProductItem,
  type ReviewDecision,
} from './product-states';
import { getProduct, pendingProducts, putProduct, vendorOfProduct, withOptimisticRetry } from './store';

export const REASON_MAX = 500;
export const REASONS_MAX = 20;
export const NOTE_MAX = 2000;

const productIdField = z.string().regex(PRODUCT_ID_PATTERN, 'is not a product id (P- and 10 letters or digits)');
/**
 * The revision the reviewer looked at (its submittedAt, as the console shows it): the decision applies
 * only while that very submission is still pending. Without it (the CLI), the submission found by the
 * first read is the one decided.
 */
const submittedAtField = z.iso.datetime().optional();

export const reviewInput = z.discriminatedUnion('decision', [
  z.object({
    productId: productIdField,
    decision: z.literal('approve'),
    reasons: z.array(z.string()).max(0, 'an approval takes no reasons').optional(),
    submittedAt: submittedAtField,
  }),
  z.object({
    productId: productIdField,
    decision: z.literal('reject'),
    reasons: z
      .array(z.string().trim().min(1, 'a reason cannot be empty').max(REASON_MAX, `a reason has at most ${REASON_MAX} characters`))
      .min(1, 'a rejection needs at least one reason the vendor will read')
      .max(REASONS_MAX, `at most ${REASONS_MAX} reasons`),
    submittedAt: submittedAtField,
  }),
  z.object({
    productId: productIdField,
    decision: z.literal('request_changes'),
    note: z.string().trim().min(1, 'a request for changes needs a message the vendor will read').max(NOTE_MAX, `a message has at most ${NOTE_MAX} characters`),
    submittedAt: submittedAtField,
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

const DECIDED: Record<ReviewDecision, string> = { approve: 'approved', reject: 'rejected', request_changes: 'sent back for changes' };

/**
 * The submission under review is no longer pending (or another one is): 409 saying who decided what,
 * from the product's last review; `product_changed` when it was submitted again since; else
 * `product_not_pending`.
 */
function alreadyDecided(item: ProductItem, submittedAt: string | undefined): ConflictError {
  const last = item.lastReview;
  // Only for a named submission (the console's, or the one this call's first read found pending): a
  // CLI asked to decide a product that is not pending gets the plain product_not_pending.
  if (last && submittedAt && last.submittedAt === submittedAt) {
    return new ConflictError(`Product ${item.productId} was already ${DECIDED[last.decision]} by ${last.by} at ${last.at}.`, 'product_already_reviewed');
  }
  if (submittedAt && item.revision?.state === 'pending') {
    return new ConflictError(`Product ${item.productId} was submitted again since you opened it. Review the new submission.`, 'product_changed');
  }
  return new ConflictError(
    `Product ${item.productId} is not awaiting review (it is ${item.revision ? item.revision.state : 'published with no changes'}).`,
    'product_not_pending',
  );
}

/**
 * The review decision, taken by `actor` (an operator from the console, or `cliOperator()`): written in
 * one transaction with the vendor's notification and the audit entry, conditional on the version read;
 * it applies only while the reviewed submission is still pending. Of two reviewers deciding at the same
 * time exactly one wins: the other's write fails its condition, its re-read finds the submission
 * decided, and it gets 409 `product_already_reviewed` (no second notification, no second entry).
 */
export async function reviewProduct(input: ReviewInput, actor: Operator, now = new Date()): Promise<ReviewOutcome> {
  const parsed = reviewInput.safeParse(input);
  if (!parsed.success) {
    throw new BadRequestError(parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '), 'invalid_review');
  }
  const review = parsed.data;
  const at = now.toISOString();
  const reviewer = actor.email || actor.userId;
  let reviewed = review.submittedAt;
  // A retry after a concurrent write (e.g. the vendor's offer change) decides the same submission,
  // whose content cannot change while pending; a decided or resubmitted one is a 409.
  const { before, after } = await withOptimisticRetry(async () => {
    const item = await findProduct(review.productId);
    const r = item.revision;
    const submittedAt = r?.state === 'pending' ? (r.submittedAt ?? r.savedAt) : undefined;
    if (!submittedAt || (reviewed !== undefined && submittedAt !== reviewed)) throw alreadyDecided(item, reviewed);
    reviewed = submittedAt;
    const next =
      review.decision === 'approve'
        ? approveRevision(item, reviewer, at)
        : review.decision === 'reject'
          ? rejectRevision(item, review.reasons, reviewer, at)
          : requestRevisionChanges(item, review.note, reviewer, at);
    // The vendor's notification and the audit entry are written with the decision (same transaction).
    await putProduct(next, item.version, imageRefChanges(item, next), [
      ...reviewNotification(next, review.decision, at),
      auditWrite(reviewAudit(item, next, review, actor, at)),
    ], item);
    return { before: item, after: next };
  });
  const deletedImages = review.decision === 'approve' ? await dropImages(after, droppedImageKeys(before, after), now) : [];
  return { product: after, deletedImages };
}

type ParsedReview = z.output<typeof reviewInput>;

/** The audit entry of a decision: the revision's state before and after, the reasons or the message. */
function reviewAudit(before: ProductItem, after: ProductItem, review: ParsedReview, actor: Operator, at: string) {
  const action = review.decision === 'approve' ? 'product.approved' : review.decision === 'reject' ? 'product.rejected' : 'product.changes_requested';
  const state = (p: ProductItem) => p.revision?.state ?? (p.live ? 'published' : null);
  const details: AuditValues = review.decision === 'reject' ? { reasons: review.reasons } : review.decision === 'request_changes' ? { note: review.note } : {};
  return {
    actor,
    action,
    target: { type: 'product', id: before.productId },
    vendorId: before.vendorId,
    before: { state: state(before), submittedAt: before.revision?.submittedAt ?? null },
    after: { state: state(after), ...details },
    reason: review.decision === 'reject' ? review.reasons.join('; ') : review.decision === 'request_changes' ? review.note : null,
    at,
  } as const;
}

/** The decision's notification: one per reviewed revision (the product's new version names it). */
function reviewNotification(product: ProductItem, decision: ReviewDecision, at: string) {
  const content = decision === 'approve' ? product.live?.content : product.revision?.content;
  const productName = content?.nameEn || content?.nameZh || product.productId;
  // The Chinese name too: a zh-TW vendor's e-mail and inbox call the product by it (issue 24, item 19).
  const names = { productId: product.productId, productName, ...(content?.nameZh ? { productNameZh: content.nameZh } : {}) };
  const subject = `${product.productId}.v${product.version}`;
  if (decision === 'approve') {
    return notificationWrites({ vendorId: product.vendorId, type: 'product_approved', subject, params: names, createdAt: at });
  }
  if (decision === 'request_changes') {
    const note = product.revision?.changesRequestedNote ?? '';
    return notificationWrites({ vendorId: product.vendorId, type: 'product_changes_requested', subject, params: { ...names, note }, createdAt: at });
  }
  // Reason codes (REJECTION_REASONS) and free text as ops wrote them; the templates translate the codes.
  const reasons = product.revision?.rejectionReasons ?? [];
  return notificationWrites({ vendorId: product.vendorId, type: 'product_rejected', subject, params: { ...names, reasons }, createdAt: at });
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
