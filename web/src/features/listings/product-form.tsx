import '@aws-amplify/ui-react/styles/fieldMessages.css';
import '@aws-amplify/ui-react/styles/textArea.css';
import '@aws-amplify/ui-react/styles/textAreaField.css';
import { Button, SelectField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ProductView } from '../../../../contracts/listings/model';
import {
  ALLERGENS,
  centsToPriceText,
  contentToForm,
  emptyProductForm,
  LENGTH_UNITS,
  MAX_PRODUCT_IMAGES,
  PRODUCT_TYPES,
  UNITS_OF_MEASURE,
  VOLUME_UNITS,
  WEIGHT_UNITS,
} from '../../../../contracts/listings/form';
import type { ProductFormValues } from '../../../../contracts/listings/schema';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { languageToApply } from '../../i18n/language';
import { ApiError } from '../../lib/api';
import { useErrorText } from '../../lib/error-message';
import { serverFieldErrors } from '../../lib/field-errors';
import { formatMoney, intlLocale } from '../../lib/format';
import { invalidateCatalogue } from '../../lib/query-client';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { countryOptions } from './countries';
import { IMAGE_ACCEPT, type ImageRefusal } from './image-files';
import { ImageGuidelinesDialog, type GuidelinesKind } from './image-guidelines';
import { ImageManagerDialog, ImageRefusals, UploadState, useFinishedUploads, useImageName } from './image-manager';
import { useImageUploads } from './image-uploads';
import { createProduct, updateProduct } from './products-api';
import { ActionKey } from '../../lib/idempotency';
import { RejectionReasons } from './rejection-reasons';

type SaveMode = 'draft' | 'submit';

/** The form's checks (zod and the product schema) are a lazy chunk: the form renders without them, and fetches them once shown. */
const loadValidation = () => import('./product-validation');
type FieldName = keyof ProductFormValues;

const FIELD_NAMES = Object.keys(emptyProductForm()) as FieldName[];
const isFieldName = (name: string): name is FieldName => (FIELD_NAMES as string[]).includes(name);
const PRICE_FIELDS: readonly FieldName[] = ['price', 'compareAtPrice'];

/** Where the product lists say what happened after a save (products-page.tsx reads it). */
export interface SavedState {
  saved: { mode: SaveMode; name: string };
}

