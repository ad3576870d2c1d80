import type { InventoryPage, InventoryRow, ProductView } from '../../../../contracts/listings/model';
import type { InventorySettings } from '../../../../contracts/listings/answers';
import type { OfferFormValues } from '../../../../contracts/listings/schema';
import { ApiError, apiRequest, parseAnswer } from '../../lib/api';
import { inventoryApiQuery, type InventoryQuery } from './inventory-query';

export type { InventoryPage, InventoryRow };

type Offer = ProductView['offer'];

/** The answers' schemas (contracts/listings/answers.ts) and zod load with the first answer, in parallel with its request. */
const answers = () => import('../../../../contracts/listings/answers');

/** One page of the vendor's products for the inventory table, searched and sorted by the server. */
export async function getInventoryPage(query: InventoryQuery, cursor: string | undefined, signal?: AbortSignal): Promise<InventoryPage> {
  const [{ inventoryPageSchema }, data] = await Promise.all([answers(), apiRequest<unknown>(`/api/inventory${inventoryApiQuery(query, cursor)}`, { signal })]);
  return parseAnswer(inventoryPageSchema, data, 'GET /api/inventory');
}

/**
 * Changes price, compare-at price, inventory, out-of-stock (until a day) and the low-stock threshold,
 * without review; the body is the dialog's values (offerSchema's wire format) and the product
 * `version` the dialog opened, when known: a product changed since is refused (409 `offer_changed`,
 * see `changedOffer`). Resolves with the offer the answer (a ProductView) carries, or null when it
 * carries none.
 */
export async function patchOffer(productId: string, values: OfferFormValues, version?: number): Promise<Offer | null> {
  const body = version === undefined ? values : { ...values, version };
  const [{ offerAnswerSchema }, answer] = await Promise.all([answers(), apiRequest<unknown>(`/api/products/${encodeURIComponent(productId)}/offer`, { method: 'PATCH', body })]);
  const parsed = offerAnswerSchema.safeParse(answer);
  return parsed.success ? parsed.data.offer : null;
}

/** The current offer a 409 `offer_changed` carries (the product changed since the dialog opened), else null. */
export async function changedOffer(err: unknown): Promise<Offer | null> {
  if (!(err instanceof ApiError) || err.status !== 409 || err.code !== 'offer_changed') return null;
  const { offerConflictSchema } = await answers();
  const parsed = offerConflictSchema.safeParse(err.details);
  return parsed.success ? parsed.data.current : null;
}

/** The shop's default low-stock level (issue 15): for products without their own threshold; with its latest re-check (issue 16). */
export async function getInventorySettings(signal?: AbortSignal): Promise<InventorySettings> {
  const [{ inventorySettingsSchema }, data] = await Promise.all([answers(), apiRequest<unknown>('/api/inventory/settings', { signal })]);
  return parseAnswer(inventorySettingsSchema, data, 'GET /api/inventory/settings');
}

/**
 * Sets the default, conditional on the level the vendor saw (`expected`): 409 `low_stock_default_changed`
 * when it changed meanwhile. Resolves with the new level and its re-check, running in the background (issue 16).
 */
export async function putInventorySettings(lowStockDefault: number, expected: number): Promise<InventorySettings> {
  const [{ inventorySettingsSchema }, data] = await Promise.all([
    answers(),
    apiRequest<unknown>('/api/inventory/settings', { method: 'PUT', body: { lowStockDefault, expected } }),
  ]);
  return parseAnswer(inventorySettingsSchema, data, 'PUT /api/inventory/settings');
}
