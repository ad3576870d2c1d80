import { describe, expect, it } from 'vitest';
import { offerSchema, productFormSchema, productSubmitSchema } from '../../../contracts/listings/schema';
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

describe('full-width digits and separators in every numeric field (issue 24, item 16)', () => {
  it('the item form reads １８．５０ and its kin as the bulk sheet does (NFKC): prices, measures, unit quantity', () => {
    const result = productSubmitSchema.safeParse(
      completeForm({ price: '１８．５０', compareAtPrice: '２０．０', unitQuantity: '１２', weight: '３５０', volume: '１．５', length: '１０．２５', width: '　８ ', height: '３' }),
    );
    expect(result.success && result.data).toMatchObject({ price: 1850, compareAtPrice: 2000, unitQuantity: 12, weight: 350, volume: 1.5, length: 10.25, width: 8, height: 3 });
  });

  it('the offer dialog reads them too: price, compare-at price, stock, low-stock threshold', () => {
    const result = offerSchema.safeParse({ price: '１８．５０', compareAtPrice: '１９．９９', inventory: '１２０', outOfStock: false, restockOn: '', lowStockThreshold: '５' });
    expect(result.success && result.data).toMatchObject({ price: 1850, compareAtPrice: 1999, inventory: 120, lowStockThreshold: 5 });
  });

  it('folding does not let through what the rules refuse: a full-width comma or a minus is still wrong', () => {
    expect(issues(completeForm({ price: '１，８５０' }))).toEqual([{ path: 'price', message: 'listing_error_price_format' }]);
    expect(offerSchema.safeParse({ price: '18.50', inventory: '－３', outOfStock: false }).success).toBe(false);
  });
});

describe('compare-at price (the spec: it must be higher than the price)', () => {
  it('the item form refuses a compare-at price equal to or below the price, and takes one a cent above', () => {
    expect(issues(completeForm({ price: '18.50', compareAtPrice: '18.50' }))).toEqual([{ path: 'compareAtPrice', message: 'listing_error_compare_at_not_higher' }]);
    expect(issues(completeForm({ price: '18.50', compareAtPrice: '18.49' }))).toEqual([{ path: 'compareAtPrice', message: 'listing_error_compare_at_not_higher' }]);
    expect(issues(completeForm({ price: '18.50', compareAtPrice: '18.51' }))).toEqual([]);
  });

  it('the offer dialog holds the same rule', () => {
    const offer = (compareAtPrice: string) => offerSchema.safeParse({ price: '18.50', compareAtPrice, inventory: '3', outOfStock: false, restockOn: '', lowStockThreshold: '' });
    expect(offer('18.50').error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['compareAtPrice', 'listing_error_compare_at_not_higher']]);
    expect(offer('18.51').success).toBe(true);
  });
});
