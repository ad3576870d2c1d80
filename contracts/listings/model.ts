/**
 * Products as the API answers them (the contract between lambdas/listings and
 * web/src/features/listings): zod schemas the web parses answers with, and the types the server
 * builds them as (`z.infer`, one declaration for both). Review states per spec §4: a product has at most one live
 * (published) version and at most one working revision (draft, pending review or rejected). An
 * update of a published product is a revision: the live version stays in the marketplace until the
 * revision is approved. Price, compare-at price, inventory and out-of-stock are the offer: they
 * change without review (inventory table) and apply to whichever version is live.
 */
import * as z from 'zod/mini';
import { cents, instant, int } from '../values';
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

const productImageViewSchema = z.object({
  key: z.string(),
  /** Short-lived signed GET URL for display (thumbnails, form previews). */
  url: z.string(),
});
export type ProductImageView = z.infer<typeof productImageViewSchema>;

const isRecord = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);

const productVersionViewFields = {
  /** The stored content (schema.ts's output); the web reads it through the form helpers, so only its being an object is checked. */
  content: z.custom<ProductContent>(isRecord),
  images: z.array(productImageViewSchema),
  nutritionLabel: z.nullable(productImageViewSchema),
};
export const productVersionViewSchema = z.object(productVersionViewFields);
export type ProductVersionView = z.infer<typeof productVersionViewSchema>;

const offerViewSchema = z.object({ priceCents: cents, compareAtCents: z.nullable(cents), inventory: int, outOfStock: z.boolean(), updatedAt: z.string() });

export const productViewSchema = z.object({
  productId: z.string(),
  /** Portal-assigned stock keeping unit, `<vendor number>-<n>` (e.g. 10001-0007). */
  sku: z.string(),
  /**
   * What shoppers see: the live version's name while one exists, else the revision's. An update
   * under review does not show here before approval; its name is `revision.content.nameEn`.
   */
  nameEn: z.string(),
  nameZh: z.string(),
  /** Thumbnail (primary image) of the same version as the name. */
  thumbnailUrl: z.nullable(z.string()),
  live: z.nullable(z.object({ ...productVersionViewFields, publishedAt: instant })),
  revision: z.nullable(
    z.object({
      ...productVersionViewFields,
      state: z.enum(REVISION_STATES),
      savedAt: instant,
      submittedAt: z.nullable(instant),
      rejectedAt: z.nullable(instant),
      /** Free text or `REJECTION_REASONS` codes (the web translates known codes). */
      rejectionReasons: z.array(z.string()),
    }),
  ),
  offer: offerViewSchema,
  /** False while a revision is pending review (409 on PUT; the UI disables Edit with the tooltip). */
  editable: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
});
export type ProductView = z.infer<typeof productViewSchema>;

/** An answer of which only the offer is read (PATCH /api/products/{productId}/offer: the inventory row is updated in place). */
export const offerAnswerSchema = z.object({ offer: offerViewSchema });

/** Opaque cursor; absent on the last page (an older server sent null). */
const nextCursor = z.optional(z.pipe(z.nullish(z.string()), z.transform((c) => c ?? undefined)));

export const productPageSchema = z.object({ items: z.array(productViewSchema), nextCursor });
export type ProductPage = z.infer<typeof productPageSchema>;

export const INVENTORY_SORTS = ['name', 'sku', 'price', 'inventory', 'updated'] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

export const inventoryRowSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  thumbnailUrl: z.nullable(z.string()),
  priceCents: cents,
  compareAtCents: z.nullable(cents),
  inventory: int,
  outOfStock: z.boolean(),
  /** published | pending | rejected | draft: where the product stands (the live version wins). */
  status: z.enum(PRODUCT_TABS),
});
export type InventoryRow = z.infer<typeof inventoryRowSchema>;

/**
 * Whether shoppers can buy the product: not when the vendor switched "out of stock" on, and not when
 * no units are left (inventory 0), whatever the switch says. The inventory table's Out-of-stock
 * column shows this, not the switch alone.
 */
export const isOutOfStock = (offer: Pick<InventoryRow, 'inventory' | 'outOfStock'>): boolean => offer.outOfStock || offer.inventory <= 0;

export const inventoryPageSchema = z.object({ items: z.array(inventoryRowSchema), total: int, nextCursor });
export type InventoryPage = z.infer<typeof inventoryPageSchema>;
