/**
 * The primary-image rules in the browser (issue 15): the image the vendor just made primary (a file
 * being uploaded, by its object URL, or a stored one, by its signed URL: the bucket's CORS rule lets
 * the site read it) is drawn downscaled onto a white canvas and its pixels go to the same rules the
 * server's image check runs (contracts/primary-image.ts), so the vendor sees the advice at once.
 * Results are kept per URL for the page's life: the form and the image manager ask for the same image.
 */
import { analysisSize, checkPrimaryImage, type PrimaryImageCheck } from '@contracts/primary-image';

const measured = new Map<string, Promise<PrimaryImageCheck | null>>();

async function measure(url: string): Promise<PrimaryImageCheck | null> {
  try {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.src = url;
    await image.decode();
    const { naturalWidth: width, naturalHeight: height } = image;
    if (!width || !height) return null;
    const size = analysisSize(width, height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    // Transparency shows as white, as on the server (sharp's flatten).
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, size.width, size.height);
    const pixels = context.getImageData(0, 0, size.width, size.height);
    return checkPrimaryImage({ data: pixels.data, width: size.width, height: size.height }, { width, height });
  } catch {
    // Not decodable here (a format the browser lacks, a URL without CORS): no advice, never an error.
    return null;
  }
}

/** The rules' result for the image at `url`, or null when the browser cannot read its pixels. */
export function measurePrimaryImage(url: string): Promise<PrimaryImageCheck | null> {
  let result = measured.get(url);
  if (!result) {
    result = measure(url);
    measured.set(url, result);
  }
  return result;
}
