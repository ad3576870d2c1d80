import { Button } from '@aws-amplify/ui-react';
import { lazy, Suspense, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProductView } from '@contracts/listings/model';
import type { ProductFormValues } from '@contracts/listings/schema';
import { languageToApply } from '../../i18n/language';
import { intlLocale } from '../../lib/format';
import { prefetchWhenIdle } from '../../lib/prefetch';
import { countryOptions } from '../../lib/product-labels';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import type { GuidelinesKind } from './image-guidelines';
import { useFinishedUploads, useImageName } from './image-manager';
import { useImageUploads, type ImageUploads } from './image-uploads';
import { ImagesSection } from './images-section';
import { ItemInfoSection } from './item-info-section';
import { DimensionsSection, PricingSection } from './price-sections';
import { fieldErrorText, fieldKit } from './product-form-fields';
import { ProductFormNotices, rejectedRevision } from './product-form-notices';
import { ProductFormStatus } from './product-form-status';
import { loadValidation, useProductForm, type SaveMode } from './use-product-form';

export type { SavedState } from './use-product-form';

/**
 * The parts the form does not show on first paint are lazy chunks, fetched with the checks when the
 * vendor starts on the form or once the page has settled, so they open without a wait: the image
 * manager and guidelines dialogs, the unsaved-changes dialog, the save's sending and the image checks.
 */
const loadGuidelines = () => import('./image-guidelines');
const ImageGuidelinesDialog = lazy(() => loadGuidelines().then((m) => ({ default: m.ImageGuidelinesDialog })));
const loadImageManager = () => import('./image-manager-dialog');
const ImageManagerDialog = lazy(() => loadImageManager().then((m) => ({ default: m.ImageManagerDialog })));
/** Asked only when the vendor leaves with unsaved work (the click is held meanwhile). */
const loadUnsavedDialog = () => import('./unsaved-changes-dialog');
const UnsavedChangesDialog = lazy(() => loadUnsavedDialog().then((m) => ({ default: m.UnsavedChangesDialog })));
/** What a save sends (api/save-product.ts) and the browser's image checks (image-uploads.ts) load on first use. */
const loadSave = () => Promise.all([import('./image-check-wait'), import('./image-files')]);
const loadLazyParts = () => Promise.all([loadValidation(), loadGuidelines(), loadImageManager(), loadUnsavedDialog(), loadSave()]);
const warmLazyParts = () => void loadLazyParts().catch(() => undefined);

/**
 * The form's image fields follow the uploads (keys of finished uploads and stored images, in order),
 * validated again only when the images change, not when the form becomes submitted: a save's first
 * answer sets the server's image errors just before react-hook-form marks the form submitted, and
 * re-validating then would wipe them (issue 24: a resubmission ended with no message at all).
 * True while the images differ from those the form opened with.
 */
function useImageFields(form: UseFormReturn<ProductFormValues, unknown, ProductFormValues>, { keys }: ImageUploads): boolean {
  const { setValue, formState } = form;
  const submitted = useRef(formState.isSubmitted);
  useLayoutEffect(() => {
    submitted.current = formState.isSubmitted;
  });
  useEffect(() => {
    setValue('images', keys.images, { shouldValidate: submitted.current });
    setValue('nutritionLabel', keys.nutritionLabel, { shouldValidate: submitted.current });
  }, [keys, setValue]);
  const [initial] = useState(() => ({ images: keys.images.join('\n'), label: keys.nutritionLabel }));
  return keys.images.join('\n') !== initial.images || keys.nutritionLabel !== initial.label;
}

/**
 * The item form (spec §3): item info, images, pricing, dimension and weight, with every field of
 * `productFormSchema`, checked and saved by useProductForm. A published product's prices are shown
 * read-only, with the way to Inventory. Leaving with unsaved work (a changed field, an image added,
 * removed or reordered, an upload running) asks first; a save navigates freely.
 */
