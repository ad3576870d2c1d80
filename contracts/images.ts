/**
 * What a file really is, from its first bytes (its "magic number"), not from its name or the
 * Content-Type the uploader claimed: both are chosen by whoever uploads.
 */
import { IMAGE_EXTENSIONS, type ImageContentType } from './listings/form';

/** Why the image check (lambdas/images/check-handler.ts) deleted an uploaded object; the console names each (admin_review_check_reason_<reason>). */
export const IMAGE_REJECTION_REASONS = [
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
  /**
   * Another object was written over a key whose first object was checked (`eTag` of the item):
   * a checked key keeps its first content for good, so a reviewed image cannot be swapped.
   */
  'overwritten',
] as const;
export type ImageRejectionReason = (typeof IMAGE_REJECTION_REASONS)[number];

/** How many leading bytes the check reads (one ranged GET). */
export const SIGNATURE_BYTES = 16;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.length <= bytes.length && prefix.every((b, i) => bytes[i] === b);

/**
 * The sizes of the BMP info headers that exist (BITMAPCOREHEADER 12, OS/2 16 and 64, INFOHEADER 40,
 * V2 52, V3 56, V4 108, V5 124). 'BM' alone is two letters any text file may start with; the info
 * header size that follows the 14-byte file header makes it a bitmap. All are below 256, so bytes
 * 14–15 (the low half of the little-endian size) are enough.
 */
const BMP_INFO_HEADER_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

function isBmp(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii('BM')) || bytes.length < SIGNATURE_BYTES) return false;
  return BMP_INFO_HEADER_SIZES.has(bytes[14]! | (bytes[15]! << 8));
}

/** The image type the bytes start with, or null when they are not a JPEG, PNG, GIF or BMP. */
export function detectImageType(bytes: Uint8Array): ImageContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (isBmp(bytes)) return 'image/bmp';
  return null;
}

/** Whether a file name's extension (without the dot, any case) is one of the type's. */
export function extensionFits(type: ImageContentType, extension: string): boolean {
  return IMAGE_EXTENSIONS[type].includes(extension.toLowerCase());
}
