/**
 * The object tag that lets the bucket expire uploads no product uses (the lifecycle rule in
 * lib/images.ts). The image check tags each new upload `referenced=no` before it records the
 * upload valid; the products API tags every key it accepts `referenced=yes` (lambdas/listings/images.ts).
 * Vendors may not tag objects (lib/auth.ts grants no s3:PutObjectTagging), so an upload cannot
 * mark itself kept. An object without the tag (uploaded before the rule existed) never expires.
 */
export const referencedTag = {
  key: 'referenced',
  /** Set by the image check when it first records an upload valid: expires unless a product takes it. */
  no: 'no',
  /** Set by the products API on every image it accepts into a product: kept. */
  yes: 'yes',
} as const;

export type ReferencedTagValue = typeof referencedTag.no | typeof referencedTag.yes;

/** The tag set PutObjectTagging writes (it replaces every tag the object had). */
export const referencedTagging = (value: ReferencedTagValue) => ({ TagSet: [{ Key: referencedTag.key, Value: value }] });
