/**
 * What a vendor does with their products (the products API): each operation reads the caller's
 * own product, applies a state change of ./product-states.ts and writes it conditionally, retrying on a
 * concurrent write. Another vendor's product is answered exactly like a missing one.
 */
import { randomBytes } from 'node:crypto';
import type { OfferView } from '../../contracts/listings/model';
import { notificationWrites, type NotificationEvent } from '../notifications/record';
import { ConflictError, type ApiErrorBody } from '../shared/errors';
import type { Reply } from '../shared/http';
import { recordItem, replayOf, type Idempotent } from '../shared/idempotency';
import { acceptImages, dropImages } from './images';
import {
  becameLowStock,
  changeOffer,
  withLowStockDefault,
  lowStockThresholdOf,
  droppedImageKeys,
  imageRefChanges,
  newProduct,
  removeRevision,
  saveRevision,
  submitRevision,
  underReview,
  PRODUCT_ID_PATTERN,
  type ProductItem,
} from './product-states';
import { contentToForm, productSubmitSchema, type Offer, type ProductContent } from '../../contracts/listings/schema';
import {
  deleteProductItem,
  getProduct,
  ImagesGone,
  insertProduct,
  lowStockDefaultOf,
  nextSkuNumber,
  productNotFound,
  putProduct,
  VersionConflict,
  withOptimisticRetry,
  type TransactItem,
} from './store';
import { offerView } from './view';
import { FieldValidationError, parseFields } from './validation';
import { offerActivity, submittedActivity, type Actor } from './activity';

export const newProductId = (): string => `P-${randomBytes(5).toString('hex').toUpperCase()}`;

/** `V-10001` and 7 → `10001-0007`. */
export const skuFor = (vendorId: string, n: number): string => `${vendorId.replace(/^V-/, '')}-${String(n).padStart(4, '0')}`;

/** The caller's product, or 404 `product_not_found` (also for an id of another vendor, or not an id at all). */
export async function ownProduct(vendorId: string, productId: string): Promise<ProductItem> {
  const item = PRODUCT_ID_PATTERN.test(productId) ? await getProduct(vendorId, productId) : null;
  if (!item) throw productNotFound();
  return item;
}

/**
 * An image the content names lost its check record between acceptImages and the write (a cleanup
 * of another product deleted it at that moment): answered like a key that was never uploaded
 * correctly, so the form asks to remove it and upload it again. Nothing was written.
 */
async function imagesStillThere<T>(content: ProductContent, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!(err instanceof ImagesGone)) throw err;
    const fields: Record<string, string> = {};
    if (content.images.some((k) => err.keys.includes(k))) fields.images = 'listing_error_image_key';
    if (content.nutritionLabel && err.keys.includes(content.nutritionLabel)) fields.nutritionLabel = 'listing_error_image_key';
    throw new FieldValidationError(fields);
  }
}

/** An idempotent create: its record, and the answer to store in it for the item about to be created. */
export interface IdempotentCreate {
  request: Idempotent;
  reply: (item: ProductItem) => Promise<{ statusCode: number; body: unknown }>;
}

/**
 * POST: a new product with the next SKU; the images must be the caller's and checked valid. With
 * `idempotent`, the answer is recorded in the create's transaction, and `{ replay }` is returned
 * when an earlier attempt of the same request created the product meanwhile (nothing is written).
 */
export async function createProduct(vendorId: string, identityId: string, content: ProductContent, submit: boolean, now?: Date): Promise<ProductItem>;
export async function createProduct(
  vendorId: string,
  identityId: string,
  content: ProductContent,
  submit: boolean,
  now: Date,
  idempotent: IdempotentCreate | null,
  actor?: Actor,
): Promise<ProductItem | { replay: Reply }>;
export async function createProduct(
  vendorId: string,
  identityId: string,
  content: ProductContent,
  submit: boolean,
  now = new Date(),
  idempotent: IdempotentCreate | null = null,
  actor?: Actor,
): Promise<ProductItem | { replay: Reply }> {
  return imagesStillThere(content, () => insertNewProduct(vendorId, identityId, content, submit, now, idempotent, actor));
}

async function insertNewProduct(
  vendorId: string,
  identityId: string,
  content: ProductContent,
  submit: boolean,
  now: Date,
  idempotent: IdempotentCreate | null,
  actor: Actor | undefined,
): Promise<ProductItem | { replay: Reply }> {
  await acceptImages(content, identityId);
  const sku = skuFor(vendorId, await nextSkuNumber(vendorId));
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const item = newProduct({ vendorId, productId: newProductId(), sku, identityId, content, submit, now: now.toISOString() });
    const record = idempotent ? recordItem(idempotent.request, await idempotent.reply(item), now) : undefined;
    // Created straight into review: the activity log's entry (issue 14) goes with it.
    const activity = actor && submit ? [submittedActivity(item, actor, now)] : [];
    const outcome = await insertProduct(item, record, activity);
    if (outcome === 'created') return item;
    // Recorded meanwhile, or a transaction conflict with the same request's other attempt.
    const replay = idempotent ? await replayOf(idempotent.request, now) : null;
    if (replay) return { replay };
  }
  throw new Error('Could not find a free product id in three tries');
}

/**
 * PUT: the form saved as the revision (draft or submitted). 409 while under review. A published
 * product keeps its offer's prices whatever the form says (saveRevision). Images the vendor
 * removed in this save are deleted once no version of any of their products uses them.
 */
