import type { QueryClient } from '@tanstack/react-query';
import { PRODUCT_TABS, type ProductPage, type ProductTab, type ProductView } from '@contracts/listings/model';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { loadConfig } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-client';
import { updateCursorListItems, useCursorList } from '../../../lib/use-cursor-list';

export type { ProductPage, ProductTab, ProductView };

export const isProductTab = (v: unknown): v is ProductTab => (PRODUCT_TABS as readonly unknown[]).includes(v);

/**
 * The answers' schemas (contracts/listings/answers.ts), and zod with them, load with the first answer,
 * in parallel with its request: the lists' first download carries no zod.
 */
const answers = () => import('@contracts/listings/answers');

/** One page of a tab (published, pending, rejected, draft), newest first as the API orders them. */
export async function getProductsPage(tab: ProductTab, cursor: string | undefined, signal?: AbortSignal): Promise<ProductPage> {
  const query = new URLSearchParams({ tab });
  if (cursor) query.set('cursor', cursor);
  const [{ productPageSchema }, data] = await Promise.all([answers(), apiRequest<unknown>(`/api/products?${query}`, { signal })]);
  return parseAnswer(productPageSchema, data, 'GET /api/products');
}

/** A tab's "Load more" list, each page with the marketplace's time zone its dates are shown in. */
export function useProductsList(tab: ProductTab) {
  return useCursorList<ProductView, ProductPage & { timeZone: string }>(queryKeys.products.list(tab), async (cursor, signal) => {
    const [config, page] = await Promise.all([loadConfig(), getProductsPage(tab, cursor, signal)]);
    return { ...page, timeZone: config.marketplaceTimeZone };
  });
}

/** A product gone from a tab leaves the list on screen from the server's answer (no reload of every loaded page). */
export function removeFromProductsList(client: QueryClient, tab: ProductTab, productId: string): void {
  updateCursorListItems<ProductView, ProductPage>(client, queryKeys.products.list(tab), (items) => items.filter((p) => p.productId !== productId));
}
