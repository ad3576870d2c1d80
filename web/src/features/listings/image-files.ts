/**
 * The browser's checks of an image before it is uploaded (spec §5, the stricter reading: JPEG, PNG,
 * GIF or BMP up to 5 MB, up to 10 images plus the nutrition facts label). The same type check as the
 * server's (contracts/images.ts), so a file the browser lets through is one the image check
 * keeps; the server checks again because a vendor can bypass the browser. Loaded with the first
 * file chosen (image-uploads.ts), not with the form: what the form shows is in image-accept.ts.
 */
import { detectImageType, SIGNATURE_BYTES } from '@contracts/images';
import { IMAGE_CONTENT_TYPES, IMAGE_EXTENSIONS, MAX_IMAGE_BYTES, type ImageContentType } from '@contracts/listings/form';

import type { ImageRefusal } from './image-accept';

export type { ImageRefusal };

export type CheckedImage = { ok: true; contentType: ImageContentType; extension: string } | { ok: false; refusal: ImageRefusal };


/** The first bytes of a file (FileReader: Blob.arrayBuffer is missing in some engines). */
export function readFirstBytes(file: Blob, count = SIGNATURE_BYTES): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file instanceof File ? file.name : 'the file'}`));
    reader.readAsArrayBuffer(file.slice(0, count));
  });
}

/**
 * Type by the browser's MIME type (when it gives one) and by the first bytes, then size. The upload's
 * content type and extension come from the bytes, so the key's extension always matches what the
 * server finds (a GIF saved as .png is uploaded as the GIF it is).
 */
export async function checkImageFile(file: File): Promise<CheckedImage> {
  const name = file.name;
  if (file.type !== '' && !(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)) return { ok: false, refusal: { reason: 'not_an_image', name } };
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, refusal: { reason: 'too_large', name } };
  const contentType = detectImageType(await readFirstBytes(file));
  if (!contentType) return { ok: false, refusal: { reason: 'not_an_image', name } };
  return { ok: true, contentType, extension: IMAGE_EXTENSIONS[contentType][0]! };
}

/** The files that fit into the free slots (in the order chosen); each one beyond is refused with `too_many`. */
export function takeWithinLimit(files: readonly File[], free: number): { taken: File[]; refused: ImageRefusal[] } {
  const room = Math.max(0, free);
  return { taken: files.slice(0, room), refused: files.slice(room).map((f) => ({ reason: 'too_many', name: f.name })) };
}
