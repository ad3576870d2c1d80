import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InventoryRow, ProductView } from '../../../../contracts/listings/model';
import { emptyProductForm, type ProductContent } from '../../../../contracts/listings/schema';
import { IDENTITY_ID, storeAmplifySession } from '../../amplify-mock';
import { renderApp } from '../../render-app';
import { stubSalesFetch, type SalesHandler } from '../../sales-fixtures';
import type { Language } from '../../../../web/src/i18n/language';
import { openCatalogue } from './render-catalogue';

/** Object keys as the bucket holds them (contracts/listings/schema.ts IMAGE_KEY_PATTERN). */
export const imageKey = (n: number, ext = 'jpg') => `private/${IDENTITY_ID}/products/11111111-2222-4333-8444-555555555555/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.${ext}`;
export const image = (n: number) => ({ key: imageKey(n), url: `https://images.test/${n}.jpg?sig=abc`, thumbnailUrl: `https://images.test/${n}-thumb.jpg?sig=abc` });

/** A complete product (what review accepts): Taiwanese oolong tea. */
export const teaContent = (overrides: Partial<ProductContent> = {}): ProductContent => ({
  ...(emptyProductForm() as unknown as ProductContent),
  nameEn: 'High Mountain Oolong Tea',
  nameZh: '高山烏龍茶',
  barcode: '4712345678900',
  productType: 'beverages',
  unitOfMeasure: 'box',
  unitQuantity: 20,
  description: 'Whole-leaf oolong from Alishan.',
  ingredients: 'Oolong tea leaves',
  hasAllergens: 'no',
  allergens: [],
  countryOfOrigin: 'TW',
  price: 1899,
  compareAtPrice: 2400,
  weight: 150,
  weightUnit: 'g',
  volume: undefined,
  volumeUnit: 'ml',
  length: undefined,
  width: undefined,
  height: undefined,
  dimensionUnit: 'cm',
  images: [imageKey(1), imageKey(2)],
  nutritionLabel: imageKey(9),
  ...overrides,
});

/**
 * Signed URLs name their object (`https://images.test/<image number>.jpg` for the display size,
 * `<image number>-thumb.jpg` for the 320-px thumbnail; issue 23), so a test can tell which version
 * and which rendition an image is of.
 */
const imageUrl = (key: string, suffix = '') => `https://images.test/${Number(/(\d+)\.\w+$/.exec(key)?.[1] ?? 0)}${suffix}.jpg?sig=abc`;

const version = (content: ProductContent) => ({
  content,
  images: content.images.map((key) => ({ key, url: imageUrl(key), thumbnailUrl: imageUrl(key, '-thumb') })),
  nutritionLabel: content.nutritionLabel ? { key: content.nutritionLabel, url: 'https://images.test/label.jpg?sig=abc', thumbnailUrl: 'https://images.test/label-thumb.jpg?sig=abc' } : null,
});

type State = 'published' | 'pending' | 'rejected' | 'draft' | 'published+pending' | 'published+draft' | 'published+rejected';

/**
 * A product as the API answers it, in one of the states of spec §4. `revisionContent` is an update's
 * content (the live version keeps `content`); its summary (nameEn, thumbnailUrl) is what shoppers see:
 * the live version when there is one, else the revision.
 */
export function productView(n: number, state: State, overrides: Partial<ProductView> = {}, content: ProductContent = teaContent(), revisionContent: ProductContent = content): ProductView {
  const live = state.startsWith('published') ? { ...version(content), publishedAt: '2026-03-01T09:30:00.000Z' } : null;
  const revisionState = state === 'published' ? null : state.startsWith('published+') ? (state.slice('published+'.length) as 'pending' | 'draft' | 'rejected') : (state as 'pending' | 'draft' | 'rejected');
  const revision = revisionState
    ? {
        ...version(revisionContent),
        state: revisionState,
        savedAt: '2026-03-05T10:00:00.000Z',
        submittedAt: revisionState === 'draft' ? null : '2026-03-06T17:04:05.000Z',
        rejectedAt: revisionState === 'rejected' ? '2026-03-07T08:00:00.000Z' : null,
        rejectionReasons: revisionState === 'rejected' ? ['image_background', 'Please show the whole box on the label photo.'] : [],
      }
    : null;
  const shown = live ?? revision!;
  return {
    productId: `P-${n}`,
    sku: `10001-${String(n).padStart(4, '0')}`,
    nameEn: shown.content.nameEn,
    nameZh: shown.content.nameZh,
    thumbnailUrl: shown.images[0]?.thumbnailUrl ?? null,
    live,
    revision,
    offer: { priceCents: content.price, compareAtCents: content.compareAtPrice ?? null, inventory: 42, outOfStock: false, updatedAt: '2026-03-01T09:30:00.000Z' },
    editable: revisionState !== 'pending',
    createdAt: '2026-02-20T09:00:00.000Z',
    updatedAt: '2026-03-06T17:04:05.000Z',
    ...overrides,
  };
}

export function inventoryRow(n: number, overrides: Partial<InventoryRow> = {}): InventoryRow {
  return {
    productId: `P-${n}`,
    sku: `10001-${String(n).padStart(4, '0')}`,
    nameEn: `Product ${n}`,
    nameZh: `商品 ${n}`,
    thumbnailUrl: `https://images.test/${n}-thumb.jpg?sig=abc`,
    priceCents: 1000 + n,
    compareAtCents: null,
    inventory: 10 * n,
    outOfStock: false,
    status: 'published',
    ...overrides,
  };
}

/**
 * Opens a catalogue route with the API answered by `handler` and waits for its h1: at route level
 * (render-catalogue.tsx: the screen with its QueryClient and router, `language` as the session would
 * apply it), or with `app: true` the whole signed-in app (session, GET /api/me, header, route guard)
 * for a test about the shell around the screen.
 */
export async function openRoute(path: string, handler: SalesHandler, heading: RegExp, options: { app?: boolean; language?: Language } = {}) {
  if (!options.app) return openCatalogue(path, handler, heading, options);
  storeAmplifySession();
  const calls = stubSalesFetch(handler);
  renderApp(path);
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15_000 });
  return { calls, user: userEvent.setup() };
}

/** Bytes of real image files: what the browser's check reads. */
export const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
export const JPEG_BYTES = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1];

export const pngFile = (name: string, size = 2048) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_BYTES);
  return new File([bytes], name, { type: 'image/png' });
};
export const jpegFile = (name: string, size = 2048) => {
  const bytes = new Uint8Array(size);
  bytes.set(JPEG_BYTES);
  return new File([bytes], name, { type: 'image/jpeg' });
};
