import { Button } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PRODUCT_IMAGES } from '@contracts/listings/form';
import { Dialog } from '../../components/dialog';
import { IMAGE_ACCEPT, MAX_IMAGE_MEGABYTES, type ImageRefusal } from './image-accept';
import type { ImageItem, ImageUploads } from './image-uploads';

import { ImageRefusals, UploadState, useFinishedUploads, useImageName } from './image-manager';
import { PrimaryImageAdvice } from './primary-image-advice';

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
          {images.map((item, index) => (
            <ImageManagerItem key={item.id} item={item} index={index} last={index === images.length - 1} uploads={uploads} onMove={(action) => move(item, index, action)} />
          ))}
        </ol>
      )}
    </Dialog>
  );
}

interface ImageManagerItemProps {
  item: ImageItem;
  index: number;
  last: boolean;
  uploads: ImageUploads;
  onMove(action: Action | 'primary'): void;
}

/** One image of the manager: preview, name, primary badge and advice, upload state, and its buttons. */
function ImageManagerItem({ item, index, last, uploads, onMove }: ImageManagerItemProps) {
  const { t } = useTranslation();
  const nameOf = useImageName();
  const name = nameOf(item);
  return (
    <li className="image-manager-item" data-image-id={item.id} data-testid="image-manager-item">
      {item.previewUrl ? <img src={item.previewUrl} alt={name} className="image-thumb" /> : <span className="image-thumb image-thumb-empty" aria-hidden="true" />}
      <div className="image-manager-info">
        <span className="image-name">{name}</span>
        {index === 0 && (
          <span className="primary-badge" data-testid="primary-badge">
            {t('primary_image')}
          </span>
        )}
        {index === 0 && <PrimaryImageAdvice item={item} testId="manager-primary-advice" />}
        <UploadState item={item} name={name} onCancel={() => uploads.remove(item.id)} onRetry={() => uploads.retry(item.id)} onRemove={() => uploads.remove(item.id)} />
      </div>
      <div className="image-manager-actions">
        <button type="button" className="text-button" data-move="up" disabled={index === 0} onClick={() => onMove('up')} aria-label={t('move_up_label', { name })}>
          {t('move_up')}
        </button>
        <button type="button" className="text-button" data-move="down" disabled={last} onClick={() => onMove('down')} aria-label={t('move_down_label', { name })}>
          {t('move_down')}
        </button>
        {index > 0 && (
          <button type="button" className="text-button" onClick={() => onMove('primary')} aria-label={t('make_primary_label', { name })}>
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
}
