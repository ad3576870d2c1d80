/**
 * Product images in the product-images bucket (env PRODUCT_IMAGES_BUCKET) and their renditions (issue
 * 23, env RENDITIONS_BUCKET): which uploaded keys a product may reference (tagged `referenced=yes`
 * with their renditions, so the buckets do not expire them), short-lived GET URLs of originals for an
 * explicit full-size view (lists and forms show renditions: lambdas/shared/image-urls.ts), and the
 * deletion of images no version references any more, renditions included.
 */
import { DeleteObjectCommand, GetObjectCommand, PutObjectTaggingCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { productImagesBucket, RENDITION_NAMES, renditionKey } from '../../contracts/buckets';
import { referencedTag, referencedTagging } from '../images/tags';
import { env } from '../shared/env';
import { IMAGE_URL_TTL_SECONDS, IMAGE_URL_WINDOW_SECONDS } from '../shared/image-urls';
import { logger } from '../shared/logger';
import { isMissingObject, s3Client, s3ErrorStatus } from '../shared/s3';
import type { ProductItem } from './product-states';
import { IMAGE_CONTENT_TYPES, IMAGE_EXTENSIONS, IMAGE_KEY_PATTERN, type ImageContentType, type ProductContent } from '../../contracts/listings/schema';
import { droppedImages, forgetDroppedImage, imageChecks, recordDroppedImages, referencedImageKeys, releaseImageRecords } from './store';
import { FieldValidationError } from './validation';

/** Bounds the per-container cache (a key is ~120 bytes, a URL ~1 KB). */
const MAX_CACHED_URLS = 5_000;

let client: S3Client | undefined;
// The client of lambdas/shared/s3.ts (checksums only when required; path-style and s3rver's key locally).
const s3 = () => (client ??= s3Client());

export function imagesBucket(): string {
  return env.productImagesBucket();
}

export type ImageSigner = (key: string) => Promise<string>;

/**
 * The type a key's extension stands for. The image check (lambdas/images) keeps a file only when
 * its bytes are of that type, so this is the true type whatever Content-Type the upload declared.
 * Anything else (never stored by the API) is served as opaque bytes.
 */
export function contentTypeOfKey(key: string): ImageContentType | 'application/octet-stream' {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return IMAGE_CONTENT_TYPES.find((type) => IMAGE_EXTENSIONS[type].includes(ext)) ?? 'application/octet-stream';
}

/** The URLs signed in the current window, shared by the answers of a warm function. */
let cache: { window: number; urls: Map<string, Promise<string>> } = { window: -1, urls: new Map() };

/**
 * Signs GET URLs of original uploads, for the one place that shows an original: the review screen's
 * "open full size" (everything else shows renditions). The same URL for a key throughout a 15-minute
 * window (IMAGE_URL_WINDOW_SECONDS), valid at least IMAGE_URL_TTL_SECONDS from any moment in it. The
 * URL sets the response's Content-Type from the extension: the uploader chooses the stored
 * Content-Type, and a vendor who uploads past the web app with e.g. text/html must not have the
 * file served so. A signing that fails is not cached.
 */
export function originalImageSigner(now: () => number = Date.now): ImageSigner {
  const bucket = imagesBucket();
  return (key) => {
    const windowMs = IMAGE_URL_WINDOW_SECONDS * 1000;
    const window = Math.floor(now() / windowMs);
    if (cache.window !== window || cache.urls.size >= MAX_CACHED_URLS) cache = { window, urls: new Map() };
    const cacheKey = `${bucket}\n${key}`;
    let url = cache.urls.get(cacheKey);
    if (!url) {
      const get = new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentType: contentTypeOfKey(key) });
      const urls = cache.urls;
      url = getSignedUrl(s3(), get, { signingDate: new Date(window * windowMs), expiresIn: IMAGE_URL_WINDOW_SECONDS + IMAGE_URL_TTL_SECONDS });
      url.catch(() => urls.delete(cacheKey));
      urls.set(cacheKey, url);
    }
    return url;
  };
}

/** Where the caller's product images must be: their own identity's prefix (lib/auth.ts lets them write nowhere else). */
export const ownImagePrefix = (identityId: string): string => `${productImagesBucket.vendorPrefix}${identityId}/products/`;

