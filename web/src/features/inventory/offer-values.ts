import type { OfferView } from '@contracts/listings/answers';
import { centsToPriceText, offerSchema, type OfferFormValues } from '@contracts/listings/schema';
import type { InventoryRow } from './api/get-inventory';

export const OFFER_FIELDS = ['price', 'compareAtPrice', 'inventory', 'outOfStock', 'restockOn', 'lowStockThreshold'] as const;
export type OfferField = (typeof OFFER_FIELDS)[number];
export const isOfferField = (name: string): name is OfferField => (OFFER_FIELDS as readonly string[]).includes(name);

/**
 * Each field's own message, for the issues offerSchema reports without one of its keys (zod's
 * "Invalid input" when neither branch of the inventory's number-or-text union matches).
 */
export const FIELD_MESSAGES: Record<OfferField, string> = {
  price: 'listing_error_price_format',
  compareAtPrice: 'listing_error_price_format',
  inventory: 'listing_error_inventory',
  outOfStock: 'listing_error_invalid',
  restockOn: 'listing_error_restock_date',
  lowStockThreshold: 'listing_error_low_stock_threshold',
};

/** The form's values for an offer (a row as listed, or the current offer of a 409). */
export function offerFormValues(o: Pick<OfferView, 'priceCents' | 'compareAtCents' | 'inventory' | 'outOfStock' | 'restockOn' | 'lowStockThreshold'>): OfferFormValues {
  return {
    price: centsToPriceText(o.priceCents),
    compareAtPrice: o.compareAtCents === null ? '' : centsToPriceText(o.compareAtCents),
    inventory: String(o.inventory),
    outOfStock: o.outOfStock,
    restockOn: o.restockOn ?? '',
    lowStockThreshold: o.lowStockThreshold === null || o.lowStockThreshold === undefined ? '' : String(o.lowStockThreshold),
  };
}

/** The row as it stands after a save: the offer the server answered, else the values it accepted. */
export function rowAfterSave(row: InventoryRow, saved: OfferView | null, values: OfferFormValues): InventoryRow {
  if (saved) {
    const { priceCents, compareAtCents, inventory, outOfStock, version, restockOn, lowStockThreshold, lowStock } = saved;
    return { ...row, priceCents, compareAtCents, inventory, outOfStock, version, restockOn, lowStockThreshold, lowStock };
  }
  const offer = offerSchema.parse(values);
  return {
    ...row,
    priceCents: offer.price,
    compareAtCents: offer.compareAtPrice ?? null,
    inventory: offer.inventory,
    outOfStock: offer.outOfStock,
    restockOn: offer.restockOn ?? null,
    lowStockThreshold: offer.lowStockThreshold ?? null,
  };
}
