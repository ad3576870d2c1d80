/** Buckets as data, shared by the CDK (lib/images.ts) and the local s3rver bootstrap. */
export const productImagesBucket = {
  localName: 'seller-portal-product-images',
  /** Each vendor's identity may write only under `private/<identityId>/`. */
  vendorPrefix: 'private/',
  corsAllowedMethods: ['GET', 'PUT', 'POST', 'HEAD', 'DELETE'] as const,
  corsExposedHeaders: ['ETag', 'x-amz-request-id', 'x-amz-id-2'] as const,
  maxAgeSeconds: 3000,
} as const;

/**
 * There is no identity-pool stand-in locally (docs/decisions.md): the browser's local credentials
 * provider and the products API both derive the identity id from the user's sub, in the cloud's
 * `<region>:<uuid>` shape, so keys look the same as in the cloud.
 */
export const localIdentityId = (region: string, sub: string): string => `${region}:${sub}`;

/** Where a product image lives: `private/<identityId>/products/<uploadFolder>/<imageId>.<ext>` (contracts/listings/schema.ts). */
export const productImageKey = (identityId: string, uploadFolder: string, imageId: string, ext: string): string =>
  `${productImagesBucket.vendorPrefix}${identityId}/products/${uploadFolder}/${imageId}.${ext}`;

/**
 * Smaller copies of every valid product image (issue 23), written by the image check into a bucket of
 * their own (lib/images.ts; locally a second s3rver bucket) and served by CloudFront under the same
 * path as their key (`/renditions/*`, lib/site.ts) with signed URLs (lambdas/shared/image-urls.ts):
 * lists and the review screen show these, never the original upload (up to 5 MB).
 */
export const productImageRenditions = {
  localName: 'seller-portal-product-renditions',
  /** Every rendition key starts with it, and CloudFront's behaviour serves exactly this path. */
  prefix: 'renditions/',
  /** The longer side in pixels, never enlarged: the list thumbnail and the display size (item form, review screen). */
  sizes: { thumbnail: 320, display: 1200 },
  /**
   * A rendition's key names one content for good (see renditionKey), so browsers and CloudFront may
   * keep it for a year without asking again.
   */
  cacheControl: 'public, max-age=31536000, immutable',
} as const;

export type RenditionName = keyof typeof productImageRenditions.sizes;
export const RENDITION_NAMES = Object.keys(productImageRenditions.sizes) as RenditionName[];

/**
 * The key of an image's rendition: `renditions/<identityId>/products/<uploadFolder>/<imageId>.<ext>/w<size>`
 * for `private/<identityId>/products/<uploadFolder>/<imageId>.<ext>`. Derived from the image key alone,
 * so an answer can give rendition URLs without reading anything: the image check binds a key to its
 * first checked content for good (an overwrite is rejected, and a deleted image's check record stays
 * as a `released` tombstone, lambdas/listings/store.ts), so one rendition key always shows one content.
 */
export function renditionKey(imageKey: string, name: RenditionName): string {
  if (!imageKey.startsWith(productImagesBucket.vendorPrefix)) throw new Error(`not a product image key: ${imageKey}`);
  return `${productImageRenditions.prefix}${imageKey.slice(productImagesBucket.vendorPrefix.length)}/w${productImageRenditions.sizes[name]}`;
}

/** The identity whose prefix a rendition (or image) key lies under: `<identityId>` of `renditions/<identityId>/…`. */
export function identityOfRenditionKey(key: string): string | null {
  if (!key.startsWith(productImageRenditions.prefix)) return null;
  const identity = key.slice(productImageRenditions.prefix.length).split('/')[0];
  return identity ? identity : null;
}
