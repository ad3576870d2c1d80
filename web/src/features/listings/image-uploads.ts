/**
 * The item form's images: the product images in display order (the first is the primary image) and
 * the nutrition facts label, each either stored with the product (shown through the API's signed
 * rendition URLs, issue 23) or uploaded in this form session with Amplify `uploadData` into the vendor's own prefix:
 * `private/<identityId>/products/<uploadFolder>/<imageId>.<ext>` (contracts/buckets.ts).
 * Amplify Storage is loaded by image-storage.ts only, on the first upload, so no other chunk carries it;
 * the browser's checks (image-files.ts) and the key's shape load with the first file chosen too.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ProductImageView } from '@contracts/listings/model';
import { MAX_PRODUCT_IMAGES } from '@contracts/listings/form';
import { errorMessage } from '../../lib/error-message';
import type { ImageRefusal } from './image-accept';
import { deleteUnsavedUpload, loadStorage, type UploadTask } from './image-storage';
import type { PrimaryImageCheck } from '@contracts/primary-image';

export type ImageKind = 'image' | 'label';

export interface ImageItem {
  /** The image id of an upload (its key's file name), or the key of a stored image. */
  id: string;
  kind: ImageKind;
  /** The file's name (uploads); stored images have none. */
  fileName?: string;
  /** A stored image's place when the form opened (its name, "Image 2", stays while it moves). */
  ordinal?: number;
  /** The object key: known for stored images, and for uploads once they finished. */
  key?: string;
  /** A preview: the file itself (object URL) or the stored image's thumbnail (the API's signed URL of its 320-px rendition). */
  previewUrl: string;
  /** A stored image's display size (1,200 px): what the browser measures when the server made no measurement. */
  measureUrl?: string;
  status: 'uploading' | 'uploaded' | 'stored' | 'failed';
  /** 0–100 while uploading. */
  progress: number;
  /** Why an upload failed (the error's message). */
  error?: string;
  /** What was thrown (translated for the vendor by lib/error-message.ts). */
  cause?: unknown;
  /** A stored primary image's measurement by the server's image check (issue 15), when it made one. */
  serverCheck?: PrimaryImageCheck;
}

const objectUrl = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '');
const revoke = (url: string) => {
  if (url.startsWith('blob:')) URL.revokeObjectURL(url);
};

const storedItem = (kind: ImageKind, image: ProductImageView, index: number): ImageItem => ({
  id: image.key,
  kind,
  key: image.key,
  ordinal: index + 1,
  previewUrl: image.thumbnailUrl ?? image.url,
  measureUrl: image.url,
  status: 'stored',
  progress: 100,
  ...(image.primary ? { serverCheck: image.primary } : {}),
});

export interface ImageUploads {
  images: ImageItem[];
  label: ImageItem | null;
  /** True while any upload runs: the form waits for it before saving. */
  uploading: boolean;
  /** True when an upload failed and is still listed (removed or retried before saving). */
  failed: boolean;
  /** The keys the form saves: `images` in display order, and the label ('' for none). */
  keys: { images: string[]; nutritionLabel: string };
  /** Checks and uploads product images; resolves with what was refused (the rest is uploading). */
  addImages(files: readonly File[]): Promise<ImageRefusal[]>;
  /** Checks and uploads the label photo, replacing the current one. */
  setLabel(file: File): Promise<ImageRefusal[]>;
  /** Cancels a running upload, or removes an image (an upload of this form session is deleted from the bucket). */
  remove(id: string): void;
  retry(id: string): void;
  /** Moves a product image by `delta` places; `makePrimary` moves it to the front. */
  move(id: string, delta: number): void;
  makePrimary(id: string): void;
}

/**
 * The state of the form's images and their uploads. One upload folder per form session
 * (`crypto.randomUUID()`), one random image id per file. Running uploads are cancelled when the
 * form goes away; images left over by a form that was never saved are the bucket's to expire.
 */
