import { inventoryPageSchema, offerAnswerSchema, type InventoryPage, type InventoryRow, type ProductView } from '../../../../contracts/listings/model';
import type { OfferFormValues } from '../../../../contracts/listings/schema';
import { apiRequest, parseAnswer } from '../../lib/api';
import { inventoryApiQuery, type InventoryQuery } from './inventory-query';

export type { InventoryPage, InventoryRow };

type Offer = ProductView['offer'];

/** Checks a `GET /api/inventory` answer with its schema (contracts/listings/model.ts) before the table shows it. */
export function parseInventoryPage(data: unknown): InventoryPage {
  return parseAnswer(inventoryPageSchema, data, 'GET /api/inventory');
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
  const parsed = offerAnswerSchema.safeParse(answer);
  return parsed.success ? parsed.data.offer : null;
}
