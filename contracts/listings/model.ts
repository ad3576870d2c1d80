/**
 * Products as the API answers them (the contract between lambdas/listings and
 * web/src/features/listings). Review states per spec §4: a product has at most one live
 * (published) version and at most one working revision (draft, pending review or rejected). An
 * update of a published product is a revision: the live version stays in the marketplace until the
 * revision is approved. Price, compare-at price, inventory and out-of-stock are the offer: they
 * change without review (inventory table) and apply to whichever version is live.
 */
import type { ProductContent } from './schema';

export const REVISION_STATES = ['draft', 'pending', 'rejected'] as const;
export type RevisionState = (typeof REVISION_STATES)[number];

/** The tabs of the product lists; `draft` holds work saved but never submitted. */
export const PRODUCT_TABS = ['published', 'pending', 'rejected', 'draft'] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

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

export interface ProductImageView {
  key: string;
  /** Short-lived signed GET URL for display (thumbnails, form previews). */
  url: string;
}

export interface ProductVersionView {
  content: ProductContent;
  images: ProductImageView[];
  nutritionLabel: ProductImageView | null;
}

export interface ProductView {
  productId: string;
  /** Portal-assigned stock keeping unit, `<vendor number>-<n>` (e.g. 10001-0007). */
  sku: string;
  /**
   * What shoppers see: the live version's name while one exists, else the revision's. An update
   * under review does not show here before approval; its name is `revision.content.nameEn`.
   */
  nameEn: string;
  nameZh: string;
  /** Thumbnail (primary image) of the same version as the name. */
  thumbnailUrl: string | null;
  live: (ProductVersionView & { publishedAt: string }) | null;
  revision:
    | (ProductVersionView & {
        state: RevisionState;
        savedAt: string;
        submittedAt: string | null;
        rejectedAt: string | null;
        /** Free text or `REJECTION_REASONS` codes (the web translates known codes). */
        rejectionReasons: string[];
      })
    | null;
  offer: { priceCents: number; compareAtCents: number | null; inventory: number; outOfStock: boolean; updatedAt: string };
  /** False while a revision is pending review (409 on PUT; the UI disables Edit with the tooltip). */
  editable: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ProductPage {
  items: ProductView[];
  /** Opaque; absent on the last page. */
  nextCursor?: string;
}

export const INVENTORY_SORTS = ['name', 'sku', 'price', 'inventory', 'updated'] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

export interface InventoryRow {
  productId: string;
  sku: string;
  nameEn: string;
  nameZh: string;
  thumbnailUrl: string | null;
  priceCents: number;
  compareAtCents: number | null;
  inventory: number;
  outOfStock: boolean;
  /** published | pending | rejected | draft: where the product stands (the live version wins). */
  status: ProductTab;
}

/**
 * Whether shoppers can buy the product: not when the vendor switched "out of stock" on, and not when
 * no units are left (inventory 0), whatever the switch says. The inventory table's Out-of-stock
 * column shows this, not the switch alone.
 */
export const isOutOfStock = (offer: Pick<InventoryRow, 'inventory' | 'outOfStock'>): boolean => offer.outOfStock || offer.inventory <= 0;

export interface InventoryPage {
  items: InventoryRow[];
  total: number;
  nextCursor?: string;
}
