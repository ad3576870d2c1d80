import { randomUUID } from 'node:crypto';
import { productFormSchema, productSubmitSchema, type ProductContent, type ProductFormValues } from '../../../contracts/listings/schema';

export const IDENTITY = 'us-east-1:0b6c7f1e-2d3a-4c5b-8e9f-a1b2c3d4e5f6';
export const OTHER_IDENTITY = 'us-east-1:9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';

/** A key as the browser's upload writes it, under `identity`'s prefix. */
export const imageKeyFor = (identity = IDENTITY, ext = 'png'): string => `private/${identity}/products/${randomUUID()}/${randomUUID()}.${ext}`;

/** The item form filled in completely: what a submission needs. */
export function completeForm(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  return {
    nameEn: 'Oolong Tea',
    nameZh: '烏龍茶',
    barcode: '4006381333931',
    productType: 'beverages',
    unitOfMeasure: 'box',
    unitQuantity: '20',
    description: 'Roasted oolong from Nantou.',
    ingredients: 'Oolong tea leaves.',
    hasAllergens: 'no',
    allergens: [],
    countryOfOrigin: 'TW',
    price: '12.50',
    compareAtPrice: '15',
    weight: '150',
    weightUnit: 'g',
    volume: '',
    volumeUnit: 'ml',
    length: '',
    width: '',
    height: '',
    dimensionUnit: 'cm',
    images: [imageKeyFor(), imageKeyFor()],
    nutritionLabel: imageKeyFor(),
    ...overrides,
  };
}

export const completeContent = (overrides: Partial<ProductFormValues> = {}): ProductContent => productSubmitSchema.parse(completeForm(overrides));
export const draftContent = (overrides: Partial<ProductFormValues> = {}): ProductContent => productFormSchema.parse(completeForm({ nameZh: '', images: [], nutritionLabel: '', ...overrides }));
