/**
 * The item form (spec §3, §5): one zod schema for the browser form (react-hook-form's zodResolver)
 * and the products API. The wire format is the form's values (prices as the text the vendor typed);
 * the schema's output is the stored content (prices in integer cents). Every message is an i18n key
 * of web/src/i18n/{en,zh-TW}.json; the API answers them in `fields` next to an English `message`.
 */
import * as z from 'zod';
import { foldTyped, isCalendarDay, noControlCharacters } from '../values';
import { LOW_STOCK_DEFAULT_MAX } from './model';
import { ALLERGENS, LENGTH_UNITS, MAX_PRODUCT_IMAGES, NAME_MAX, PRICE_MAX_CENTS, PRODUCT_TYPES, TEXT_MAX, UNITS_OF_MEASURE, VOLUME_UNITS, WEIGHT_UNITS } from './form';

// The zod-free half (constants, empty values, content → form values) lives in ./form, so the web's
// item form renders without zod; everything stays importable from here.
export * from './form';

/**
 * Barcodes: GTIN-8, UPC-A (GTIN-12), EAN/ISBN-13 (GTIN-13) and GTIN-14 with the GS1 mod-10 check
 * digit, or ISBN-10 with its mod-11 check (last character may be X). Spaces and hyphens are ignored.
 */
export function normalizeBarcode(raw: string): string {
  return raw.replace(/[\s-]+/g, '').toUpperCase();
}