export function useImageUploads(initial: { images: readonly ProductImageView[]; label: ProductImageView | null }): ImageUploads {
  const [items, setItems] = useState<ImageItem[]>(() => [...initial.images.map((image, i) => storedItem('image', image, i)), ...(initial.label ? [storedItem('label', initial.label, 0)] : [])]);
  const [uploadFolder] = useState(() => crypto.randomUUID());
  const tasks = useRef(new Map<string, UploadTask>());
  const files = useRef(new Map<string, { file: File; contentType: string; extension: string }>());
  const itemsRef = useRef(items);
  useLayoutEffect(() => {
    itemsRef.current = items;
  });

  const patch = useCallback((id: string, change: Partial<ImageItem>) => setItems((list) => list.map((i) => (i.id === id ? { ...i, ...change } : i))), []);
  const drop = useCallback((id: string) => {
    const gone = itemsRef.current.find((i) => i.id === id);
    if (gone) revoke(gone.previewUrl);
    setItems((list) => list.filter((i) => i.id !== id));
    files.current.delete(id);
  }, []);

  const start = useCallback(
    async (id: string) => {
      const source = files.current.get(id);
      if (!source) return;
      patch(id, { status: 'uploading', progress: 0, error: undefined, cause: undefined });
      try {
        const [{ uploadData, isCancelError }, { productImageKey }] = await Promise.all([loadStorage(), import('@contracts/buckets')]);
        // Removed while Amplify was loading: never start.
        if (!files.current.has(id)) return;
        const task = uploadData({
          path: ({ identityId }) => {
            if (!identityId) throw new Error('No identity for the upload: sign in again.');
            return productImageKey(identityId, uploadFolder, id, source.extension);
          },
          data: source.file,
          options: {
            contentType: source.contentType,
            // If-None-Match: * — a key is written once; the cloud role may refuse overwrites, so an
            // image a product already uses can never be replaced under it.
            preventOverwrite: true,
            onProgress: ({ transferredBytes, totalBytes }) => {
              const total = totalBytes ?? source.file.size;
              patch(id, { progress: total > 0 ? Math.min(100, Math.floor((transferredBytes / total) * 100)) : 0 });
            },
          },
        });
        tasks.current.set(id, task);
        try {
          const { path } = await task.result;
          // Removed just as it finished (cancel came too late): the object must not stay behind.
          if (files.current.has(id)) patch(id, { status: 'uploaded', progress: 100, key: path });
          else deleteUnsavedUpload(path);
        } catch (err) {
          if (isCancelError(err)) drop(id);
          else throw err;
        } finally {
          tasks.current.delete(id);
        }
      } catch (err) {
        if (files.current.has(id)) patch(id, { status: 'failed', error: errorMessage(err), cause: err });
      }
    },
    [drop, patch, uploadFolder],
  );

  /** Checks every file, then uploads those that passed and fit into `free` slots (in the order chosen). */
  const add = useCallback(
    async (kind: ImageKind, chosen: readonly File[], free: number): Promise<ImageRefusal[]> => {
      const { checkImageFile, takeWithinLimit } = await import('./image-files');
      const refusals: ImageRefusal[] = [];
      const valid: { file: File; contentType: string; extension: string }[] = [];
      for (const file of chosen) {
        const checked = await checkImageFile(file);
        if (checked.ok) valid.push({ file, contentType: checked.contentType, extension: checked.extension });
        else refusals.push(checked.refusal);
      }
      const { taken, refused } = takeWithinLimit(
        valid.map((v) => v.file),
        free,
      );
      const accepted = taken.map((file): ImageItem => {
        const id = crypto.randomUUID();
        files.current.set(id, valid.find((v) => v.file === file)!);
        return { id, kind, fileName: file.name, previewUrl: objectUrl(file), status: 'uploading', progress: 0 };
      });
      setItems((list) => [...list, ...accepted]);
      for (const item of accepted) void start(item.id);
      return [...refusals, ...refused];
    },
    [start],
  );

  const remove = useCallback(
    (id: string) => {
      const item = itemsRef.current.find((i) => i.id === id);
      if (!item) return;
      const task = tasks.current.get(id);
      drop(id);
      if (task) return task.cancel();
      // Only an upload of this form session (the form leaves once it saved): a stored image may still
      // be live, and the API deletes those no version uses any more. Deleting frees the upload
      // folder's slot for the server-side check.
      if (item.status === 'uploaded' && item.key) deleteUnsavedUpload(item.key);
    },
    [drop],
  );

  const addImages = useCallback(
    async (chosen: readonly File[]) => {
      const free = MAX_PRODUCT_IMAGES - itemsRef.current.filter((i) => i.kind === 'image').length;
      return add('image', chosen, free);
    },
    [add],
  );

  const setLabel = useCallback(
    async (file: File) => {
      const previous = itemsRef.current.find((i) => i.kind === 'label');
      const refusals = await add('label', [file], 1);
      // The old label goes only when the new one was accepted.
      if (refusals.length === 0 && previous) remove(previous.id);
      return refusals;
    },
    [add, remove],
  );

  const move = useCallback((id: string, delta: number) => {
    setItems((list) => {
      const images = list.filter((i) => i.kind === 'image');
      const from = images.findIndex((i) => i.id === id);
      const to = Math.max(0, Math.min(images.length - 1, from + delta));
      if (from < 0 || from === to) return list;
      const [moved] = images.splice(from, 1);
      images.splice(to, 0, moved!);
      return [...images, ...list.filter((i) => i.kind !== 'image')];
    });
  }, []);

  // Running uploads stop with the form; object URLs are freed.
  useEffect(() => {
    const running = tasks.current;
    return () => {
      for (const task of running.values()) task.cancel();
      for (const item of itemsRef.current) revoke(item.previewUrl);
    };
  }, []);

  const images = useMemo(() => items.filter((i) => i.kind === 'image'), [items]);
  const label = items.find((i) => i.kind === 'label') ?? null;
  const keys = useMemo(() => ({ images: images.flatMap((i) => (i.key ? [i.key] : [])), nutritionLabel: label?.key ?? '' }), [images, label]);

  return {
    images,
    label,
    uploading: items.some((i) => i.status === 'uploading'),
    failed: items.some((i) => i.status === 'failed'),
    keys,
    addImages,
    setLabel,
    remove,
    retry: (id) => void start(id),
    move,
    makePrimary: (id) => move(id, -MAX_PRODUCT_IMAGES),
  };
}
