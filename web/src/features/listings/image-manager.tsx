import { Button } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PRODUCT_IMAGES } from '../../../../contracts/listings/form';
import { Dialog } from '../../components/dialog';
import { ErrorDetail } from '../../components/error-detail';
import { useErrorText } from '../../lib/error-message';
import { IMAGE_ACCEPT, MAX_IMAGE_MEGABYTES, type ImageRefusal } from './image-files';
import type { ImageItem, ImageUploads } from './image-uploads';

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

type Action = 'up' | 'down';

/**
 * The image manager (spec §2): add, remove and reorder the product images, the first being the
 * primary image. Reordering is by buttons (Move up, Move down, Make primary), so it works with a
 * keyboard; the moved image keeps the focus and a polite status says where it went, and which
 * uploads finished.
 */
export function ImageManagerDialog({ uploads, onClose, onShowGuidelines }: { uploads: ImageUploads; onClose(): void; onShowGuidelines(): void }) {
  const { t } = useTranslation();
  const nameOf = useImageName();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [refusals, setRefusals] = useState<ImageRefusal[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<{ id: string; action: Action } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const { images } = uploads;
  const full = images.length >= MAX_PRODUCT_IMAGES;
  useFinishedUploads(images, (done) => setAnnouncement(done.map((item) => t('image_uploaded', { name: nameOf(item) })).join(' ')));

  // After a move the DOM node moved too (and lost the focus): give it back, on the same button when
  // it is still enabled, else on its opposite.
  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = null;
    const rows = listRef.current ? [...listRef.current.querySelectorAll<HTMLElement>('[data-image-id]')] : [];
    const row = rows.find((r) => r.dataset.imageId === pending.id);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${pending.action}"]:not(:disabled)`);
    const other = row?.querySelector<HTMLButtonElement>(`[data-move]:not(:disabled)`);
    (wanted ?? other)?.focus();
  }, [images]);

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    // The same file may be picked again after a refusal.
    event.target.value = '';
    if (chosen.length === 0) return;
    setRefusals(await uploads.addImages(chosen));
  };

  const move = (item: ImageItem, index: number, action: Action | 'primary') => {
    const to = action === 'primary' ? 0 : action === 'up' ? index - 1 : index + 1;
    if (action === 'primary') uploads.makePrimary(item.id);
    else uploads.move(item.id, action === 'up' ? -1 : 1);
    setAnnouncement(to === 0 ? t('image_now_primary', { name: nameOf(item) }) : t('image_moved', { name: nameOf(item), position: to + 1, total: images.length }));
    focusAfterMove.current = { id: item.id, action: action === 'primary' ? 'down' : action };
  };

  return (
    <Dialog
      title={t('image_manager_title')}
      onClose={onClose}
      testId="image-manager"
      footer={
        <Button variation="primary" onClick={onClose} data-testid="image-manager-done">
          {t('done')}
        </Button>
      }
    >
      <p className="dialog-intro">{t('image_manager_intro', { max: MAX_PRODUCT_IMAGES, size: `${MAX_IMAGE_MEGABYTES} MB` })}</p>
      <div className="image-manager-toolbar">
        <input ref={inputRef} id={inputId} type="file" accept={IMAGE_ACCEPT} multiple className="visually-hidden" tabIndex={-1} onChange={(e) => void onFiles(e)} disabled={full} data-testid="image-file-input" />
        <Button onClick={() => inputRef.current?.click()} isDisabled={full} data-testid="add-images">
          {t('add_images')}
        </Button>
        <label htmlFor={inputId} className="visually-hidden">
          {t('add_images')}
        </label>
        <span className="muted" data-testid="image-count">
          {t('images_count', { number: images.length, max: MAX_PRODUCT_IMAGES })}
        </span>
        <button type="button" className="text-button" onClick={onShowGuidelines}>
          {t('image_guidelines')}
        </button>
      </div>
      <ImageRefusals refusals={refusals} testId="image-refusals" />
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="image-manager-status">
        {announcement}
      </p>
      {images.length === 0 ? (
        <p className="muted">{t('no_images_yet')}</p>
      ) : (
        <ol ref={listRef} className="image-manager-list" aria-label={t('image_order')} data-testid="image-manager-list">
          {images.map((item, index) => {
            const name = nameOf(item);
            return (
              <li key={item.id} className="image-manager-item" data-image-id={item.id} data-testid="image-manager-item">
                {item.previewUrl ? <img src={item.previewUrl} alt={name} className="image-thumb" /> : <span className="image-thumb image-thumb-empty" aria-hidden="true" />}
                <div className="image-manager-info">
                  <span className="image-name">{name}</span>
                  {index === 0 && (
                    <span className="primary-badge" data-testid="primary-badge">
                      {t('primary_image')}
                    </span>
                  )}
                  <UploadState item={item} name={name} onCancel={() => uploads.remove(item.id)} onRetry={() => uploads.retry(item.id)} onRemove={() => uploads.remove(item.id)} />
                </div>
                <div className="image-manager-actions">
                  <button type="button" className="text-button" data-move="up" disabled={index === 0} onClick={() => move(item, index, 'up')} aria-label={t('move_up_label', { name })}>
                    {t('move_up')}
                  </button>
                  <button type="button" className="text-button" data-move="down" disabled={index === images.length - 1} onClick={() => move(item, index, 'down')} aria-label={t('move_down_label', { name })}>
                    {t('move_down')}
                  </button>
                  {index > 0 && (
                    <button type="button" className="text-button" onClick={() => move(item, index, 'primary')} aria-label={t('make_primary_label', { name })}>
                      {t('make_primary')}
                    </button>
                  )}
                  {item.status !== 'uploading' && item.status !== 'failed' && (
                    <button type="button" className="text-button" onClick={() => uploads.remove(item.id)} aria-label={t('remove_image_label', { name })}>
                      {t('remove_image')}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Dialog>
  );
}