/**
 * Accepts the content's image keys only when each is under the caller's own prefix and the
 * server-side image check recorded it as valid. Answers 400 with `images` / `nutritionLabel`:
 * `listing_error_image_key` for a key outside the caller's own prefix (not an upload of theirs —
 * its check record, if any, is not even looked up, so nothing is learnt of other vendors' keys),
 * else `listing_error_image_rejected` when a check refused a file, else
 * `listing_error_image_not_checked` (no check recorded yet: it takes a moment after the upload).
 *
 * Accepted keys and their renditions are tagged `referenced=yes` (idempotent), before the product is
 * written: the image check tagged each new upload and its renditions `no`, and the buckets' lifecycle
 * rules (lib/images.ts) expire what is still `no`. Nothing tags an image `no` again: one a save drops is deleted by
 * the vendor's sweep once nothing has referenced it for IMAGE_DELETE_GRACE_MS (dropImages). A write that fails after this leaves its
 * images kept, never a saved product without its images.
 */
export async function acceptImages(content: ProductContent, identityId: string): Promise<void> {
  const prefix = ownImagePrefix(identityId);
  const byField = { images: content.images, nutritionLabel: content.nutritionLabel ? [content.nutritionLabel] : [] };
  const own = [...byField.images, ...byField.nutritionLabel].filter((k) => k.startsWith(prefix));
  const checks = own.length ? await imageChecks(own) : new Map();
  const fields: Record<string, string> = {};
  for (const [field, keys] of Object.entries(byField)) {
    const statuses = keys.map((k) => (k.startsWith(prefix) ? checks.get(k)?.status : undefined));
    if (keys.some((k) => !k.startsWith(prefix))) fields[field] = 'listing_error_image_key';
    // A released image (deleted once no product used it) cannot come back into one either.
    else if (statuses.includes('rejected') || statuses.includes('released')) fields[field] = 'listing_error_image_rejected';
    else if (statuses.some((s) => s !== 'valid')) fields[field] = 'listing_error_image_not_checked';
  }
  if (Object.keys(fields).length) throw new FieldValidationError(fields);
  await Promise.all(
    [...new Set(own)].flatMap((key) => [
      tagReferenced(imagesBucket(), key),
      ...RENDITION_NAMES.map((name) => tagReferenced(env.renditionsBucket(), renditionKey(key, name))),
    ]),
  );
}

async function tagReferenced(bucket: string, key: string): Promise<void> {
  try {
    await s3().send(new PutObjectTaggingCommand({ Bucket: bucket, Key: key, Tagging: referencedTagging(referencedTag.yes) }));
  } catch (err) {
    // Deleted by its vendor since its check (an original), or written before renditions existed
    // and not yet made (docs/operations.md): there is nothing to expire, and the save goes on. This
    // role may tag but not list the buckets, so S3 answers a missing object with 403 rather than 404.
    if (!isMissingObject(err) && s3ErrorStatus(err) !== 403) throw err;
    logger.warn('accepted product image (or rendition) is not in its bucket: not tagged', { bucket, key });
  }
}

/**
 * How long an image no product references stays before it is deleted (issue 24). Claims alone let the
 * cleanup of one save win against another save racing it with the same image: that save was refused
 * and the image gone for good, although the vendor had just chosen it. Within this period a dropped
 * image is still `valid`, so any save can take it back; a request lasts seconds, an item form left open
 * in another tab hours at most.
 */
export const IMAGE_DELETE_GRACE_MS = 24 * 60 * 60 * 1000;

type ImageOwner = Pick<ProductItem, 'vendorId' | 'identityId'>;

/**
 * After a write that stopped referencing `candidates` (its transaction removed the product's claims):
 * records them as dropped now, then sweeps the vendor's images dropped long enough ago
 * (sweepDroppedImages). Nothing just dropped is deleted here. Returns what the sweep deleted. A
 * failure is logged, never the write's: at worst an unreferenced image stays. A write that drops
 * nothing does neither.
 */
export async function dropImages(owner: ImageOwner, candidates: Iterable<string>, now: Date = new Date()): Promise<string[]> {
  const keys = ownImageKeys(owner, candidates);
  // Writes that drop nothing cost nothing more: the sweep rides on the vendor's writes that drop images.
  if (!keys.length) return [];
  try {
    await recordDroppedImages(owner.vendorId, keys, now);
  } catch (err) {
    logger.error('dropped product images not recorded; they stay until deleted by hand', { vendorId: owner.vendorId, keys, error: err as Error });
  }
  return sweepDroppedImages(owner, now);
}

/**
 * Deletes the vendor's images dropped at least IMAGE_DELETE_GRACE_MS before `now` that no product
 * references (releaseUnreferencedImages: a consistent read of the vendor's products, then a release
 * conditional on no claim), and forgets them; a dropped image a product took back is forgotten and
 * kept. Runs after each of the vendor's product writes that drop images. Returns what was deleted.
 */
