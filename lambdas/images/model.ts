/**
 * Items of the `imageChecks` table (lambdas/shared/tables.ts), written by the image check
 * (lambdas/images/check.ts) and read by the products API, which accepts an image key only when its
 * check item says `valid`.
 */
import type { ImageContentType } from '../listings/schema';

/** Why an uploaded object was deleted. */
export const REJECTION_REASONS = [
  /** The key is not `private/<identityId>/products/<uploadFolder>/<imageId>.<ext>`. */
  'bad_key',
  /** Larger than MAX_IMAGE_BYTES. */
  'too_large',
  /** The first bytes are not those of a JPEG, PNG, GIF or BMP file. */
  'not_an_image',
  /** A real image whose type does not match the key's extension (e.g. a GIF named .jpg). */
  'type_mismatch',
  /** The upload folder already holds MAX_PRODUCT_IMAGES images plus the nutrition facts label. */
  'too_many_images',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** The outcome for one object key; the latest check of the key wins (an overwrite is checked again). */
export type ImageCheckItem =
  | { key: string; status: 'valid'; contentType: ImageContentType; size: number; checkedAt: string }
  | { key: string; status: 'rejected'; reason: RejectionReason; size: number; checkedAt: string };

/**
 * The slots of one upload folder, in the same table under the folder's prefix (which ends in '/',
 * so it can never be an object key): the keys that passed every other rule and were admitted, at
 * most MAX_PRODUCT_IMAGES + 1. A conditional update admits a key only while there is room, which is
 * what keeps two uploads checked at the same moment from both taking the last slot.
 */
export interface UploadFolderItem {
  key: string;
  kind: 'upload_folder';
  admitted: Set<string>;
  updatedAt: string;
}
