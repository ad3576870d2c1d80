/**
 * The ops console's Product review screen (issue 13; contracts/admin-reviews.ts): the review queue
 * page by page (byReviewQueue, never a scan), one product's submission beside its live version with
 * the changed fields, every image with its check result (its display-size rendition signed to show,
 * the upload itself signed for "open full size"), and the next product.
 * The decision itself is lambdas/listings/review.ts's reviewProduct, the same as the CLI's.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { LastReviewView, ProductReview, ReviewField, ReviewFieldRow, ReviewImage, ReviewMeasure, ReviewQueuePage, ReviewValue } from '../../contracts/admin-reviews';
import type { ProductContent } from '../../contracts/listings/schema';
import type { ImageCheckItem } from '../images/model';
import { findProduct } from '../listings/review';
import type { ImageSigner } from '../listings/images';
import type { ImageUrls } from '../shared/image-urls';
import { productStatus, type ProductItem } from '../listings/product-states';
import { imageChecks, reviewQueuePage, type ReviewQueueKey } from '../listings/store';
import { dynamo } from '../shared/clients';
import { tableName } from '../shared/tables';

/** The vendors' business names (byVendorId), '' for one not found. */
export async function vendorNames(vendorIds: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(vendorIds)];
  const names = await Promise.all(
    unique.map(async (vendorId) => {
      const out = await dynamo.send(
        new QueryCommand({
          TableName: tableName('vendors'),
          IndexName: 'byVendorId',
          KeyConditionExpression: 'vendorId = :v',
          ExpressionAttributeValues: { ':v': vendorId },
          ProjectionExpression: 'vendorName',
          Limit: 1,
        }),
      );
      return (out.Items?.[0]?.vendorName as string | undefined) ?? '';
    }),
  );
  return new Map(unique.map((id, i) => [id, names[i]!]));
}

const submittedAtOf = (p: ProductItem): string => p.revision?.submittedAt ?? p.revision?.savedAt ?? p.updatedAt;

/** One page of the queue, oldest submission first; `last` is the position to continue after. */
export async function reviewQueue(opts: { limit: number; after?: ReviewQueueKey; now?: Date }): Promise<{ page: Omit<ReviewQueuePage, 'nextCursor'>; last: ReviewQueueKey | null }> {
  const { items, last } = await reviewQueuePage({ limit: opts.limit, after: opts.after });
  const names = await vendorNames(items.map((p) => p.vendorId));
  return {
    page: {
      items: items.map((p) => ({
        productId: p.productId,
        vendorId: p.vendorId,
        vendorName: names.get(p.vendorId) ?? '',
        sku: p.sku,
        nameEn: p.revision?.content.nameEn ?? p.nameEn,
        nameZh: p.revision?.content.nameZh ?? p.nameZh,
        submittedAt: submittedAtOf(p),
        update: Boolean(p.live),
      })),
      generatedAt: (opts.now ?? new Date()).toISOString(),
    },
    last,
  };
}

/** The product after `item` in the queue (oldest first), else the queue's first other than `item`; null when none. */
export async function nextInQueue(item: Pick<ProductItem, 'productId' | 'vendorId'> & { sort: string | undefined }): Promise<string | null> {
  if (item.sort) {
    const after = await reviewQueuePage({ limit: 1, after: { sort: item.sort, vendorId: item.vendorId } });
    if (after.items[0]) return after.items[0].productId;
  }
  const first = await reviewQueuePage({ limit: 2 });
  return first.items.find((p) => p.productId !== item.productId)?.productId ?? null;
}

/** A measurement, or null when none of its amounts was given (the unit alone is only the form's default). */
const measure = (amounts: (number | undefined)[], unit: ReviewMeasure['unit']): ReviewMeasure | null =>
  amounts.some((a) => a !== undefined) ? { amounts: amounts.map((a) => a ?? null), unit } : null;

/** A version's value of each compared field (codes as codes: the console names them in its language). */
function fieldValues(c: ProductContent): Record<ReviewField, ReviewValue> {
  return {
    nameEn: c.nameEn,
    nameZh: c.nameZh,
    barcode: c.barcode,
    productType: c.productType,
    unitOfMeasure: c.unitOfMeasure,
    unitQuantity: c.unitQuantity === undefined ? null : String(c.unitQuantity),
    description: c.description,
    ingredients: c.ingredients,
    hasAllergens: c.hasAllergens,
    allergens: [...c.allergens],
    countryOfOrigin: c.countryOfOrigin,
    price: c.price,
    compareAtPrice: c.compareAtPrice ?? null,
    weight: measure([c.weight], c.weightUnit),
    volume: measure([c.volume], c.volumeUnit),
    dimensions: measure([c.length, c.width, c.height], c.dimensionUnit),
  };
}

