/**
 * Items of the `imageChecks` table (contracts/tables.ts), written by the image check
 * (lambdas/images/check-handler.ts) and read by the products API, which accepts an image key only when its
 * check item says `valid`.
 */
import type { RenditionName } from '../../contracts/buckets';
import type { ImageContentType } from '../../contracts/listings/schema';
import type { PrimaryImageCheck } from '../../contracts/primary-image';
import type { ImageRejectionReason } from '../../contracts/images';

/** Why an uploaded object was deleted (declared in contracts/images.ts: the console names each). */
export { IMAGE_REJECTION_REASONS as REJECTION_REASONS, type ImageRejectionReason as RejectionReason } from '../../contracts/images';

/**
 * What every check item records about the object it judged. `eTag` (without quotes) is the key's
 * first checked object: the key is bound to it, and any other object written there later is
 * rejected as `overwritten` (the item keeps the bound ETag). `sequencer` is the S3 event
 * sequencer (normalized, see check-handler.ts) of the latest object version judged: an older event that
 * finishes late cannot replace the record of a newer one. Both are missing on items written
 * before keys were bound; such a key is bound by its next check.
 */
interface CheckedObject {
  key: string;
  size: number;
  checkedAt: string;
  eTag?: string;
  sequencer?: string;
}

/** The outcome for one object key (the products API accepts the key only when `valid`). */
export type ImageCheckItem =
  | (CheckedObject & {
      status: 'valid';
      contentType: ImageContentType;
      /**
       * The primary-image rules' result (contracts/primary-image.ts, issue 15): advice, never a
       * rejection. Missing when the file could not be decoded (BMP, a broken file) and on items
       * written before the rules existed.
       */
      primary?: PrimaryImageCheck;
      /**
       * The renditions written for it (issue 23, ./renditions.ts), in the renditions bucket. Missing
       * on items written before renditions existed, until the image is checked again
       * (docs/operations.md, "Renditions of older images").
       */
      renditions?: Record<RenditionName, RenditionRecord>;
    })
  | (CheckedObject & { status: 'rejected'; reason: ImageRejectionReason })
  /**
   * A valid image no product references any more, deleted with its renditions a grace period after
   * the last product dropped it (lambdas/listings/images.ts sweepDroppedImages): the item stays as a tombstone with its
   * bound ETag, so the key can never hold other bytes (the check rejects them as `overwritten`) and
   * its rendition keys, which CloudFront caches for a year, never show another image. No product
   * can take it (a claim needs `valid`); the same bytes uploaded again are valid again.
   */
  | (CheckedObject & { status: 'released'; releasedAt: string; contentType?: ImageContentType; renditions?: Record<RenditionName, RenditionRecord> });

/** One rendition as the check wrote it: its key, type and, when known, its size in pixels. */
export interface RenditionRecord {
  key: string;
  contentType: string;
  bytes: number;
  width?: number;
  height?: number;
}

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
