/**
 * The item form's constants and value helpers without zod (contracts/listings/schema.ts re-exports
 * them): the web's product form imports these to render and loads the zod schema only to validate,
 * so zod is not in the form page's first download.
 */
import type { ProductContent, ProductFormValues } from './schema';

export const PRODUCT_TYPES = ['instant', 'health', 'snacks', 'beverages', 'seasoning', 'canned', 'dry_goods', 'other'] as const;
export const UNITS_OF_MEASURE = ['pack', 'carton', 'box', 'plastic_container', 'glass_container', 'can_tin'] as const;
/** The major food allergens labelled in the US (FALCPA + sesame) — what a grocery shopper filters by. */
export const ALLERGENS = ['milk', 'eggs', 'fish', 'shellfish', 'tree_nuts', 'peanuts', 'wheat', 'soybeans', 'sesame'] as const;
export const WEIGHT_UNITS = ['g', 'kg', 'oz', 'lb'] as const;
export const VOLUME_UNITS = ['ml', 'l', 'fl_oz'] as const;
export const LENGTH_UNITS = ['cm', 'in'] as const;

export type ProductType = (typeof PRODUCT_TYPES)[number];
export type UnitOfMeasure = (typeof UNITS_OF_MEASURE)[number];
export type Allergen = (typeof ALLERGENS)[number];

/** Spec §5 gives two readings (20 MB / 5 MB; JPEG, PNG, GIF / BMP, JPG, PNG): we take the stricter size and the union of types (docs/decisions.md). */
export const MAX_PRODUCT_IMAGES = 10;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
export const IMAGE_EXTENSIONS: Readonly<Record<ImageContentType, readonly string[]>> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/bmp': ['bmp'],
};

export const NAME_MAX = 150;
export const TEXT_MAX = 5000;
/** Prices: up to USD 99,999.99. */
export const PRICE_MAX_CENTS = 9_999_999;

/** Cents → the price text the form shows ('12.50'). */
export const centsToPriceText = (cents: number): string => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Empty form values: a new product. */
export const emptyProductForm = (): ProductFormValues => ({
  nameEn: '',
  nameZh: '',
  barcode: '',
  productType: '',
  unitOfMeasure: '',
  unitQuantity: '',
  description: '',
  ingredients: '',
  hasAllergens: '',
  allergens: [],
  countryOfOrigin: '',
  price: '',
  compareAtPrice: '',
  weight: '',
  weightUnit: 'g',
  volume: '',
  volumeUnit: 'ml',
  length: '',
  width: '',
  height: '',
  dimensionUnit: 'cm',
  images: [],
  nutritionLabel: '',
});

/** Stored content back to form values (editing a product). */
export function contentToForm(c: ProductContent): ProductFormValues {
  const num = (n: number | undefined) => (n === undefined ? '' : String(n));
  return {
    ...c,
    unitQuantity: num(c.unitQuantity),
    price: centsToPriceText(c.price),
    compareAtPrice: c.compareAtPrice === undefined ? '' : centsToPriceText(c.compareAtPrice),
    weight: num(c.weight),
    volume: num(c.volume),
    length: num(c.length),
    width: num(c.width),
    height: num(c.height),
  };
}
