import { useTranslation } from 'react-i18next';
import type { FieldErrors } from 'react-hook-form';
import type { ProductFormValues } from '@contracts/listings/schema';
import { Alert } from '../../components/alert';
import type { FieldName } from './product-form-fields';

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

interface ProductFormStatusProps {
  errors: FieldErrors<ProductFormValues>;
  /** The last save was refused for its fields (the browser's checks or the server's 400). */
  invalid: boolean;
  locale: string;
  checkingImages: boolean;
  failure: { text: string; detail?: string | null } | null;
}

/** Over the form: the fields that need attention, the wait for the image checks, a failed save. */
export function ProductFormStatus({ errors, invalid, locale, checkingImages, failure }: ProductFormStatusProps) {
  const { t } = useTranslation();
  const needAttention = FIELD_LABELS.filter(([name]) => errors[name]).map(([, label]) => t(label));
  return (
    <>
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
    </>
  );
}
