/**
 * The ops console's Product review work in `npm start` (issue 13): besides what the demo catalogue
 * already has waiting (scripts/demo/products.ts: a new product and an update of a published one), two
 * more of the demo vendor's products in review, so the queue has a few to work through and to try the
 * three decisions on — a new product with two images, and an update of a published product whose new
 * primary image and nutrition label are shown beside the live ones. Idempotent: a product whose
 * English name the vendor already has is not added again.
 */
import { randomUUID } from 'node:crypto';
import { localIdentityId } from '../../contracts/buckets';
import { productSubmitSchema, type ProductFormValues } from '../../contracts/listings/schema';
import { LOCAL_REGION } from '../local/cognito';
import { nutritionLabelPng, productPng } from './images';
import { checkedValid, ean13, upload } from './products';

const base = { weightUnit: 'g', volume: '', volumeUnit: 'ml', length: '', width: '', height: '', dimensionUnit: 'cm', hasAllergens: 'no', allergens: [] } satisfies Partial<ProductFormValues>;

const NEW_PRODUCT: Omit<ProductFormValues, 'images' | 'nutritionLabel'> = {
  ...base,
  nameEn: 'Pineapple Vinegar Drink',
  nameZh: '鳳梨醋飲',
  barcode: ean13('471123450021'),
  productType: 'beverages',
  unitOfMeasure: 'glass_container',
  unitQuantity: '1',
  description: 'Naturally fermented pineapple vinegar; mix one part with four parts water.',
  ingredients: 'Pineapple, rice vinegar, cane sugar.',
  countryOfOrigin: 'TW',
  price: '8.90',
  compareAtPrice: '',
  weight: '',
  volume: '600',
  volumeUnit: 'ml',
};

const PUBLISHED: Omit<ProductFormValues, 'images' | 'nutritionLabel'> = {
  ...base,
  nameEn: 'Ginger Brown Sugar Tea Cubes',
  nameZh: '薑母黑糖塊',
  barcode: ean13('471123450022'),
  productType: 'beverages',
  unitOfMeasure: 'box',
  unitQuantity: '12',
  description: 'Brown sugar cubes with old ginger; dissolve one in hot water.',
  ingredients: 'Brown sugar, ginger.',
  countryOfOrigin: 'TW',
  price: '6.50',
  compareAtPrice: '',
  weight: '360',
};

/** Adds what is missing; returns how many products it added. */
export async function seedConsoleReviews(vendorId: string, userId: string): Promise<number> {
  const { catalogueRows } = await import('../../lambdas/listings/store');
  const { createProduct, saveProduct } = await import('../../lambdas/listings/product-actions');
  const { reviewProduct } = await import('../../lambdas/listings/review');
  const identityId = localIdentityId(LOCAL_REGION, userId);
  const names = new Set((await catalogueRows(vendorId)).map((r) => r.nameEn));
  const images = async (colors: [number, number, number][]) => {
    const folder = randomUUID();
    const keys = await Promise.all(colors.map((c) => upload(identityId, folder, productPng(c))));
    const label = await upload(identityId, folder, nutritionLabelPng());
    await checkedValid([...keys, label]);
    return { images: keys, nutritionLabel: label };
  };
  let added = 0;
  if (!names.has(NEW_PRODUCT.nameEn)) {
    await createProduct(vendorId, identityId, productSubmitSchema.parse({ ...NEW_PRODUCT, ...(await images([[255, 214, 0], [255, 160, 0]])) }), true);
    added += 1;
  }
  if (!names.has(PUBLISHED.nameEn)) {
    const first = { ...PUBLISHED, ...(await images([[93, 64, 55]])) };
    const { productId } = await createProduct(vendorId, identityId, productSubmitSchema.parse(first), true);
    await reviewProduct({ productId, decision: 'approve' }, { userId: 'seed:demo', email: 'seed:demo' });
    // The update: a new primary image and label, a longer description, twelve cubes become sixteen.
    const update = { ...first, ...(await images([[141, 85, 36], [93, 64, 55]])), unitQuantity: '16', description: `${PUBLISHED.description} Now sixteen cubes a box.` };
    await saveProduct(vendorId, productId, identityId, productSubmitSchema.parse(update), true);
    added += 1;
  }
  return added;
}
