/**
 * Products as the API answers them (the contract between lambdas/listings and
 * web/src/features/listings): the states and constants (this module, zod-free, so the pages import
 * them without zod) and the answers' types, declared once as zod schemas in answers.ts (`z.infer`):
 * the server builds its answers as these types and the web parses them with those schemas. Review states per spec §4: a product has at most one live
 * (published) version and at most one working revision (draft, pending review or rejected). An
 * update of a published product is a revision: the live version stays in the marketplace until the
 * revision is approved. Price, compare-at price, inventory and out-of-stock are the offer: they
 * change without review (inventory table) and apply to whichever version is live.
 */
import type { InventoryRow } from './answers';

export type { InventoryPage, InventoryRow, OfferView, ProductImageView, ProductPage, ProductVersionView, ProductView } from './answers';

export { PRODUCT_TABS, REVISION_STATES, type ProductTab, type RevisionState } from './states';

/** Reasons ops pick from when rejecting (i18n keys `rejection_<reason>`); free text is allowed too. */
export const REJECTION_REASONS = [
  'image_background',
  'image_text_or_watermark',
  'image_not_square',
  'image_coverage',
  'nutrition_label_unreadable',
  'name_mismatch',
  'barcode_invalid',
  'missing_information',
  'prohibited_product',
] as const;

export const INVENTORY_SORTS = ['name', 'sku', 'price', 'inventory', 'updated'] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

/** Stock at or below this is low, unless the product has its own threshold (issue 15). */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** The vendor's default low-stock level (issue 15; PUT /api/inventory/settings) is 0..this; 0 means no warnings for products without their own threshold. */
export const LOW_STOCK_DEFAULT_MAX = 100_000;

/** The inventory's stock filters (`GET /api/inventory?stock=low`, issue 15): products at or below their low-stock threshold. */
export const INVENTORY_STOCK_FILTERS = ['low'] as const;
export type InventoryStockFilter = (typeof INVENTORY_STOCK_FILTERS)[number];

/**
 * Whether shoppers can buy the product: not when the vendor switched "out of stock" on, and not when
 * no units are left (inventory 0), whatever the switch says. The inventory table's Out-of-stock
 * column shows this, not the switch alone.
 */
export const isOutOfStock = (offer: Pick<InventoryRow, 'inventory' | 'outOfStock'>): boolean => offer.outOfStock || offer.inventory <= 0;
