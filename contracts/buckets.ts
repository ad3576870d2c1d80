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
