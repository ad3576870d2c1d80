/**
 * The demo vendor's catalogue: products in every state (published, published with an update
 * pending review, pending, rejected with reasons, draft), each with real images uploaded to s3rver
 * under the vendor's own prefix and checked by the same image check as every upload — then created
 * through the same domain functions the products API and the review command use. Runs once: a
 * vendor that already has products is left alone.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { localIdentityId, productImageKey, productImagesBucket } from '../../contracts/buckets';
import { isValidBarcode, productFormSchema, productSubmitSchema, type ProductFormValues } from '../../contracts/listings/schema';
import { s3Client } from '../../lambdas/shared/s3';
import { LOCAL_REGION } from '../local/cognito';
import { nutritionLabelPng, productPng } from './images';

type Rgb = readonly [number, number, number];
type Fate = 'published' | 'published+pending' | 'pending' | 'rejected' | 'draft';

interface DemoProduct {
  fate: Fate;
  colors: Rgb[];
  values: Omit<ProductFormValues, 'images' | 'nutritionLabel'>;
  offer?: { inventory: number; outOfStock?: boolean };
  /** published+pending: the update waiting for review. */
  update?: Partial<ProductFormValues>;
  rejectionReasons?: string[];
}

/** A valid EAN-13 from 12 digits (GS1 check digit). */
export function ean13(first12: string): string {
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  const code = first12 + String((10 - (sum % 10)) % 10);
  if (!isValidBarcode(code)) throw new Error(`not an EAN-13: ${code}`);
  return code;
}

const base = { weightUnit: 'g', volume: '', volumeUnit: 'ml', length: '', width: '', height: '', dimensionUnit: 'cm', hasAllergens: 'no', allergens: [] } satisfies Partial<ProductFormValues>;

export const demoProducts: DemoProduct[] = [
  {
    fate: 'published',
    colors: [[46, 125, 50], [27, 94, 32]],
    values: { ...base, nameEn: 'High Mountain Oolong Tea Leaves', nameZh: '高山烏龍茶葉', barcode: ean13('471123450001'), productType: 'beverages', unitOfMeasure: 'box', unitQuantity: '1', description: 'Lightly roasted whole-leaf oolong from Alishan, Taiwan. Floral aroma, smooth finish; brews five or more times.', ingredients: 'Oolong tea leaves (100%).', countryOfOrigin: 'TW', price: '18.50', compareAtPrice: '22.00', weight: '150', length: '12', width: '8', height: '18' },
    offer: { inventory: 120 },
  },
  {
    fate: 'published',
    colors: [[198, 40, 40], [239, 108, 0]],
    values: { ...base, nameEn: 'Braised Beef Instant Noodles (5 pack)', nameZh: '紅燒牛肉麵（五入）', barcode: ean13('471123450002'), productType: 'instant', unitOfMeasure: 'pack', unitQuantity: '5', description: 'Thick noodles in a rich braised-beef broth with real beef chunks. Ready in three minutes.', ingredients: 'Wheat flour, palm oil, salt, beef, soy sauce, spices, sugar.', hasAllergens: 'yes', allergens: ['wheat', 'soybeans'], countryOfOrigin: 'TW', price: '9.99', compareAtPrice: '', weight: '950' },
    offer: { inventory: 340 },
  },
  {
    fate: 'published',
    colors: [[249, 168, 37]],
    values: { ...base, nameEn: 'Pineapple Cakes (12 pieces)', nameZh: '土鳳梨酥（12入）', barcode: ean13('471123450003'), productType: 'snacks', unitOfMeasure: 'box', unitQuantity: '12', description: 'Buttery shortbread filled with native Taiwanese pineapple jam. Individually wrapped.', ingredients: 'Pineapple, wheat flour, butter, sugar, eggs, milk powder.', hasAllergens: 'yes', allergens: ['wheat', 'milk', 'eggs'], countryOfOrigin: 'TW', price: '24.00', compareAtPrice: '28.00', weight: '540', length: '25', width: '18', height: '6' },
    offer: { inventory: 0, outOfStock: true },
  },
  {
    fate: 'published+pending',
    colors: [[78, 52, 46], [121, 85, 72]],
    values: { ...base, nameEn: 'Naturally Brewed Soy Sauce', nameZh: '純釀醬油', barcode: ean13('471123450004'), productType: 'seasoning', unitOfMeasure: 'glass_container', unitQuantity: '1', description: 'Black-bean soy sauce brewed for 180 days in clay jars.', ingredients: 'Water, black soybeans, salt, sugar.', hasAllergens: 'yes', allergens: ['soybeans'], countryOfOrigin: 'TW', price: '7.80', compareAtPrice: '', weight: '', volume: '500', volumeUnit: 'ml' },
    offer: { inventory: 85 },
    update: { nameEn: 'Naturally Brewed Black Bean Soy Sauce', description: 'Black-bean soy sauce brewed for 180 days in clay jars. New recipe with less salt.' },
  },
  {
    fate: 'pending',
    colors: [[141, 110, 99]],
    values: { ...base, nameEn: 'Dried Shiitake Mushrooms', nameZh: '花菇乾香菇', barcode: ean13('471123450005'), productType: 'dry_goods', unitOfMeasure: 'plastic_container', unitQuantity: '1', description: 'Thick-capped flower shiitake, sun-dried. Soak 30 minutes before cooking.', ingredients: 'Shiitake mushrooms (100%).', countryOfOrigin: 'TW', price: '15.50', compareAtPrice: '', weight: '200' },
  },
  {
    fate: 'rejected',
    colors: [[255, 193, 7]],
    values: { ...base, nameEn: 'Pure Black Sesame Oil', nameZh: '純黑麻油', barcode: ean13('471123450006'), productType: 'seasoning', unitOfMeasure: 'glass_container', unitQuantity: '1', description: 'Cold-pressed black sesame oil for ginger chicken and stir-fries.', ingredients: 'Black sesame (100%).', hasAllergens: 'yes', allergens: ['sesame'], countryOfOrigin: 'TW', price: '11.20', compareAtPrice: '', weight: '', volume: '300', volumeUnit: 'ml' },
    rejectionReasons: ['image_background', 'The nutrition facts label is cut off at the bottom; please upload the whole label.'],
  },
  {
    fate: 'draft',
    colors: [[62, 39, 35]],
    values: { ...base, nameEn: 'Brown Sugar Boba Kit', nameZh: '黑糖珍珠粉圓組', barcode: '', productType: 'other', unitOfMeasure: '', unitQuantity: '', description: '', ingredients: '', hasAllergens: '', countryOfOrigin: '', price: '12.00', compareAtPrice: '', weight: '' },
  },
  {
    fate: 'published',
    colors: [[233, 30, 99]],
    values: { ...base, nameEn: 'Lychees in Light Syrup', nameZh: '糖水荔枝罐頭', barcode: ean13('471123450008'), productType: 'canned', unitOfMeasure: 'can_tin', unitQuantity: '1', description: 'Whole peeled lychees in light syrup. Serve chilled.', ingredients: 'Lychee, water, sugar, citric acid.', countryOfOrigin: 'CN', price: '4.25', compareAtPrice: '', weight: '567' },
    offer: { inventory: 60 },
  },
];