export async function saveProduct(vendorId: string, productId: string, identityId: string, content: ProductContent, submit: boolean, now = new Date(), actor?: Actor): Promise<ProductItem> {
  // Read once up front: a product under review is refused before its images are looked at.
  let read: ProductItem | null = await ownProduct(vendorId, productId);
  if (read.revision?.state === 'pending') throw underReview();
  await acceptImages(content, identityId);
  const { before, after } = await imagesStillThere(content, () =>
    withOptimisticRetry(async () => {
      const item = read ?? (await ownProduct(vendorId, productId));
      read = null;
      // The caller's identity: acceptImages checked every key of the saved content is under it.
      const next = saveRevision({ ...item, identityId }, content, submit, now.toISOString());
      // The activity log (issue 14): a submission, and any change of a live offer (saveRevision keeps a
      // published product's offer, so today that is none), in the save's own transaction.
      const activity = actor ? [...(submit ? [submittedActivity(next, actor, now)] : []), ...(item.live ? offerActivity(item, next, actor, now) : [])] : [];
      await putProduct(next, item.version, imageRefChanges(item, next), activity, item);
      return { before: item, after: next };
    }),
  );
  await dropImages(after, droppedImageKeys(before, after), now);
  return after;
}

/** POST …/submit: the draft or rejected revision goes to review, if complete. */
export async function submitProduct(vendorId: string, productId: string, identityId: string, now = new Date(), actor?: Actor): Promise<ProductItem> {
  return withOptimisticRetry(async () => {
    const item = await ownProduct(vendorId, productId);
    const next = submitRevision(item, now.toISOString());
    // Complete for review, and its images still the caller's and valid.
    const content = parseFields(productSubmitSchema, contentToForm(next.revision!.content), 'The product');
    await acceptImages(content, identityId);
    await putProduct(next, item.version, undefined, actor ? [submittedActivity(next, actor, now)] : [], item);
    return next;
  });
}

/**
 * DELETE: deletes a never-published product, or discards the revision of a published one; then
 * deletes the images nothing references any more. Returns the remaining product, or null.
 */
export async function deleteProduct(vendorId: string, productId: string, now = new Date()): Promise<ProductItem | null> {
  const { before, after } = await withOptimisticRetry(async () => {
    const item = await ownProduct(vendorId, productId);
    const outcome = removeRevision(item, now.toISOString());
    if (outcome.deleted) {
      await deleteProductItem(item);
      return { before: item, after: null };
    }
    await putProduct(outcome.item, item.version, imageRefChanges(item, outcome.item), [], item);
    return { before: item, after: outcome.item };
  });
  await dropImages(before, droppedImageKeys(before, after), now);
  return after;
}

/**
 * PATCH …/offer: price, compare-at price, inventory, out of stock (until a day), low-stock threshold —
 * no review, in every state. With `expectedVersion` (the version the editor opened, issue 15) the
 * change is made on that version only: a product changed meanwhile is answered 409 `offer_changed`
 * with its current offer, never overwritten. A change that takes the stock to or below its threshold
 * records one `stock_low` notification in the same transaction, and each changed field its activity
 * log entry (issue 14).
 */
export async function changeProductOffer(vendorId: string, productId: string, offer: Offer, now = new Date(), expectedVersion?: number, actor?: Actor): Promise<ProductItem> {
  return withOptimisticRetry(async () => {
    const item = await ownProduct(vendorId, productId);
    if (expectedVersion !== undefined && item.version !== expectedVersion) throw new OfferChanged(item);
    // The vendor's default low-stock level, read after the product (a default changed meanwhile re-evaluates it).
    const lowStockDefault = await lowStockDefaultOf(vendorId);
    const next = withLowStockDefault(changeOffer(item, offer, now.toISOString()), lowStockDefault);
    try {
      await putProduct(
        next,
        item.version,
        undefined,
        [...lowStockNotification(item, next, now.toISOString(), lowStockDefault), ...(actor ? offerActivity(item, next, actor, now) : [])],
        undefined,
        lowStockDefault,
      );
    } catch (err) {
      // Written by someone else between the read and the write: with a version named, that is the answer.
      if (err instanceof VersionConflict && expectedVersion !== undefined) throw new OfferChanged((await getProduct(vendorId, productId)) ?? item);
      throw err;
    }
    return next;
  });
}

/** The one `stock_low` notification of a change that takes the stock to or below its threshold (none otherwise). */
export function lowStockNotification(before: ProductItem, after: ProductItem, at: string, lowStockDefault?: number): TransactItem[] {
  const event = lowStockEvent(before, after, at, lowStockDefault);
  return event ? notificationWrites(event) : [];
}

/** The `stock_low` event of a change that crosses to or below the threshold, else null (the bulk apply counts them per transaction). */
export function lowStockEvent(before: ProductItem, after: ProductItem, at: string, lowStockDefault?: number): NotificationEvent<'stock_low'> | null {
  if (!becameLowStock(before, after, lowStockDefault)) return null;
  return {
    vendorId: after.vendorId,
    type: 'stock_low',
    subject: `${after.productId}.v${after.version}`,
    params: { productId: after.productId, productName: after.nameEn || after.nameZh || after.sku, ...(after.nameZh ? { productNameZh: after.nameZh } : {}), sku: after.sku, inventory: after.inventory, threshold: lowStockThresholdOf(after, lowStockDefault) },
    createdAt: at,
  };
}

/** 409 `offer_changed`: the product changed since the editor opened it; the answer carries its current offer. */
export class OfferChanged extends ConflictError {
  constructor(readonly current: ProductItem) {
    super('This product changed since you opened it. Look at its current values and make your change again.', 'offer_changed');
  }

  override body(): ApiErrorBody & { current: OfferView } {
    return { ...super.body(), current: offerView(this.current) };
  }
}
