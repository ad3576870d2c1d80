/** What the item form and its image manager (image-manager-dialog.tsx) both show of an image: its name, its upload's state, refusals. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PRODUCT_IMAGES } from '@contracts/listings/form';
import { ErrorDetail } from '../../components/error-detail';
import { useErrorText } from '../../lib/error-message';
import { MAX_IMAGE_MEGABYTES, type ImageRefusal } from './image-accept';
import type { ImageItem } from './image-uploads';

/** An image's name in messages and labels: the file's name, or "Image 2" for a stored one. */
export function useImageName() {
  const { t } = useTranslation();
  return (item: ImageItem) => item.fileName ?? (item.kind === 'label' ? t('nutrition_label') : t('image_n', { n: item.ordinal ?? 1 }));
}

/**
 * Calls `onFinished` with the uploads that finished since the last render (uploading → uploaded), so a
 * component can say so in its status region. It runs while rendering (React's "state from the
 * previous render" pattern): `onFinished` may set only the calling component's state. `items` must
 * keep its identity while nothing changed (ImageUploads' lists do).
 */
export function useFinishedUploads(items: readonly ImageItem[], onFinished: (done: ImageItem[]) => void) {
  const [seen, setSeen] = useState(items);
  if (seen !== items) {
    setSeen(items);
    const before = new Map(seen.map((item) => [item.id, item.status]));
    const done = items.filter((item) => item.status === 'uploaded' && before.get(item.id) === 'uploading');
    if (done.length > 0) onFinished(done);
  }
}

/** The refusals of the browser's checks, one message each ("You can add up to 10 images." once). */
export function ImageRefusals({ refusals, testId }: { refusals: readonly ImageRefusal[]; testId: string }) {
  const { t } = useTranslation();
  if (refusals.length === 0) return null;
  const size = `${MAX_IMAGE_MEGABYTES} MB`;
  const messages = [
    ...new Set(
      refusals.map((r) =>
        r.reason === 'too_many'
          ? t('image_error_too_many', { max: MAX_PRODUCT_IMAGES })
          : r.reason === 'too_large'
            ? t('image_error_too_large', { name: r.name, size })
            : t('image_error_type', { name: r.name }),
      ),
    ),
  ];
  return (
    <div className="image-refusals" role="alert" data-testid={testId}>
      <ul>
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}

/** An upload's progress (a <progress> named after the file, with its percentage) and its Cancel button. */
export function UploadState({ item, name, onCancel, onRetry, onRemove }: { item: ImageItem; name: string; onCancel(): void; onRetry(): void; onRemove(): void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (item.status === 'uploading') {
    return (
      <div className="upload-progress" data-testid="upload-progress">
        <progress max={100} value={item.progress} aria-label={name} />
        <span className="upload-percent" aria-hidden="true">
          {t('upload_percent', { percent: item.progress })}
        </span>
        <button type="button" className="text-button" onClick={onCancel} aria-label={t('cancel_upload_label', { name })} data-testid="upload-cancel">
          {t('cancel')}
        </button>
      </div>
    );
  }
  if (item.status === 'failed') {
    const failed = item.cause !== undefined ? errorText(item.cause) : item.error ? { message: item.error, detail: null } : null;
    return (
      <div className="upload-failed">
        <p className="field-error" role="alert">
          {t('image_upload_failed', { name, message: failed?.message ?? '' })}
          {failed?.detail && <ErrorDetail text={failed.detail} />}
        </p>
        <button type="button" className="text-button" onClick={onRetry} aria-label={t('retry_upload_label', { name })}>
          {t('try_again')}
        </button>
        <button type="button" className="text-button" onClick={onRemove} aria-label={t('remove_image_label', { name })}>
          {t('remove_image')}
        </button>
      </div>
    );
  }
  return null;
}