export function isValidBarcode(raw: string): boolean {
  const code = normalizeBarcode(raw);
  if (/^\d{9}[\dX]$/.test(code) && isIsbn10(code)) return true;
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  // GS1: from the right (excluding the check digit), weights 3, 1, 3, 1, ...
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

function isIsbn10(code: string): boolean {
  const sum = [...code].reduce((acc, c, i) => acc + (c === 'X' ? 10 : Number(c)) * (10 - i), 0);
  return sum % 11 === 0;
}

/** '12', '12.5', '12.50' → cents; anything with commas, symbols or more than two decimals is refused. */
export const PRICE_PATTERN = /^\d{1,5}(\.\d{1,2})?$/;
export function priceToCents(text: string): number {
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * A number field's text as typed, folded (`foldTyped`: full-width digits and points, spaces around)
 * the way the bulk sheet reads its cells, so `１８．５０` from an IME is 18.50 in every numeric field
 * of the item form and the offer dialog, in the browser and in the API alike (issue 24).
 */
const typedNumber = () => z.string().overwrite(foldTyped);

/** A price as typed: required, digits with an optional point and up to two decimals, more than zero. */
export const priceText = typedNumber()
  .min(1, 'listing_error_price_required')
  .regex(PRICE_PATTERN, 'listing_error_price_format')
  .transform(priceToCents)
  .refine((cents) => cents > 0 && cents <= PRICE_MAX_CENTS, 'listing_error_price_range');

/** Optional compare-at price: blank means none. */
export const optionalPriceText = typedNumber()
  .regex(/^$|^\d{1,5}(\.\d{1,2})?$/, 'listing_error_price_format')
  .transform((t) => (t === '' ? undefined : priceToCents(t)))
  .refine((cents) => cents === undefined || (cents > 0 && cents <= PRICE_MAX_CENTS), 'listing_error_price_range');

/** A measurement as typed ('' = not given): positive, up to 2 decimals, below 100,000. */
const measureText = typedNumber()
  .regex(/^$|^\d{1,5}(\.\d{1,2})?$/, 'listing_error_measure_format')
  .transform((t) => (t === '' ? undefined : Number(t)))
  .refine((n) => n === undefined || n > 0, 'listing_error_measure_format');

/**
 * An image the vendor uploaded: the object key in the product-images bucket, under the vendor's own
 * identity prefix: `private/<identityId>/products/<uploadFolder>/<imageId>.<ext>` (see
 * lambdas/images). The API checks the prefix and the server-side image check before accepting it.
 */
export const IMAGE_KEY_PATTERN = /^private\/[\w-]+:[0-9a-f-]{36}\/products\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|jpeg|png|gif|bmp)$/;
export const imageKey = z.string().regex(IMAGE_KEY_PATTERN, 'listing_error_image_key');

/**
 * The item form's values. Everything but the English name may be left out of a draft; `submit`
 * (below) adds what review needs. Text fields are trimmed; '' means "not given".
 */
export const productFormSchema = z
  .object({
    nameEn: z.string().trim().min(1, 'listing_error_name_en_required').max(NAME_MAX, 'listing_error_too_long').check(noControlCharacters),
    nameZh: z.string().trim().max(NAME_MAX, 'listing_error_too_long').check(noControlCharacters),
    barcode: z
      .string()
      .trim()
      .refine((v) => v === '' || isValidBarcode(v), 'listing_error_barcode')
      .transform((v) => (v === '' ? '' : normalizeBarcode(v))),
    productType: z.union([z.enum(PRODUCT_TYPES), z.literal('')], 'listing_error_product_type'),
    unitOfMeasure: z.union([z.enum(UNITS_OF_MEASURE), z.literal('')], 'listing_error_unit'),
    unitQuantity: typedNumber()
      .regex(/^$|^[1-9]\d{0,3}$/, 'listing_error_unit_quantity')
      .transform((t) => (t === '' ? undefined : Number(t))),
    description: z.string().trim().max(TEXT_MAX, 'listing_error_too_long'),
    ingredients: z.string().trim().max(TEXT_MAX, 'listing_error_too_long'),
    hasAllergens: z.enum(['', 'yes', 'no'], 'listing_error_allergens_answer'),
    // A repeated allergen says nothing more: stored once, in the order first given.
    allergens: z
      .array(z.enum(ALLERGENS))
      .max(ALLERGENS.length)
      .transform((list) => [...new Set(list)]),
    /** ISO 3166-1 alpha-2 ('' = not given); names come from Intl.DisplayNames in the browser. */
    countryOfOrigin: z.string().regex(/^$|^[A-Z]{2}$/, 'listing_error_country'),
    price: priceText,
    compareAtPrice: optionalPriceText,
    weight: measureText,
    weightUnit: z.enum(WEIGHT_UNITS),
    volume: measureText,
    volumeUnit: z.enum(VOLUME_UNITS),
    length: measureText,
    width: measureText,
    height: measureText,
    dimensionUnit: z.enum(LENGTH_UNITS),
    /** Product images in display order; the first is the primary image. */
    images: z.array(imageKey).max(MAX_PRODUCT_IMAGES, 'listing_error_too_many_images'),
    nutritionLabel: z.union([imageKey, z.literal('')]),
  })
  .superRefine((v, ctx) => {
    if (v.compareAtPrice !== undefined && v.compareAtPrice <= v.price) {
      ctx.addIssue({ code: 'custom', path: ['compareAtPrice'], message: 'listing_error_compare_at_not_higher' });
    }
    if (v.hasAllergens === 'yes' && v.allergens.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['allergens'], message: 'listing_error_allergens_required' });
    }
    // One upload is one image: listed twice (or as both an image and the label) it would be shown twice.
    if (new Set(v.images).size !== v.images.length) {
      ctx.addIssue({ code: 'custom', path: ['images'], message: 'listing_error_duplicate_image' });
    }
    if (v.nutritionLabel !== '' && v.images.includes(v.nutritionLabel)) {
      ctx.addIssue({ code: 'custom', path: ['nutritionLabel'], message: 'listing_error_duplicate_image' });
    }
  });

/**
 * What review needs on top of a draft: every field but the optional dimensions, a weight or a
 * volume (liquids are sold by volume), at least one image and the label.
 */
export const REQUIRED_FOR_REVIEW = ['nameZh', 'barcode', 'productType', 'unitOfMeasure', 'unitQuantity', 'description', 'ingredients', 'hasAllergens', 'countryOfOrigin'] as const;

