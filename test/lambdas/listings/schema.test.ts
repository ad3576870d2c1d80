import { describe, expect, it } from 'vitest';
import { productFormSchema, productSubmitSchema } from '../../../contracts/listings/schema';
import { completeForm, imageKeyFor } from './fixtures';

const issues = (values: unknown, schema = productFormSchema) => {
  const result = schema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('images', () => {
  it('refuses a key listed twice among the images', () => {
    const key = imageKeyFor();
    expect(issues(completeForm({ images: [key, imageKeyFor(), key] }))).toEqual([{ path: 'images', message: 'listing_error_duplicate_image' }]);
  });

  it('refuses the nutrition label listed as a product image too', () => {
    const label = imageKeyFor();
    expect(issues(completeForm({ images: [imageKeyFor(), label], nutritionLabel: label }), productSubmitSchema)).toEqual([
      { path: 'nutritionLabel', message: 'listing_error_duplicate_image' },
    ]);
  });

  it('accepts distinct keys and no label', () => {
    expect(issues(completeForm())).toEqual([]);
    expect(issues(completeForm({ nutritionLabel: '' }))).toEqual([]);
  });
});

describe('allergens', () => {
  it('stores a repeated allergen once, in the order first given', () => {
    const content = productFormSchema.parse(completeForm({ hasAllergens: 'yes', allergens: ['milk', 'wheat', 'milk', 'wheat'] }));
    expect(content.allergens).toEqual(['milk', 'wheat']);
  });
});
