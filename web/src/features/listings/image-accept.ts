/**
 * What the item form's file inputs and messages say of images (spec §5): the types the picker offers
 * and the size limit. The checks themselves (image-files.ts, with the type detection of
 * contracts/images.ts) load with the first file chosen.
 */
import { IMAGE_CONTENT_TYPES, IMAGE_EXTENSIONS, MAX_IMAGE_BYTES } from '@contracts/listings/form';

export type ImageRefusal = { reason: 'too_many'; name: string } | { reason: 'too_large'; name: string } | { reason: 'not_an_image'; name: string };

/** What the file input accepts (a hint for the picker; the checks in image-files.ts decide). */
export const IMAGE_ACCEPT = [...IMAGE_CONTENT_TYPES, ...Object.values(IMAGE_EXTENSIONS).flat().map((e) => `.${e}`)].join(',');

/** "5 MB": the limit as the messages say it. */
export const MAX_IMAGE_MEGABYTES = MAX_IMAGE_BYTES / (1024 * 1024);