export function ProductForm({ product }: { product: ProductView | null }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(languageToApply(i18n.language));
  const version = product ? (product.revision ?? product.live) : null;
  const uploads = useImageUploads({ images: version?.images ?? [], label: version?.nutritionLabel ?? null });
  const imagesButton = useRef<HTMLButtonElement>(null);
  const { form, save, busy, invalid, failure, checkingImages } = useProductForm(product, uploads, imagesButton);
  const { register, control, formState } = form;
  const { errors } = formState;
  useEffect(() => prefetchWhenIdle(loadLazyParts), []);
  const [managerOpen, setManagerOpen] = useState(false);
  const [guidelines, setGuidelines] = useState<GuidelinesKind | null>(null);
  const uploadedNote = useUploadedNote(uploads, managerOpen);
  const imagesChanged = useImageFields(form, uploads);
  const guard = useLeaveGuard(busy === null && (formState.isDirty || imagesChanged || uploads.uploading));
  const ids = { info: useId(), images: useId(), pricing: useId(), dimensions: useId() };
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const errorOf = fieldErrorText(errors, t, (key) => i18n.exists(key));
  const fields = fieldKit(register, errorOf, t);

  return (
    <>
      <ProductFormNotices product={product} />
      <ProductFormStatus errors={errors} invalid={invalid} locale={locale} checkingImages={checkingImages} failure={failure} />
      <form
        className="product-form"
        noValidate
        // The checks' code (zod) and the dialogs are fetched when the vendor starts on the form, or once the page has settled.
        onFocus={warmLazyParts}
        onSubmit={(e) => {
          e.preventDefault();
          save('draft');
        }}
        data-testid="product-form"
      >
        <ItemInfoSection id={ids.info} fields={fields} register={register} control={control} errors={errors} errorOf={errorOf} countries={countries} />
        <ImagesSection
          id={ids.images}
          uploads={uploads}
          imagesButton={imagesButton}
          imagesError={errorOf('images')}
          labelError={errorOf('nutritionLabel')}
          onManage={() => setManagerOpen(true)}
          onGuidelines={setGuidelines}
        />
        <PricingSection id={ids.pricing} fields={fields} lockedProduct={product?.live ? product : null} />
        <DimensionsSection id={ids.dimensions} fields={fields} />
        <FormActions busy={busy} resubmit={rejectedRevision(product) !== null} onSubmitForReview={() => save('submit')} />
      </form>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="form-upload-status">
        {uploadedNote}
      </p>
      {/* One boundary each: the guidelines opened over the manager must not hide it while they load. */}
      <Suspense fallback={null}>{managerOpen && <ImageManagerDialog uploads={uploads} onClose={() => setManagerOpen(false)} onShowGuidelines={() => setGuidelines('images')} />}</Suspense>
      <Suspense fallback={null}>{guidelines && <ImageGuidelinesDialog kind={guidelines} onClose={() => setGuidelines(null)} />}</Suspense>
      <Suspense fallback={null}>{guard.pending !== null && <UnsavedChangesDialog onStay={guard.stay} onLeave={guard.leave} />}</Suspense>
    </>
  );
}

/** A finished upload is said politely: the label's here, the images' too while the image manager (which says its own) is closed. */
function useUploadedNote(uploads: ImageUploads, managerOpen: boolean): string {
  const { t } = useTranslation();
  const nameOf = useImageName();
  const [note, setNote] = useState('');
  const tracked = useMemo(() => (uploads.label ? [...uploads.images, uploads.label] : uploads.images), [uploads.images, uploads.label]);
  useFinishedUploads(tracked, (done) => {
    const said = done.filter((item) => item.kind === 'label' || !managerOpen);
    if (said.length > 0) setNote(said.map((item) => t('image_uploaded', { name: nameOf(item) })).join(' '));
  });
  return note;
}

function FormActions({ busy, resubmit, onSubmitForReview }: { busy: SaveMode | null; resubmit: boolean; onSubmitForReview(): void }) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <Link to="/products" className="amplify-button amplify-button--link">
        {t('cancel')}
      </Link>
      <Button type="submit" isDisabled={busy !== null} isLoading={busy === 'draft'} loadingText={t('saving')} data-testid="save-draft">
        {t('save_as_draft')}
      </Button>
      <Button variation="primary" onClick={onSubmitForReview} isDisabled={busy !== null} isLoading={busy === 'submit'} loadingText={t('submitting')} data-testid="submit-for-review">
        {resubmit ? t('resubmit_for_review') : t('submit_for_review')}
      </Button>
    </div>
  );
}
