/**
 * The renditions of a valid upload (issue 23; contracts/buckets.ts `productImageRenditions`): a
 * 320-px thumbnail for lists and a 1,200-px display size for the item form and the review screen,
 * the longer side at most that and never enlarged, WebP. sharp turns the image upright from its EXIF
 * orientation (`rotate()`), converts to sRGB and writes no metadata (EXIF, GPS, ICC, XMP: a phone
 * photo's location stays in the original only); GIFs give their first frame, transparency is kept.
 * One decode: the display size is made from the original, the thumbnail from the display size's pixels.
 *
 * A file sharp cannot decode (a BMP, which it does not read, or a broken file the check still took by
 * its first bytes) gets its original bytes as both renditions, under its true type: every valid image
 * has both renditions, so an answer can name them without looking (see renditionKey).
 */
import sharp from 'sharp';
import { productImageRenditions, RENDITION_NAMES, type RenditionName } from '../../contracts/buckets';
import type { ImageContentType } from '../../contracts/listings/schema';

// One decode at a time per Lambda instance, nothing cached between invocations (as primary-check.ts).
sharp.cache(false);

/** As primary-check.ts: larger than any photo a 5 MB file holds; a decompression bomb stops here. */
const MAX_INPUT_PIXELS = 100_000_000;
/** WebP quality: at 320 and 1,200 px product photos show no artefacts a vendor or a reviewer would notice. */
export const RENDITION_QUALITY = 80;

export interface Rendition {
  body: Buffer;
  contentType: 'image/webp' | ImageContentType;
  /** Pixels, when known (not for a file that could not be decoded). */
  width?: number;
  height?: number;
}

export type Renditions = Record<RenditionName, Rendition>;

/** Both renditions as WebP, or null when sharp cannot decode the file. */
export async function webpRenditionsOf(bytes: Uint8Array): Promise<Renditions | null> {
  const { display, thumbnail } = productImageRenditions.sizes;
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none' })
      .rotate()
      .resize(display, display, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    const [large, small] = await Promise.all([
      sharp(data, raw).webp({ quality: RENDITION_QUALITY }).toBuffer({ resolveWithObject: true }),
      sharp(data, raw).resize(thumbnail, thumbnail, { fit: 'inside', withoutEnlargement: true }).webp({ quality: RENDITION_QUALITY }).toBuffer({ resolveWithObject: true }),
    ]);
    return {
      display: { body: large.data, contentType: 'image/webp', width: large.info.width, height: large.info.height },
      thumbnail: { body: small.data, contentType: 'image/webp', width: small.info.width, height: small.info.height },
    };
  } catch {
    return null;
  }
}

/** A BMP's size from its info header (BITMAPCOREHEADER's 16-bit fields, else the signed 32-bit ones; a top-down BMP has a negative height). */
export function bmpSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 26) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = view.getUint32(14, true);
  const [width, height] = header === 12 ? [view.getUint16(18, true), view.getUint16(20, true)] : [view.getInt32(18, true), Math.abs(view.getInt32(22, true))];
  return width > 0 && height > 0 ? { width, height } : null;
}

/** The renditions of a valid upload of type `contentType`: WebP, else the original bytes (see the module comment). */
export async function renditionsOf(bytes: Uint8Array, contentType: ImageContentType): Promise<Renditions> {
  const webp = contentType === 'image/bmp' ? null : await webpRenditionsOf(bytes);
  if (webp) return webp;
  const size = contentType === 'image/bmp' ? bmpSize(bytes) : null;
  const original: Rendition = { body: Buffer.from(bytes), contentType, ...(size ?? {}) };
  return Object.fromEntries(RENDITION_NAMES.map((name) => [name, original])) as Renditions;
}
