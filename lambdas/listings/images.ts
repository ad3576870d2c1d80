/**
 * Product images in the product-images bucket (env PRODUCT_IMAGES_BUCKET): which uploaded keys a
 * product may reference, short-lived GET URLs to show them, and the deletion of images no version
 * references any more.
 */
import { DeleteObjectCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { productImagesBucket } from '../../lib/definitions/buckets';
import { logger } from '../shared/logger';
import { s3Client } from '../shared/s3';
import { FieldValidationError } from './validation';
import { IMAGE_KEY_PATTERN, type ProductContent } from './schema';
import { deleteImageCheck, imageChecks, referencedImageKeys } from './store';

/** How long a signed image URL works (the web asks again for a fresh product list). */
export const IMAGE_URL_TTL_SECONDS = 3600;

let client: S3Client | undefined;
// DESIGN.md §3 settings (checksums only when required; path-style and s3rver's key locally).
const s3 = () => (client ??= s3Client());

export function imagesBucket(): string {
  const bucket = process.env.PRODUCT_IMAGES_BUCKET;
  if (!bucket) throw new Error('Missing environment variable PRODUCT_IMAGES_BUCKET');
  return bucket;
}

export type ImageSigner = (key: string) => Promise<string>;

/** Signs GET URLs for one answer; a key used twice (thumbnail and image) is signed once. */
export function imageSigner(): ImageSigner {
  const signed = new Map<string, Promise<string>>();
  const bucket = imagesBucket();
  return (key) => {
    let url = signed.get(key);
    if (!url) {
      url = getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: IMAGE_URL_TTL_SECONDS });
      signed.set(key, url);
    }
    return url;
  };
}

/** Where the caller's product images must be: their own identity's prefix (lib/auth.ts lets them write nowhere else). */
export const ownImagePrefix = (identityId: string): string => `${productImagesBucket.vendorPrefix}${identityId}/products/`;

/**
 * Accepts the content's image keys only when each is under the caller's own prefix and the
 * server-side image check recorded it as valid. A key of another vendor is refused exactly like
 * an unknown one. Answers 400 with `images` / `nutritionLabel`:
 * `listing_error_image_rejected` when a check refused a file, else `listing_error_image_not_checked`.
 */
export async function acceptImages(content: ProductContent, identityId: string): Promise<void> {
  const prefix = ownImagePrefix(identityId);
  const byField = { images: content.images, nutritionLabel: content.nutritionLabel ? [content.nutritionLabel] : [] };
  const own = [...byField.images, ...byField.nutritionLabel].filter((k) => k.startsWith(prefix));
  const checks = own.length ? await imageChecks(own) : new Map();
  const fields: Record<string, string> = {};
  for (const [field, keys] of Object.entries(byField)) {
    const statuses = keys.map((k) => (k.startsWith(prefix) ? checks.get(k)?.status : undefined));
    if (statuses.includes('rejected')) fields[field] = 'listing_error_image_rejected';
    else if (statuses.some((s) => s !== 'valid')) fields[field] = 'listing_error_image_not_checked';
  }
  if (Object.keys(fields).length) throw new FieldValidationError(fields);
}

/**
 * Deletes the candidates (keys a product just stopped referencing) that no version of any of the
 * vendor's products references — a key can be saved into two products, so the product alone
 * cannot tell — then their image-check records. Runs after the state change is written; a failure
 * here leaves an unreferenced object behind (logged) rather than failing the change. Returns what
 * was deleted.
 */
export async function releaseUnreferencedImages(vendorId: string, candidates: Iterable<string>): Promise<string[]> {
  const keys = [...new Set(candidates)].filter((k) => IMAGE_KEY_PATTERN.test(k));
  const deleted: string[] = [];
  if (keys.length === 0) return deleted;
  try {
    const referenced = await referencedImageKeys(vendorId);
    const unreferenced = keys.filter((k) => !referenced.has(k));
    for (const key of unreferenced) {
      await s3().send(new DeleteObjectCommand({ Bucket: imagesBucket(), Key: key }));
      await deleteImageCheck(key);
      deleted.push(key);
    }
  } catch (err) {
    logger.error('product image cleanup failed; unreferenced images may remain', { vendorId, keys, error: err as Error });
  }
  if (deleted.length) logger.info('product images deleted', { vendorId, keys: deleted });
  return deleted;
}
