import { Button } from '@aws-amplify/ui-react';
import { lazy, Suspense, useId, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PRODUCT_IMAGES } from '@contracts/listings/form';
import { IMAGE_ACCEPT, type ImageRefusal } from './image-accept';
import type { GuidelinesKind } from './image-guidelines';
import { ImageRefusals, UploadState, useImageName } from './image-manager';
import type { ImageUploads } from './image-uploads';
import { Section } from './product-form-fields';

/** The primary-image advice and its rules' code load beside the form, not in its chunk: they matter once an image is primary. */
const PrimaryImageAdvice = lazy(() => import('./primary-image-advice').then((m) => ({ default: m.PrimaryImageAdvice })));

interface ImagesSectionProps {
  id: string;
  uploads: ImageUploads;
  /** The image manager's button: the form focuses it when the images are what is wrong. */
  imagesButton: Ref<HTMLButtonElement>;
  imagesError: string | undefined;
  labelError: string | undefined;
  onManage(): void;
  onGuidelines(kind: GuidelinesKind): void;
}

/** The item form's images: the ordered strip (managed in the image manager) and the nutrition label's slot. */
export function ImagesSection({ id, uploads, imagesButton, imagesError, labelError, onManage, onGuidelines }: ImagesSectionProps) {
  const { t } = useTranslation();
  const nameOf = useImageName();
  const [labelRefusals, setLabelRefusals] = useState<ImageRefusal[]>([]);
  const labelInput = useRef<HTMLInputElement>(null);
  const ids = { imagesError: useId(), labelError: useId() };
  const { label } = uploads;

  const onLabelFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) setLabelRefusals(await uploads.setLabel(file));
  };

  return (
    <Section id={id} title={t('section_images')}>
      <div className="images-toolbar">
        <Button ref={imagesButton} onClick={onManage} aria-describedby={imagesError ? ids.imagesError : undefined} data-testid="manage-images">
          {t('manage_images')}
        </Button>
        <span className="muted" data-testid="form-image-count">
          {t('images_count', { number: uploads.images.length, max: MAX_PRODUCT_IMAGES })}
        </span>
        <button type="button" className="text-button" onClick={() => onGuidelines('images')} data-testid="image-guidelines-open">
          {t('image_guidelines')}
        </button>
      </div>
      {uploads.images.length > 0 && (
        <ol className="image-strip" aria-label={t('image_order')} data-testid="form-images">
          {uploads.images.map((item, index) => (
            <li key={item.id} className="image-strip-item">
              {item.previewUrl ? <img src={item.previewUrl} alt={nameOf(item)} className="image-thumb" /> : <span className="image-thumb image-thumb-empty" aria-hidden="true" />}
              {index === 0 && <span className="primary-badge">{t('primary_image')}</span>}
              <UploadState item={item} name={nameOf(item)} onCancel={() => uploads.remove(item.id)} onRetry={() => uploads.retry(item.id)} onRemove={() => uploads.remove(item.id)} />
            </li>
          ))}
        </ol>
      )}
      <Suspense fallback={null}>
        <PrimaryImageAdvice item={uploads.images[0]} />
      </Suspense>
      {imagesError && (
        <p id={ids.imagesError} className="amplify-field__error-message" data-testid="images-error">
          {imagesError}
        </p>
      )}

      <h3 className="label-heading">{t('nutrition_label')}</h3>
      <p className="muted">{t('nutrition_label_hint')}</p>
      <div className="label-slot" data-testid="label-slot">
        {label ? (
          <>
            {label.previewUrl ? <img src={label.previewUrl} alt={nameOf(label)} className="image-thumb" /> : <span className="image-thumb image-thumb-empty" aria-hidden="true" />}
            <span className="image-name">{nameOf(label)}</span>
            <UploadState item={label} name={nameOf(label)} onCancel={() => uploads.remove(label.id)} onRetry={() => uploads.retry(label.id)} onRemove={() => uploads.remove(label.id)} />
          </>
        ) : (
          <span className="muted">{t('no_label_yet')}</span>
        )}
        <input ref={labelInput} type="file" accept={IMAGE_ACCEPT} className="visually-hidden" tabIndex={-1} aria-label={t('upload_label')} onChange={(e) => void onLabelFile(e)} data-testid="label-file-input" />
        <Button size="small" onClick={() => labelInput.current?.click()} aria-describedby={labelError ? ids.labelError : undefined} data-testid="upload-label">
          {label ? t('replace_label') : t('upload_label')}
        </Button>
        {label && label.status !== 'uploading' && label.status !== 'failed' && (
          <button type="button" className="text-button" onClick={() => uploads.remove(label.id)} aria-label={t('remove_image_label', { name: nameOf(label) })}>
            {t('remove_image')}
          </button>
        )}
        <button type="button" className="text-button" onClick={() => onGuidelines('label')} data-testid="label-guidelines-open">
          {t('label_guidelines')}
        </button>
      </div>
      <ImageRefusals refusals={labelRefusals} testId="label-refusals" />
      {labelError && (
        <p id={ids.labelError} className="amplify-field__error-message" data-testid="label-error">
          {labelError}
        </p>
      )}
    </Section>
  );
}
