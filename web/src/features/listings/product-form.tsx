import { Button } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ProductView } from '../../../../contracts/listings/model';
import { emptyProductForm } from '../../../../contracts/listings/form';
import type { ProductFormValues } from '../../../../contracts/listings/schema';
import { Alert } from '../../components/alert';
import { languageToApply } from '../../i18n/language';
import { ApiError } from '../../lib/api';
import { useErrorText } from '../../lib/error-message';
import { serverFieldErrors } from '../../lib/field-errors';
import { prefetchWhenIdle } from '../../lib/prefetch';
import { countryOptions } from '../../lib/product-labels';
import { intlLocale } from '../../lib/format';
import { invalidateCatalogue } from '../../lib/query-client';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import type { GuidelinesKind } from './image-guidelines';
import { useFinishedUploads, useImageName } from './image-manager';
import { useImageUploads } from './image-uploads';
import { ImagesSection } from './images-section';
import { ItemInfoSection } from './item-info-section';
import { DimensionsSection, PricingSection } from './price-sections';
import { fieldErrorText, fieldKit, formValues, type FieldName } from './product-form-fields';
import { createProduct, updateProduct } from './products-api';
import { sendWhenImagesChecked } from './image-check-wait';
import { ActionKey } from '../../lib/idempotency';
import { RejectionReasons } from './rejection-reasons';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

type SaveMode = 'draft' | 'submit';

/** The form's checks (zod and the product schema) are a lazy chunk: the form renders without them, and fetches them once shown. */
const loadValidation = () => import('./product-validation');
/** The image manager and guidelines dialogs too: fetched with the checks, so they open without a wait. */
const loadGuidelines = () => import('./image-guidelines');
const ImageGuidelinesDialog = lazy(() => loadGuidelines().then((m) => ({ default: m.ImageGuidelinesDialog })));
const loadImageManager = () => import('./image-manager-dialog');
const ImageManagerDialog = lazy(() => loadImageManager().then((m) => ({ default: m.ImageManagerDialog })));
const loadLazyParts = () => Promise.all([loadValidation(), loadGuidelines(), loadImageManager()]);
const warmLazyParts = () => void loadLazyParts().catch(() => undefined);

const FIELD_NAMES = Object.keys(emptyProductForm()) as FieldName[];
const isFieldName = (name: string): name is FieldName => (FIELD_NAMES as string[]).includes(name);
const PRICE_FIELDS: readonly FieldName[] = ['price', 'compareAtPrice'];

/**
 * Each field's label (i18n key), in the order the form shows them: the alert over the form names the
 * fields that need attention (issue 24), so a vendor resubmitting a long form sees at once what is
 * missing, also where a field's own message is far down the page.
 */
const FIELD_LABELS: readonly (readonly [FieldName, string])[] = [
  ['nameEn', 'field_name_en'],
  ['nameZh', 'field_name_zh'],
  ['barcode', 'field_barcode'],
  ['productType', 'field_product_type'],
  ['unitOfMeasure', 'field_unit_of_measure'],
  ['unitQuantity', 'field_unit_quantity'],
  ['description', 'field_description'],
  ['ingredients', 'field_ingredients'],
  ['hasAllergens', 'field_has_allergens'],
  ['allergens', 'field_allergens'],
  ['countryOfOrigin', 'field_country_of_origin'],
  ['images', 'image_manager_title'],
  ['nutritionLabel', 'nutrition_label'],
  ['price', 'field_price'],
  ['compareAtPrice', 'field_compare_at_price'],
  ['weight', 'field_weight'],
  ['weightUnit', 'field_weight_unit'],
  ['volume', 'field_volume'],
  ['volumeUnit', 'field_volume_unit'],
  ['length', 'field_length'],
  ['width', 'field_width'],
  ['height', 'field_height'],
  ['dimensionUnit', 'field_dimension_unit'],
];

/** Where the product lists say what happened after a save (products-page.tsx reads it). */
export interface SavedState {
  saved: { mode: SaveMode; name: string };
}

/**
 * The item form (spec §3): item info, images, pricing, dimension and weight, with every field of
 * `productFormSchema`. One schema, two checks: "Save as draft" validates with `productFormSchema`,
 * "Submit for review" with `productSubmitSchema` (what review needs), both through react-hook-form's
 * zodResolver, so the browser says exactly what the API would. A server 400 is put back on its
 * fields; a 409 (the product went under review meanwhile) and other failures are said in the page.
 * A published product's prices are shown read-only, with the way to Inventory.
 */