export async function upload(identityId: string, folder: string, body: Buffer): Promise<string> {
  const key = productImageKey(identityId, folder, randomUUID(), 'png');
  await s3Client().send(new PutObjectCommand({ Bucket: productImagesBucket.localName, Key: key, Body: body, ContentType: 'image/png' }));
  return key;
}

/** The image check runs on s3rver's event, as in the cloud: wait until it has said yes. */
export async function checkedValid(keys: string[]): Promise<void> {
  const { getCheck } = await import('../../lambdas/images/store');
  const deadline = Date.now() + 15_000;
  for (const key of keys) {
    for (;;) {
      const check = await getCheck(key);
      if (check?.status === 'valid') break;
      if (check?.status === 'rejected') throw new Error(`demo image ${key} was rejected: ${check.reason}`);
      if (Date.now() > deadline) throw new Error(`demo image ${key} was not checked within 15 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export async function seedDemoProducts(vendorId: string, userId: string): Promise<number> {
  const { productCount } = await import('../../lambdas/listings/store');
  if ((await productCount(vendorId)) > 0) return 0;
  const { createProduct, saveProduct, changeProductOffer } = await import('../../lambdas/listings/product-actions');
  const { reviewProduct } = await import('../../lambdas/listings/review');
  const identityId = localIdentityId(LOCAL_REGION, userId);
  const reviewer = 'seed:demo';
  for (const demo of demoProducts) {
    const folder = randomUUID();
    const images = await Promise.all(demo.colors.map((c) => upload(identityId, folder, productPng(c))));
    const nutritionLabel = await upload(identityId, folder, nutritionLabelPng());
    await checkedValid([...images, nutritionLabel]);
    const values: ProductFormValues = { ...demo.values, images, nutritionLabel };
    const submit = demo.fate !== 'draft';
    const content = (submit ? productSubmitSchema : productFormSchema).parse(values);
    const created = await createProduct(vendorId, identityId, content, submit);
    const { productId } = created;
    if (demo.fate === 'published' || demo.fate === 'published+pending') await reviewProduct({ productId, decision: 'approve', reasons: [] }, { userId: reviewer, email: reviewer });
    if (demo.fate === 'rejected') await reviewProduct({ productId, decision: 'reject', reasons: demo.rejectionReasons! }, { userId: reviewer, email: reviewer });
    if (demo.offer) {
      await changeProductOffer(vendorId, productId, {
        price: content.price,
        compareAtPrice: content.compareAtPrice,
        inventory: demo.offer.inventory,
        outOfStock: demo.offer.outOfStock ?? false,
      });
    }
    if (demo.update) await saveProduct(vendorId, productId, identityId, productSubmitSchema.parse({ ...values, ...demo.update }), true);
  }
  return demoProducts.length;
}
