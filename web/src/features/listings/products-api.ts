import { PRODUCT_TABS, REVISION_STATES, type ProductPage, type ProductTab, type ProductView } from '../../../../contracts/listings/model';
import type { ProductFormValues } from '../../../../contracts/listings/schema';
import { ApiError, apiRequest } from '../../lib/api';

export type { ProductPage, ProductTab, ProductView };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isInstant = (v: unknown): v is string => isStr(v) && !Number.isNaN(Date.parse(v));
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isStrOrNull = (v: unknown) => v === null || isStr(v);

const isImage = (v: unknown) => isRecord(v) && isStr(v.key) && isStr(v.url);
const isVersion = (v: unknown): v is Record<string, unknown> => isRecord(v) && isRecord(v.content) && Array.isArray(v.images) && v.images.every(isImage) && (v.nutritionLabel === null || isImage(v.nutritionLabel));

const isRevision = (v: unknown) =>
  v === null ||
  (isVersion(v) &&
    (REVISION_STATES as readonly unknown[]).includes(v.state) &&
    isInstant(v.savedAt) &&
    (v.submittedAt === null || isInstant(v.submittedAt)) &&
    (v.rejectedAt === null || isInstant(v.rejectedAt)) &&
    Array.isArray(v.rejectionReasons) &&
    v.rejectionReasons.every(isStr));

const isOffer = (v: unknown) => isRecord(v) && isInt(v.priceCents) && (v.compareAtCents === null || isInt(v.compareAtCents)) && isInt(v.inventory) && typeof v.outOfStock === 'boolean';

/** The fields of a ProductView the pages rely on (contracts/listings/model.ts). */
export const isProductView = (v: unknown): v is ProductView =>
  isRecord(v) &&
  isStr(v.productId) &&
  isStr(v.sku) &&
  isStr(v.nameEn) &&
  isStr(v.nameZh) &&
  isStrOrNull(v.thumbnailUrl) &&
  (v.live === null || (isVersion(v.live) && isInstant(v.live.publishedAt))) &&
  isRevision(v.revision) &&
  isOffer(v.offer) &&
  typeof v.editable === 'boolean' &&
  isInstant(v.createdAt) &&
  isInstant(v.updatedAt);

export const isProductTab = (v: unknown): v is ProductTab => (PRODUCT_TABS as readonly unknown[]).includes(v);

function invalid(what: string): never {
  throw new ApiError(200, 'invalid_response', `${what} answered an unexpected shape.`);
}

/** Checks a `GET /api/products` answer before the lists show it. */
export function parseProductPage(data: unknown): ProductPage {
  const ok = isRecord(data) && Array.isArray(data.items) && data.items.every(isProductView) && (data.nextCursor === undefined || data.nextCursor === null || isStr(data.nextCursor));
  if (!ok) invalid('GET /api/products');
  return data as unknown as ProductPage;
}

function parseProduct(data: unknown, what: string): ProductView {
  if (!isProductView(data)) invalid(what);
  return data;
}

/** One page of a tab (published, pending, rejected, draft), newest first as the API orders them. */
export async function getProductsPage(tab: ProductTab, cursor: string | undefined, signal?: AbortSignal): Promise<ProductPage> {
  const query = new URLSearchParams({ tab });
  if (cursor) query.set('cursor', cursor);
  return parseProductPage(await apiRequest<unknown>(`/api/products?${query}`, { signal }));
}

const productPath = (productId: string) => `/api/products/${encodeURIComponent(productId)}`;

export async function getProduct(productId: string, signal?: AbortSignal): Promise<ProductView> {
  return parseProduct(await apiRequest<unknown>(productPath(productId), { signal }), 'GET /api/products/{productId}');
}

/**
 * Creates a product from the form's values (the wire format of contracts/listings/schema.ts): a draft,
 * or with `submit` sent to review at once (the server checks it with productSubmitSchema).
 * `idempotencyKey` (one per save, lib/idempotency.ts) makes a repeat create nothing more.
 */
export async function createProduct(values: ProductFormValues, submit: boolean, idempotencyKey?: string): Promise<ProductView> {
  return parseProduct(await apiRequest<unknown>('/api/products', { method: 'POST', body: { values, submit }, idempotencyKey }), 'POST /api/products');
}

/** Saves the form as the product's revision (a published product keeps its live version), with `submit` sent to review. */
export async function updateProduct(productId: string, values: ProductFormValues, submit: boolean): Promise<ProductView> {
  return parseProduct(await apiRequest<unknown>(productPath(productId), { method: 'PUT', body: { values, submit } }), 'PUT /api/products/{productId}');
}

/**
 * Deletes a draft or a rejected product that was never published (204), or discards a published
 * product's draft or rejected revision (200 with the product; the live version stays). Either way the
 * product leaves the Drafts or Rejected list, so the answer's body is not needed.
 */
export async function deleteProduct(productId: string): Promise<void> {
  await apiRequest<unknown>(productPath(productId), { method: 'DELETE' });
}
