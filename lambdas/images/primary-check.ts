/**
 * The primary-image rules (contracts/primary-image.ts) on the server: sharp decodes the upload
 * (JPEG, PNG, GIF's first frame; JPEGs shrink on load, which is what keeps a 12-megapixel photo
 * fast), flattens transparency onto white, downscales to at most ANALYSIS_SIZE px a side and hands
 * the raw RGBA pixels to the same rules the browser runs. The image check
 * (check-handler.ts) records the result with every valid image, since any image may become primary.
 * Null when the file cannot be decoded (a BMP, which sharp does not read, or a broken file): the
 * check then records no measurement and the browser's advice is all there is.
 */
import sharp from 'sharp';
import { ANALYSIS_SIZE, checkPrimaryImage, type PrimaryImageCheck } from '../../contracts/primary-image';

// One decode at a time per Lambda instance, nothing cached between invocations.
sharp.cache(false);

/** Larger than any photo a 5 MB file holds; a decompression bomb stops here. */
const MAX_INPUT_PIXELS = 100_000_000;

export async function primaryCheckOf(bytes: Uint8Array): Promise<PrimaryImageCheck | null> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none' });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) return null;
    const { data, info } = await image
      .flatten({ background: '#ffffff' })
      .resize(ANALYSIS_SIZE, ANALYSIS_SIZE, { fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) return null;
    return checkPrimaryImage({ data, width: info.width, height: info.height }, { width: meta.width, height: meta.height });
  } catch {
    return null;
  }
}