/** The first message in a field's error (an array field may carry it per item). */
function firstMessage(error: unknown): string | undefined {
  if (Array.isArray(error)) {
    for (const item of error) {
      const found = firstMessage(item);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof error !== 'object' || error === null) return undefined;
  const { message, root } = error as { message?: unknown; root?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  return root ? firstMessage(root) : undefined;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="form-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * The form's values for a product: its working revision, else its live version. Once a product is
 * published its prices are the offer's (changed in Inventory, without review; the server keeps them
 * in a revision whatever the form sends), so the form holds and sends the current offer prices.
 */
function formValues(product: ProductView | null): ProductFormValues {
  const version = product ? (product.revision ?? product.live) : null;
  const values = version ? contentToForm(version.content) : emptyProductForm();
  if (!product?.live) return values;
  const { priceCents, compareAtCents } = product.offer;
  return { ...values, price: centsToPriceText(priceCents), compareAtPrice: compareAtCents === null ? '' : centsToPriceText(compareAtCents) };
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
  useEffect(() => {
    loadValidation().catch(() => undefined);
  }, []);
  const { register, handleSubmit, setValue, setError, setFocus, control, formState } = useForm<ProductFormValues, unknown, ProductFormValues>({ defaultValues, resolver });
  const { errors, isSubmitted, isDirty } = formState;
  const hasAllergens = useWatch({ control, name: 'hasAllergens' });

  const productId = product?.productId;
  const [busy, setBusy] = useState<SaveMode | null>(null);
  const errorText = useErrorText();
  const [failure, setFailure] = useState<{ text: string; detail?: string | null } | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [managerOpen, setManagerOpen] = useState(false);
  const [guidelines, setGuidelines] = useState<GuidelinesKind | null>(null);
  const [labelRefusals, setLabelRefusals] = useState<ImageRefusal[]>([]);
  const [uploadedNote, setUploadedNote] = useState('');
  const imagesButton = useRef<HTMLButtonElement>(null);
  const labelInput = useRef<HTMLInputElement>(null);
  const ids = { info: useId(), images: useId(), pricing: useId(), dimensions: useId(), imagesError: useId(), labelError: useId(), allergensError: useId(), hasAllergensError: useId() };
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
  useEffect(() => {
    setValue('images', keys.images, { shouldValidate: isSubmitted });
    setValue('nutritionLabel', keys.nutritionLabel, { shouldValidate: isSubmitted });
  }, [keys, setValue, isSubmitted]);

  // Unsaved work: a changed field, an image or label added, removed or reordered, or an upload running.
  // Leaving asks first (in-app links) or lets the browser ask (tab closed, reload); a save navigates freely.
  const [initialImages] = useState(() => ({ images: keys.images.join('\n'), label: keys.nutritionLabel }));
  const imagesChanged = keys.images.join('\n') !== initialImages.images || keys.nutritionLabel !== initialImages.label;
  const dirty = busy === null && (isDirty || imagesChanged || uploads.uploading);
  const guard = useLeaveGuard(dirty);

  const say = (message: string | undefined) => (message ? (i18n.exists(message) ? t(message) : t('listing_error_invalid')) : undefined);
  const errorOf = (name: FieldName) => say(firstMessage(errors[name]));

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
        const saved = productId ? await updateProduct(productId, body, submit) : await createProduct(body, submit, createKey.current.keyFor({ values: body, submit }));
        createKey.current.done();
        // The lists and the inventory read it again when shown; this form's own query is not reloaded under it.
        invalidateCatalogue(queryClient, 'none');
        const state: SavedState = { saved: { mode: which, name: saved.nameEn || body.nameEn } };
        navigate(`/products?tab=${which === 'submit' ? 'pending' : 'draft'}`, { state });
      } catch (err) {
        setBusy(null);
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
    }, onInvalid)();
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

  const onLabelFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) setLabelRefusals(await uploads.setLabel(file));
  };

  const text = (name: FieldName, label: string, extra: { hint?: string; required?: boolean; inputMode?: 'decimal' | 'numeric' } = {}) => (
    <TextField
      label={label}
      {...register(name)}
      descriptiveText={extra.hint}
      inputMode={extra.inputMode}
      hasError={Boolean(errorOf(name))}
      errorMessage={errorOf(name)}
      isRequired={extra.required}
      autoComplete="off"
      data-testid={`field-${name}`}
    />
  );
  const select = (name: FieldName, label: string, options: readonly (readonly [string, string])[], placeholder = true) => (
    <SelectField label={label} {...register(name)} hasError={Boolean(errorOf(name))} errorMessage={errorOf(name)} data-testid={`field-${name}`}>
      {placeholder && <option value="">{t('select_placeholder')}</option>}
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </SelectField>
  );
  const textArea = (name: FieldName, label: string, hint?: string) => (
    <TextAreaField label={label} rows={4} {...register(name)} descriptiveText={hint} hasError={Boolean(errorOf(name))} errorMessage={errorOf(name)} data-testid={`field-${name}`} />
  );
  const money = (cents: number) => formatMoney(cents, languageToApply(i18n.language));
  const options = <T extends string>(values: readonly T[], prefix: string) => values.map((v) => [v, t(`${prefix}${v}`)] as const);

  const imagesError = errorOf('images');
  const labelError = errorOf('nutritionLabel');
  const { label } = uploads;
  // A rejected version saved again as a draft keeps the reasons (the server keeps them): still shown, still "Resubmit".
  const revision = product?.revision ?? null;
  const rejected = revision && (revision.state === 'rejected' || revision.rejectionReasons.length > 0) ? revision : null;
  const invalidProps = (error: unknown, id: string) => (error ? { 'aria-invalid': true, 'aria-describedby': id } : {});

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
      <p className="muted">{t('form_requirements')}</p>
      {invalid && Object.keys(errors).length > 0 && (
        <Alert tone="error" testId="form-errors">
          {t('form_has_errors')}
        </Alert>
      )}
      {failure && (
        <Alert tone="error" testId="form-failure" detail={failure.detail}>
          {failure.text}
        </Alert>
      )}
      <form
        className="product-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save('draft');
        }}
        data-testid="product-form"
      >
        <Section id={ids.info} title={t('section_item_info')}>
          <div className="form-grid">
            {text('nameEn', t('field_name_en'), { required: true })}
            {text('nameZh', t('field_name_zh'))}
            {text('barcode', t('field_barcode'), { hint: t('barcode_hint') })}
            {select('productType', t('field_product_type'), options(PRODUCT_TYPES, 'product_type_'))}
            {select('unitOfMeasure', t('field_unit_of_measure'), options(UNITS_OF_MEASURE, 'unit_'))}
            {text('unitQuantity', t('field_unit_quantity'), { hint: t('unit_quantity_hint'), inputMode: 'numeric' })}
          </div>
          {textArea('description', t('field_description'))}
          {textArea('ingredients', t('field_ingredients'), t('ingredients_hint'))}
          <fieldset className="choice-group" aria-describedby={errors.hasAllergens ? ids.hasAllergensError : undefined} data-testid="field-hasAllergens">
            <legend>{t('field_has_allergens')}</legend>
            <label>
              <input type="radio" value="yes" {...register('hasAllergens')} {...invalidProps(errors.hasAllergens, ids.hasAllergensError)} />
              {t('yes')}
            </label>
            <label>
              <input type="radio" value="no" {...register('hasAllergens')} {...invalidProps(errors.hasAllergens, ids.hasAllergensError)} />
              {t('no')}
            </label>
            {errors.hasAllergens && (
              <p id={ids.hasAllergensError} className="amplify-field__error-message">
                {errorOf('hasAllergens')}
              </p>
            )}
          </fieldset>
          {hasAllergens === 'yes' && (
            <fieldset className="choice-group allergens" aria-describedby={errors.allergens ? ids.allergensError : undefined} data-testid="field-allergens">
              <legend>{t('field_allergens')}</legend>
              {ALLERGENS.map((a) => (
                <label key={a}>
                  <input type="checkbox" value={a} {...register('allergens')} {...invalidProps(errors.allergens, ids.allergensError)} />
                  {t(`allergen_${a}`)}
                </label>
              ))}
              {errors.allergens && (
                <p id={ids.allergensError} className="amplify-field__error-message">
                  {errorOf('allergens')}
                </p>
              )}
            </fieldset>
          )}
          {select('countryOfOrigin', t('field_country_of_origin'), countries)}
        </Section>

        <Section id={ids.images} title={t('section_images')}>
          <div className="images-toolbar">
            <Button ref={imagesButton} onClick={() => setManagerOpen(true)} aria-describedby={imagesError ? ids.imagesError : undefined} data-testid="manage-images">
              {t('manage_images')}
            </Button>
            <span className="muted" data-testid="form-image-count">
              {t('images_count', { number: uploads.images.length, max: MAX_PRODUCT_IMAGES })}
            </span>
            <button type="button" className="text-button" onClick={() => setGuidelines('images')} data-testid="image-guidelines-open">
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
            <button type="button" className="text-button" onClick={() => setGuidelines('label')} data-testid="label-guidelines-open">
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

        <Section id={ids.pricing} title={t('section_pricing')}>
          {product && pricesLocked ? (
            <div className="prices-locked" data-testid="prices-locked">
              <dl className="price-list">
                <div>
                  <dt>{t('column_price')}</dt>
                  <dd data-testid="locked-price">{money(product.offer.priceCents)}</dd>
                </div>
                <div>
                  <dt>{t('column_compare_at_price')}</dt>
                  <dd data-testid="locked-compare-at">{product.offer.compareAtCents === null ? '—' : money(product.offer.compareAtCents)}</dd>
                </div>
              </dl>
              <p className="muted" data-testid="prices-locked-note">
                {t('published_prices_note')}
              </p>
              <Link to={`/inventory?q=${encodeURIComponent(product.sku)}`} data-testid="prices-inventory-link">
                {t('change_prices_in_inventory')}
              </Link>
            </div>
          ) : (
            <div className="form-grid">
              {text('price', t('field_price'), { hint: t('price_hint'), required: true, inputMode: 'decimal' })}
              {text('compareAtPrice', t('field_compare_at_price'), { hint: t('compare_at_hint'), inputMode: 'decimal' })}
            </div>
          )}
        </Section>

        <Section id={ids.dimensions} title={t('section_dimensions')}>
          <div className="form-grid measure-grid">
            {text('weight', t('field_weight'), { inputMode: 'decimal' })}
            {select('weightUnit', t('field_weight_unit'), options(WEIGHT_UNITS, 'weight_unit_'), false)}
            {text('volume', t('field_volume'), { inputMode: 'decimal' })}
            {select('volumeUnit', t('field_volume_unit'), options(VOLUME_UNITS, 'volume_unit_'), false)}
          </div>
          <div className="form-grid measure-grid">
            {text('length', t('field_length'), { inputMode: 'decimal' })}
            {text('width', t('field_width'), { inputMode: 'decimal' })}
            {text('height', t('field_height'), { inputMode: 'decimal' })}
            {select('dimensionUnit', t('field_dimension_unit'), options(LENGTH_UNITS, 'length_unit_'), false)}
          </div>
        </Section>

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
      {managerOpen && <ImageManagerDialog uploads={uploads} onClose={() => setManagerOpen(false)} onShowGuidelines={() => setGuidelines('images')} />}
      {guidelines && <ImageGuidelinesDialog kind={guidelines} onClose={() => setGuidelines(null)} />}
      {guard.pending !== null && (
        <Dialog
          title={t('unsaved_changes_title')}
          onClose={guard.stay}
          testId="unsaved-changes-dialog"
          footer={
            <>
              <Button onClick={guard.stay} data-testid="unsaved-changes-stay" data-autofocus>
                {t('unsaved_changes_stay')}
              </Button>
              <Button variation="destructive" onClick={guard.leave} data-testid="unsaved-changes-leave">
                {t('unsaved_changes_leave')}
              </Button>
            </>
          }
        >
          <p>{t('unsaved_changes_body')}</p>
        </Dialog>
      )}
    </>
  );
}