export const productSubmitSchema = productFormSchema.superRefine((v, ctx) => {
  for (const field of REQUIRED_FOR_REVIEW) {
    const value = v[field];
    if (value === '' || value === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'listing_error_required_for_review' });
  }
  if (v.weight === undefined && v.volume === undefined) ctx.addIssue({ code: 'custom', path: ['weight'], message: 'listing_error_weight_or_volume' });
  if (v.images.length === 0) ctx.addIssue({ code: 'custom', path: ['images'], message: 'listing_error_image_required' });
  if (v.nutritionLabel === '') ctx.addIssue({ code: 'custom', path: ['nutritionLabel'], message: 'listing_error_nutrition_label_required' });
});

/** The form's values as the browser holds and sends them. */
export type ProductFormValues = z.input<typeof productFormSchema>;
/** The stored content of a product version (prices in cents, numbers parsed). */
export type ProductContent = z.output<typeof productFormSchema>;

/** The inventory edit dialog (no review): price, compare-at price, stock count and the out-of-stock switch. */
export const offerSchema = z
  .object({
    price: priceText,
    compareAtPrice: optionalPriceText,
    inventory: z.union([z.number().int(), typedNumber().regex(/^\d{1,6}$/).transform(Number)], 'listing_error_inventory').pipe(
      z.number().int().min(0, 'listing_error_inventory').max(999_999, 'listing_error_inventory'),
    ),
    outOfStock: z.boolean(),
    /**
     * "Out of stock until" (issue 15): the marketplace day the product comes back on sale by itself,
     * with `inventory` as its stock; blank or absent: no date. Only with `outOfStock` on; the API
     * also refuses a day that is not after today (listing_error_restock_past).
     */
    restockOn: z
      .string()
      .trim()
      .refine((d) => d === '' || isCalendarDay(d), 'listing_error_restock_date')
      .transform((d) => (d === '' ? undefined : d))
      .optional(),
    /** The product's own low-stock threshold; blank or absent: the vendor's default. */
    lowStockThreshold: z
      .union([z.number().int(), typedNumber().regex(/^$|^\d{1,6}$/)], 'listing_error_low_stock_threshold')
      .transform((t) => (t === '' ? undefined : Number(t)))
      .pipe(z.number().int().min(0, 'listing_error_low_stock_threshold').max(999_999, 'listing_error_low_stock_threshold').optional())
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.compareAtPrice !== undefined && v.compareAtPrice <= v.price) {
      ctx.addIssue({ code: 'custom', path: ['compareAtPrice'], message: 'listing_error_compare_at_not_higher' });
    }
    if (v.restockOn !== undefined && !v.outOfStock) {
      ctx.addIssue({ code: 'custom', path: ['restockOn'], message: 'listing_error_restock_needs_out_of_stock' });
    }
  });
export type OfferFormValues = z.input<typeof offerSchema>;
export type Offer = z.output<typeof offerSchema>;

/**
 * PATCH …/offer may name the product version the editor opened (issue 15): the change is then made
 * only on that version, and a product changed meanwhile is answered 409 `offer_changed` with the
 * current offer (`offerConflictSchema`, answers.ts) instead of being overwritten.
 */
export const offerVersionSchema = z.object({ version: z.number().int().min(1).optional() });

const lowStockLevel = z.number('listing_error_low_stock_default').int('listing_error_low_stock_default').min(0, 'listing_error_low_stock_default').max(LOW_STOCK_DEFAULT_MAX, 'listing_error_low_stock_default');

/** `PUT /api/inventory/settings`: the new default, conditional on the one the vendor saw (`expected`; 409 when it changed). */
export const lowStockSettingsBody = z.strictObject({ lowStockDefault: lowStockLevel, expected: lowStockLevel });

/**
 * The inventory's "Default low-stock level" dialog: the level as typed (full-width digits from an IME
 * count), a whole number 0..LOW_STOCK_DEFAULT_MAX, what `lowStockSettingsBody` takes.
 */
export const lowStockDefaultForm = z.object({
  lowStockDefault: typedNumber().regex(/^\d{1,6}$/, 'listing_error_low_stock_default').transform(Number).pipe(lowStockLevel),
});
export type LowStockDefaultFormValues = z.input<typeof lowStockDefaultForm>;