const KIND: Partial<Record<ReviewField, ReviewFieldRow['kind']>> = { price: 'money', compareAtPrice: 'money', allergens: 'list', weight: 'measure', volume: 'measure', dimensions: 'measure' };

const same = (a: ReviewValue, b: ReviewValue): boolean => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

/** The compared fields: the submission's and the live version's values, and which changed (updates only). */
export function compareFields(submitted: ProductContent, live: ProductContent | undefined): ReviewFieldRow[] {
  const s = fieldValues(submitted);
  const l = live ? fieldValues(live) : null;
  return (Object.keys(s) as ReviewField[]).map((field) => ({
    field,
    kind: KIND[field] ?? 'text',
    submitted: s[field],
    live: l ? l[field] : null,
    changed: l ? !same(s[field], l[field]) : false,
  }));
}

function checkOf(check: ImageCheckItem | undefined): ReviewImage['check'] {
  // A released image (deleted once no product used it) is in no product; as good as never checked.
  if (!check || check.status === 'released') return { status: 'unchecked', reason: null };
  if (check.status === 'rejected') return { status: 'rejected', reason: check.reason };
  return { status: 'valid', reason: null, ...(check.primary ? { primary: check.primary } : {}) };
}

/** How an answer shows images: renditions (issue 23), the original only behind "open full size". */
export interface ReviewImageUrls {
  urls: ImageUrls;
  original: ImageSigner;
}

/** One product's review page. */
export async function productReview(productId: string, { urls, original }: ReviewImageUrls): Promise<ProductReview> {
  const item = await findProduct(productId);
  const pending = item.revision?.state === 'pending' ? item.revision : undefined;
  const submitted = pending?.content ?? item.revision?.content ?? item.live?.content;
  const live = item.live?.content;
  const keys = [...(submitted?.images ?? []), ...(live?.images ?? []), submitted?.nutritionLabel ?? '', live?.nutritionLabel ?? ''].filter(Boolean);
  const [checks, vendors, next] = await Promise.all([
    imageChecks(keys),
    vendorNames([item.vendorId]),
    nextInQueue({ productId: item.productId, vendorId: item.vendorId, sort: pending ? item.revisionSort : undefined }),
  ]);
  const image = async (key: string): Promise<ReviewImage> => {
    const check = checks.get(key);
    const display = check?.status === 'valid' ? check.renditions?.display : undefined;
    const size = display?.width && display.height ? { width: display.width, height: display.height } : {};
    return { key, url: urls.rendition(key, 'display'), ...size, originalUrl: await original(key), check: checkOf(check) };
  };
  const update = Boolean(item.live && pending);
  const label = (c: ProductContent | undefined) => (c?.nutritionLabel ? image(c.nutritionLabel) : Promise.resolve(null));
  const [submittedImages, liveImages, submittedLabel, liveLabel] = await Promise.all([
    Promise.all((submitted?.images ?? []).map(image)),
    Promise.all((update ? (live?.images ?? []) : []).map(image)),
    label(submitted),
    update ? label(live) : Promise.resolve(null),
  ]);
  const lastReview: LastReviewView | null = item.lastReview ?? null;
  return {
    productId: item.productId,
    vendorId: item.vendorId,
    vendorName: vendors.get(item.vendorId) ?? '',
    sku: item.sku,
    state: pending ? 'pending' : productStatus(item),
    submittedAt: pending ? (pending.submittedAt ?? pending.savedAt) : null,
    update,
    fields: submitted ? compareFields(submitted, update ? live : undefined) : [],
    images: {
      submitted: submittedImages,
      live: liveImages,
      changed: update && JSON.stringify(submitted?.images ?? []) !== JSON.stringify(live?.images ?? []),
    },
    nutritionLabel: { submitted: submittedLabel, live: liveLabel, changed: update && (submitted?.nutritionLabel ?? '') !== (live?.nutritionLabel ?? '') },
    lastReview,
    nextProductId: next,
  };
}
