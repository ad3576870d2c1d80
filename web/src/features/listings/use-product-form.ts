import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ProductView } from '@contracts/listings/model';
import { emptyProductForm } from '@contracts/listings/form';
import type { ProductFormValues } from '@contracts/listings/schema';
import { ApiError } from '../../lib/api';
import { useErrorText } from '../../lib/error-message';
import { serverFieldErrors } from '../../lib/field-errors';
import { ActionKey } from '../../lib/idempotency';
import { useSaveProduct } from './api/save-product';
import type { ImageUploads } from './image-uploads';
import { formValues, type FieldName } from './product-form-fields';

export type SaveMode = 'draft' | 'submit';

/** Where the product lists say what happened after a save (products-page.tsx reads it). */
export interface SavedState {
  saved: { mode: SaveMode; name: string };
}

/** The form's checks (zod and the product schema) are a lazy chunk: the form renders without them, and fetches them once shown. */
export const loadValidation = () => import('./product-validation');

const FIELD_NAMES = Object.keys(emptyProductForm()) as FieldName[];
const isFieldName = (name: string): name is FieldName => (FIELD_NAMES as string[]).includes(name);
const PRICE_FIELDS: readonly FieldName[] = ['price', 'compareAtPrice'];

/**
 * The item form's state and its save. One schema, two checks: "Save as draft" validates with
 * `productFormSchema`, "Submit for review" with `productSubmitSchema`, both through react-hook-form's
 * zodResolver, so the browser says exactly what the API would. A server 400 is put back on its fields
 * (read-only prices have none: the server's message says it instead); a 409 and other failures are
 * said over the form. Saved, the form goes to the list the product is now in.
 */
export function useProductForm(product: ProductView | null, uploads: ImageUploads, imagesButton: RefObject<HTMLButtonElement | null>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const productId = product?.productId;
  const pricesLocked = Boolean(product?.live);
  const [defaultValues] = useState<ProductFormValues>(() => formValues(product));
  const mode = useRef<SaveMode>('draft');
  const createKey = useRef(new ActionKey());
  const resolver = useMemo<Resolver<ProductFormValues, unknown, ProductFormValues>>(
    () => async (values, context, options) => {
      const { draftResolver, submitResolver } = await loadValidation();
      return (mode.current === 'submit' ? submitResolver : draftResolver)(values, context, options);
    },
    [],
  );
  const form = useForm<ProductFormValues, unknown, ProductFormValues>({ defaultValues, resolver });
  const { handleSubmit, setError, setFocus } = form;
  const saveProduct = useSaveProduct(productId);
  // A save waiting for the server's image checks ends when the form goes away.
  const leaving = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);
  // What stops a save before any request: an upload running or failed, the checks' chunk not loaded.
  const [blocked, setBlocked] = useState<{ text: string; detail?: string | null } | null>(null);
  const [invalid, setInvalid] = useState(false);

  /** The 400's fields the form has an input for, in the form's order. */
  const knownFields = (err: unknown) => {
    const fields = Object.entries(serverFieldErrors(err));
    const known = fields.filter(([name]) => isFieldName(name) && !(pricesLocked && PRICE_FIELDS.includes(name))) as [FieldName, string][];
    return { known, all: known.length > 0 && known.length === fields.length };
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
  /** Fields with an input get the focus from react-hook-form; the images have none: their button does. */
  const focusFirst = (names: readonly FieldName[]) => {
    const first = FIELD_NAMES.find((name) => names.includes(name));
    if (first === 'images' || first === 'nutritionLabel') imagesButton.current?.focus();
    else if (first) setFocus(first);
  };
  const onInvalid = (found: FieldErrors<ProductFormValues>) => {
    setInvalid(true);
    const names = Object.keys(found);
    if (names.length > 0 && names.every((n) => n === 'images' || n === 'nutritionLabel')) imagesButton.current?.focus();
  };

  const save = (which: SaveMode) => {
    setBlocked(null);
    setInvalid(false);
    saveProduct.reset();
    if (uploads.uploading) return setBlocked({ text: t('images_still_uploading') });
    if (uploads.failed) return setBlocked({ text: t('images_failed_block') });
    mode.current = which;
    void handleSubmit(async (values) => {
      const { keys } = uploads;
      const body: ProductFormValues = { ...values, allergens: values.hasAllergens === 'yes' ? values.allergens : [], images: keys.images, nutritionLabel: keys.nutritionLabel };
      const submit = which === 'submit';
      try {
        // A new product: one Idempotency-Key per save, the same while the same save is sent again.
        const idempotencyKey = productId ? undefined : createKey.current.keyFor({ values: body, submit });
        const saved = await saveProduct.mutateAsync({ values: body, submit, idempotencyKey, signal: leaving.current?.signal });
        createKey.current.done();
        const state: SavedState = { saved: { mode: which, name: saved.nameEn || body.nameEn } };
        navigate(`/products?tab=${submit ? 'pending' : 'draft'}`, { state });
      } catch (err) {
        const { known } = knownFields(err);
        for (const [name, message] of known) setError(name, { type: 'server', message });
        if (known.length > 0) {
          setInvalid(true);
          focusFirst(known.map(([name]) => name));
        }
      }
    }, onInvalid)().catch((err: unknown) => setBlocked(saveFailure(err)));
  };

  const saveError = saveProduct.error && !knownFields(saveProduct.error).all ? saveFailure(saveProduct.error) : null;
  // Saved: the form is leaving, its buttons stay busy.
  const busy: SaveMode | null = saveProduct.isPending || saveProduct.isSuccess ? (saveProduct.variables?.submit ? 'submit' : 'draft') : null;
  return { form, save, busy, invalid, failure: blocked ?? saveError, checkingImages: saveProduct.checkingImages };
}
