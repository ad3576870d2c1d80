import { PRODUCT_TABS, type ProductPage, type ProductTab, type ProductView } from '../../../../contracts/listings/model';
import type { ProductFormValues } from '../../../../contracts/listings/schema';
import { apiRequest, parseAnswer } from '../../lib/api';

export type { ProductPage, ProductTab, ProductView };

export const isProductTab = (v: unknown): v is ProductTab => (PRODUCT_TABS as readonly unknown[]).includes(v);

/**
 * The answers' schemas (contracts/listings/answers.ts), and zod with them, load with the first answer,
 * in parallel with its request: the lists' and the item form's first download carries no zod.
 */
const answers = () => import('../../../../contracts/listings/answers');

/** The call's answer, checked with its schema before the lists or the form show it. */
async function product(request: Promise<unknown>, what: string): Promise<ProductView> {
  const [{ productViewSchema }, data] = await Promise.all([answers(), request]);
  return parseAnswer(productViewSchema, data, what);
}

/** One page of a tab (published, pending, rejected, draft), newest first as the API orders them. */
export async function getProductsPage(tab: ProductTab, cursor: string | undefined, signal?: AbortSignal): Promise<ProductPage> {
  const query = new URLSearchParams({ tab });
  if (cursor) query.set('cursor', cursor);
  const [{ productPageSchema }, data] = await Promise.all([answers(), apiRequest<unknown>(`/api/products?${query}`, { signal })]);
  return parseAnswer(productPageSchema, data, 'GET /api/products');
}

const productPath = (productId: string) => `/api/products/${encodeURIComponent(productId)}`;

export async function getProduct(productId: string, signal?: AbortSignal): Promise<ProductView> {
  return product(apiRequest<unknown>(productPath(productId), { signal }), 'GET /api/products/{productId}');
}

/**
 * Creates a product from the form's values (the wire format of contracts/listings/schema.ts): a draft,
 * or with `submit` sent to review at once (the server checks it with productSubmitSchema).
 * `idempotencyKey` (one per save, lib/idempotency.ts) makes a repeat create nothing more.
 */
export async function createProduct(values: ProductFormValues, submit: boolean, idempotencyKey?: string): Promise<ProductView> {
  return product(apiRequest<unknown>('/api/products', { method: 'POST', body: { values, submit }, idempotencyKey }), 'POST /api/products');
}

/** Saves the form as the product's revision (a published product keeps its live version), with `submit` sent to review. */
export async function updateProduct(productId: string, values: ProductFormValues, submit: boolean): Promise<ProductView> {
  return product(apiRequest<unknown>(productPath(productId), { method: 'PUT', body: { values, submit } }), 'PUT /api/products/{productId}');
}

/**
 * Deletes a draft or a rejected product that was never published (204), or discards a published
 * product's draft or rejected revision (200 with the product; the live version stays). Either way the
 * product leaves the Drafts or Rejected list, so the answer's body is not needed.
 */
export async function deleteProduct(productId: string): Promise<void> {
  await apiRequest<unknown>(productPath(productId), { method: 'DELETE' });
}
