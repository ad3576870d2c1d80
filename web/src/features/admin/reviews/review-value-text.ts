import type { TFunction } from 'i18next';
import type { ReviewField, ReviewFieldRow, ReviewValue } from '@contracts/admin-reviews';
import type { Language } from '../../../i18n/language';
import { formatCount, formatMoney, intlLocale } from '../../../lib/format';
import { countryName, listText, productValueKey, type CodedProductField } from '../../../lib/product-labels';

/** The fields whose values are codes, and how the vendor's form names them (web/src/lib/product-labels.ts). */
const CODED: Partial<Record<ReviewField, CodedProductField>> = {
  productType: 'productType',
  unitOfMeasure: 'unitOfMeasure',
  hasAllergens: 'hasAllergens',
  allergens: 'allergens',
  weight: 'weightUnit',
  volume: 'volumeUnit',
  dimensions: 'dimensionUnit',
};

/**
 * A field's value as text in the console's language: money, codes by the vendor form's labels (never
 * the code itself), a country by its name, measurements with their unit's name; `none` when not given.
 */
export function valueText(row: ReviewFieldRow, value: ReviewValue, language: Language, t: TFunction, none: string): string {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return none;
  if (row.kind === 'money' && typeof value === 'number') return formatMoney(value, language);
  const coded = CODED[row.field];
  if (typeof value === 'object' && !Array.isArray(value)) {
    const amounts = value.amounts.map((a) => (a === null ? '–' : formatCount(a, language))).join(' × ');
    return `${amounts} ${coded ? t(productValueKey(coded, value.unit)) : value.unit}`;
  }
  if (Array.isArray(value)) return listText(coded ? value.map((v) => t(productValueKey(coded, v))) : value, language);
  if (row.field === 'countryOfOrigin') return countryName(String(value), intlLocale(language));
  return coded ? t(productValueKey(coded, String(value))) : String(value);
}