export async function sweepDroppedImages(owner: ImageOwner, now: Date = new Date()): Promise<string[]> {
  try {
    const dropped = Object.entries(await droppedImages(owner.vendorId));
    const due = dropped.filter(([, at]) => Date.parse(at) <= now.getTime() - IMAGE_DELETE_GRACE_MS);
    if (!due.length) return [];
    const { deleted, kept } = await releaseUnreferenced(owner, due.map(([key]) => key));
    // Deleted, or referenced again (kept): forgotten either way, unless dropped again meanwhile. What a
    // failure left (S3 or DynamoDB failing) stays for the next sweep.
    const done = new Set([...deleted, ...kept]);
    await Promise.all(due.filter(([key]) => done.has(key)).map(([key, at]) => forgetDroppedImage(owner.vendorId, key, at)));
    return deleted;
  } catch (err) {
    logger.error('dropped product images not swept; they stay until the next sweep', { vendorId: owner.vendorId, error: err as Error });
    return [];
  }
}

/** The candidates under the owner's own identity prefix (logged: any other); none without a recorded identity. */
function ownImageKeys(owner: ImageOwner, candidates: Iterable<string>): string[] {
  const unique = [...new Set(candidates)];
  const prefix = owner.identityId ? ownImagePrefix(owner.identityId) : null;
  const keys = unique.filter((k) => prefix !== null && k.startsWith(prefix) && IMAGE_KEY_PATTERN.test(k));
  const foreign = unique.filter((k) => !keys.includes(k));
  if (foreign.length) logger.warn('product image cleanup skipped keys outside the owner’s identity prefix', { vendorId: owner.vendorId, identityId: owner.identityId, keys: foreign });
  return keys;
}

/**
 * Deletes the candidates (keys dropped at least the grace period ago: sweepDroppedImages) that no
 * product references — a key can be saved into two products, so the product alone cannot tell. A
 * failure here leaves an unreferenced object behind (logged) rather than failing anything. Returns
 * what was deleted.
 *
 * Two looks, because a save of another product can run at the same moment: the vendor's products
 * as stored (which also covers products written before image claims existed), then, per key, one
 * transaction releasing the check record (a tombstone) and deleting the claim item only while no
 * product claims the key (releaseImageRecords). A product saved with the key at the same time either
 * claimed it first (the key is kept) or finds its check record released and is refused; only then are
 * the object and its renditions deleted.
 *
 * Defence in depth: only keys under the owner's own identity prefix (`owner.identityId`, recorded
 * on the product by the server) are ever deleted. acceptImages admits no other key, but should one
 * get into a product anyway, this cleanup must not become a way to delete another vendor's image;
 * such a key is left alone and logged. A product without a recorded identity deletes nothing.
 */
export async function releaseUnreferencedImages(owner: ImageOwner, candidates: Iterable<string>): Promise<string[]> {
  return (await releaseUnreferenced(owner, candidates)).deleted;
}

/** releaseUnreferencedImages, also saying which keys were kept because a product references or claims them. */
async function releaseUnreferenced(owner: ImageOwner, candidates: Iterable<string>): Promise<{ deleted: string[]; kept: string[] }> {
  const { vendorId } = owner;
  const keys = ownImageKeys(owner, candidates);
  const deleted: string[] = [];
  const kept: string[] = [];
  if (keys.length === 0) return { deleted, kept };
  try {
    const referenced = await referencedImageKeys(vendorId);
    kept.push(...keys.filter((k) => referenced.has(k)));
    const unreferenced = keys.filter((k) => !referenced.has(k));
    for (const key of unreferenced) {
      if (!(await releaseImageRecords(key))) {
        logger.info('product image kept: another product claims it', { vendorId, key });
        kept.push(key);
        continue;
      }
      // The original, then its renditions (the record stays as a tombstone: no other bytes can take the key).
      await s3().send(new DeleteObjectCommand({ Bucket: imagesBucket(), Key: key }));
      await Promise.all(RENDITION_NAMES.map((name) => s3().send(new DeleteObjectCommand({ Bucket: env.renditionsBucket(), Key: renditionKey(key, name) }))));
      deleted.push(key);
    }
  } catch (err) {
    logger.error('product image cleanup failed; unreferenced images may remain', { vendorId, keys, error: err as Error });
  }
  if (deleted.length) logger.info('product images deleted', { vendorId, keys: deleted });
  return { deleted, kept };
}
