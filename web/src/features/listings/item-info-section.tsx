import { useId } from 'react';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ALLERGENS, PRODUCT_TYPES, UNITS_OF_MEASURE } from '@contracts/listings/form';
import type { ProductFormValues } from '@contracts/listings/schema';
import { productValueKey } from '../../lib/product-labels';
import { invalidProps, Section, type FieldKit, type FieldName } from './product-form-fields';

interface ItemInfoSectionProps {
  id: string;
  fields: FieldKit;
  register: UseFormRegister<ProductFormValues>;
  control: Control<ProductFormValues, unknown, ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  errorOf(name: FieldName): string | undefined;
  countries: readonly (readonly [string, string])[];
}

/** The item form's first section: names, barcode, type and unit, description, ingredients, allergens, origin. */
export function ItemInfoSection({ id, fields, register, control, errors, errorOf, countries }: ItemInfoSectionProps) {
  const { t } = useTranslation();
  const { text, select, textArea, options } = fields;
  const hasAllergens = useWatch({ control, name: 'hasAllergens' });
  const ids = { allergensError: useId(), hasAllergensError: useId() };
  return (
    <Section id={id} title={t('section_item_info')}>
      <div className="form-grid">
        {text('nameEn', t('field_name_en'), { required: true })}
        {text('nameZh', t('field_name_zh'))}
        {text('barcode', t('field_barcode'), { hint: t('barcode_hint') })}
        {select('productType', t('field_product_type'), options(PRODUCT_TYPES, 'productType'))}
        {select('unitOfMeasure', t('field_unit_of_measure'), options(UNITS_OF_MEASURE, 'unitOfMeasure'))}
        {text('unitQuantity', t('field_unit_quantity'), { hint: t('unit_quantity_hint'), inputMode: 'numeric' })}
      </div>
      {textArea('description', t('field_description'))}
      {textArea('ingredients', t('field_ingredients'), t('ingredients_hint'))}
      <fieldset className="choice-group" aria-describedby={errors.hasAllergens ? ids.hasAllergensError : undefined} data-testid="field-hasAllergens">
        <legend>{t('field_has_allergens')}</legend>
        <label>
          <input type="radio" value="yes" {...register('hasAllergens')} {...invalidProps(errors.hasAllergens, ids.hasAllergensError)} />
          {t(productValueKey('hasAllergens', 'yes'))}
        </label>
        <label>
          <input type="radio" value="no" {...register('hasAllergens')} {...invalidProps(errors.hasAllergens, ids.hasAllergensError)} />
          {t(productValueKey('hasAllergens', 'no'))}
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
              {t(productValueKey('allergens', a))}
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
  );
}
