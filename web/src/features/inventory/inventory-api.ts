import { PRODUCT_TABS, type InventoryPage, type InventoryRow, type ProductView } from '../../../../contracts/listings/model';
import type { OfferFormValues } from '../../../../contracts/listings/schema';
import { ApiError, apiRequest } from '../../lib/api';
import { inventoryApiQuery, type InventoryQuery } from './inventory-query';

export type { InventoryPage, InventoryRow };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isStr = (v: unknown): v is string => typeof v === 'string';

type Offer = ProductView['offer'];

const isOffer = (v: unknown): v is Offer =>
  isRecord(v) && isInt(v.priceCents) && (v.compareAtCents === null || isInt(v.compareAtCents)) && isInt(v.inventory) && typeof v.outOfStock === 'boolean';

const isInventoryRow = (v: unknown): v is InventoryRow =>
  isRecord(v) &&
  isStr(v.productId) &&
  isStr(v.sku) &&
  isStr(v.nameEn) &&
  isStr(v.nameZh) &&
  (v.thumbnailUrl === null || isStr(v.thumbnailUrl)) &&
  isInt(v.priceCents) &&
  (v.compareAtCents === null || isInt(v.compareAtCents)) &&
  isInt(v.inventory) &&
  typeof v.outOfStock === 'boolean' &&
  (PRODUCT_TABS as readonly unknown[]).includes(v.status);

/** Checks a `GET /api/inventory` answer before the table shows it. */
export function parseInventoryPage(data: unknown): InventoryPage {
  const ok = isRecord(data) && Array.isArray(data.items) && data.items.every(isInventoryRow) && isInt(data.total) && (data.nextCursor === undefined || data.nextCursor === null || isStr(data.nextCursor));
  if (!ok) throw new ApiError(200, 'invalid_response', 'GET /api/inventory answered an unexpected shape.');
  return data as unknown as InventoryPage;
}

/** One page of the vendor's products for the inventory table, searched and sorted by the server. */
export async function getInventoryPage(query: InventoryQuery, cursor: string | undefined, signal?: AbortSignal): Promise<InventoryPage> {
  return parseInventoryPage(await apiRequest<unknown>(`/api/inventory${inventoryApiQuery(query, cursor)}`, { signal }));
}

/**
 * Changes price, compare-at price, inventory and out-of-stock, without review; the body is the
 * dialog's values (offerSchema's wire format). Resolves with the offer the answer (a ProductView)
 * carries, or null when it carries none.
 */
export async function patchOffer(productId: string, values: OfferFormValues): Promise<Offer | null> {
  const answer = await apiRequest<unknown>(`/api/products/${encodeURIComponent(productId)}/offer`, { method: 'PATCH', body: values });
  return isRecord(answer) && isOffer(answer.offer) ? answer.offer : null;
}
