/** Buckets as data, shared by the CDK (lib/images.ts) and the local s3rver bootstrap. */
export const productImagesBucket = {
  localName: 'seller-portal-product-images',
  /** Each vendor's identity may write only under `private/<identityId>/`. */
  vendorPrefix: 'private/',
  corsAllowedMethods: ['GET', 'PUT', 'POST', 'HEAD', 'DELETE'] as const,
  corsExposedHeaders: ['ETag', 'x-amz-request-id', 'x-amz-id-2'] as const,
  maxAgeSeconds: 3000,
} as const;