export function ProductForm({ product }: { product: ProductView | null }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(languageToApply(i18n.language));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const version = product ? (product.revision ?? product.live) : null;
  const [defaultValues] = useState<ProductFormValues>(() => formValues(product));
  const pricesLocked = Boolean(product?.live);
  const uploads = useImageUploads({ images: version?.images ?? [], label: version?.nutritionLabel ?? null });
  const nameOf = useImageName();

  const mode = useRef<SaveMode>('draft');
  const createKey = useRef(new ActionKey());
  const resolver = useMemo<Resolver<ProductFormValues, unknown, ProductFormValues>>(
    () => async (values, context, options) => {
      const { draftResolver, submitResolver } = await loadValidation();
      return (mode.current === 'submit' ? submitResolver : draftResolver)(values, context, options);
    },
    [],
  );
  useEffect(() => prefetchWhenIdle(loadLazyParts), []);
  const { register, handleSubmit, setValue, setError, setFocus, control, formState } = useForm<ProductFormValues, unknown, ProductFormValues>({ defaultValues, resolver });
  const { errors, isSubmitted, isDirty } = formState;

  const productId = product?.productId;
  const [busy, setBusy] = useState<SaveMode | null>(null);
  // A save waiting for the server's image checks (image-check-wait.ts), ended when the form goes away.
  const [checkingImages, setCheckingImages] = useState(false);
  const leaving = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);
  const errorText = useErrorText();
  const [failure, setFailure] = useState<{ text: string; detail?: string | null } | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [managerOpen, setManagerOpen] = useState(false);
  const [guidelines, setGuidelines] = useState<GuidelinesKind | null>(null);
  const [uploadedNote, setUploadedNote] = useState('');
  const imagesButton = useRef<HTMLButtonElement>(null);
  const ids = { info: useId(), images: useId(), pricing: useId(), dimensions: useId() };
  const countries = useMemo(() => countryOptions(locale), [locale]);

  // The form's image fields follow the uploads: keys of finished uploads and stored images, in order.
  const { keys } = uploads;
  // A finished upload is said politely: the label's here, the images' too while the image manager
  // (which says its own) is closed.
  const tracked = useMemo(() => (uploads.label ? [...uploads.images, uploads.label] : uploads.images), [uploads.images, uploads.label]);
  useFinishedUploads(tracked, (done) => {
    const said = done.filter((item) => item.kind === 'label' || !managerOpen);
    if (said.length > 0) setUploadedNote(said.map((item) => t('image_uploaded', { name: nameOf(item) })).join(' '));
  });
  // Validated again only when the images change, not when the form becomes submitted: a save's first
  // answer sets the server's image errors just before react-hook-form marks the form submitted, and
  // re-validating then would wipe them (issue 24: a resubmission ended with no message at all).
  const submitted = useRef(isSubmitted);
  useLayoutEffect(() => {
    submitted.current = isSubmitted;
  });
  useEffect(() => {
    setValue('images', keys.images, { shouldValidate: submitted.current });
    setValue('nutritionLabel', keys.nutritionLabel, { shouldValidate: submitted.current });
  }, [keys, setValue]);

  // Unsaved work: a changed field, an image or label added, removed or reordered, or an upload running.
  // Leaving asks first (in-app links) or lets the browser ask (tab closed, reload); a save navigates freely.
  const [initialImages] = useState(() => ({ images: keys.images.join('\n'), label: keys.nutritionLabel }));
  const imagesChanged = keys.images.join('\n') !== initialImages.images || keys.nutritionLabel !== initialImages.label;
  const dirty = busy === null && (isDirty || imagesChanged || uploads.uploading);
  const guard = useLeaveGuard(dirty);

  const errorOf = fieldErrorText(errors, t, (key) => i18n.exists(key));

  const onInvalid = (found: FieldErrors<ProductFormValues>) => {
    setInvalid(true);
    // Fields with an input get the focus from react-hook-form; the images have none: their button does.
    const names = Object.keys(found);
    if (names.length > 0 && names.every((n) => n === 'images' || n === 'nutritionLabel')) imagesButton.current?.focus();
  };

  const save = (which: SaveMode) => {
    setFailure(null);
    setInvalid(false);
    if (uploads.uploading) return setFailure({ text: t('images_still_uploading') });
    if (uploads.failed) return setFailure({ text: t('images_failed_block') });
    mode.current = which;
    void handleSubmit(async (values) => {
      const body: ProductFormValues = { ...values, allergens: values.hasAllergens === 'yes' ? values.allergens : [], images: keys.images, nutritionLabel: keys.nutritionLabel };
      setBusy(which);
      try {
        const submit = which === 'submit';
        // A new product: one Idempotency-Key per save, the same while the same save is sent again.
        const send = () => (productId ? updateProduct(productId, body, submit) : createProduct(body, submit, createKey.current.keyFor({ values: body, submit })));
        // Images just uploaded may still be in the server's check: sent again once they pass, saying so meanwhile.
        const saved = await sendWhenImagesChecked(send, { onWaiting: () => setCheckingImages(true), signal: leaving.current?.signal });
        setCheckingImages(false);
        createKey.current.done();
        // The lists and the inventory read it again when shown; this form's own query is not reloaded under it.
        invalidateCatalogue(queryClient, 'none');
        const state: SavedState = { saved: { mode: which, name: saved.nameEn || body.nameEn } };
        navigate(`/products?tab=${which === 'submit' ? 'pending' : 'draft'}`, { state });
      } catch (err) {
        setBusy(null);
        setCheckingImages(false);
        const fields = Object.entries(serverFieldErrors(err));
        // Read-only prices have no field to carry a message: the server's message says it instead.
        const known = fields.filter(([name]) => isFieldName(name) && !(pricesLocked && PRICE_FIELDS.includes(name))) as [FieldName, string][];
        for (const [name, message] of known) setError(name, { type: 'server', message });
        if (known.length > 0) {
          setInvalid(true);
          // The first field in the form's order; the images have no input: their button takes it.
          const first = FIELD_NAMES.find((name) => known.some(([field]) => field === name))!;
          if (first === 'images' || first === 'nutritionLabel') imagesButton.current?.focus();
          else setFocus(first);
          if (known.length === fields.length) return;
        }
        setFailure(saveFailure(err));
      }
    }, onInvalid)().catch((err: unknown) => {
      // The checks' chunk could not be loaded (e.g. a deploy replaced it): said, never a silent button.
      setBusy(null);
      setFailure(saveFailure(err));
    });
  };

  /** A 409 in the vendor's words where the code is known (docs/api.md), else the server's message. */
  const saveFailure = (err: unknown): { text: string; detail: string | null } => {
    if (err instanceof ApiError && err.status === 409) {
      if (err.code === 'product_under_review') return { text: t('product_under_review_conflict'), detail: null };
      if (err.code === 'product_changed') return { text: t('product_changed_conflict'), detail: null };
      if (err.code === 'catalogue_full') return { text: t('catalogue_full'), detail: null };
    }
    const { message, detail } = errorText(err);
    return { text: t('product_save_failed', { message }), detail };
  };

  const fields = fieldKit(register, errorOf, t);
  const needAttention = FIELD_LABELS.filter(([name]) => errors[name]).map(([, label]) => t(label));
  // A rejected version saved again as a draft keeps the reasons (the server keeps them): still shown, still "Resubmit".
  const revision = product?.revision ?? null;
  const rejected = revision && (revision.state === 'rejected' || revision.rejectionReasons.length > 0) ? revision : null;

  return (
    <>
      {product?.live && (
        <p className="form-notice" data-testid="live-version-notice">
          {t('live_version_notice')}
        </p>
      )}
      {rejected && (
        <div className="form-notice form-notice-rejected" data-testid="rejected-notice">
          <p>{t('rejected_notice')}</p>
          <RejectionReasons reasons={rejected.rejectionReasons} />
        </div>
      )}
      {revision?.changesRequestedNote && (
        <div className="form-notice form-notice-rejected" data-testid="changes-requested-notice">
          <p>{t('changes_requested_notice')}</p>
          <p className="changes-requested-note">{revision.changesRequestedNote}</p>
        </div>
      )}
      <p className="muted">{t('form_requirements')}</p>
      {invalid && needAttention.length > 0 && (
        <Alert tone="error" testId="form-errors">
          {t('form_has_errors', { fields: new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(needAttention) })}
        </Alert>
      )}
      {checkingImages && (
        <p className="form-notice" role="status" data-testid="form-image-check-progress">
          {t('images_being_checked')}
        </p>
      )}
      {failure && (
        <Alert tone="error" testId="form-failure" detail={failure.detail}>
          {failure.text}
        </Alert>
      )}
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
        <PricingSection id={ids.pricing} fields={fields} lockedProduct={pricesLocked ? product : null} />
        <DimensionsSection id={ids.dimensions} fields={fields} />

        <div className="form-actions">
          <Link to="/products" className="amplify-button amplify-button--link">
            {t('cancel')}
          </Link>
          <Button type="submit" isDisabled={busy !== null} isLoading={busy === 'draft'} loadingText={t('saving')} data-testid="save-draft">
            {t('save_as_draft')}
          </Button>
          <Button variation="primary" onClick={() => save('submit')} isDisabled={busy !== null} isLoading={busy === 'submit'} loadingText={t('submitting')} data-testid="submit-for-review">
            {rejected ? t('resubmit_for_review') : t('submit_for_review')}
          </Button>
        </div>
      </form>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="form-upload-status">
        {uploadedNote}
      </p>
      {/* One boundary each: the guidelines opened over the manager must not hide it while they load. */}
      <Suspense fallback={null}>{managerOpen && <ImageManagerDialog uploads={uploads} onClose={() => setManagerOpen(false)} onShowGuidelines={() => setGuidelines('images')} />}</Suspense>
      <Suspense fallback={null}>{guidelines && <ImageGuidelinesDialog kind={guidelines} onClose={() => setGuidelines(null)} />}</Suspense>
      {guard.pending !== null && <UnsavedChangesDialog onStay={guard.stay} onLeave={guard.leave} />}
    </>
  );
}
