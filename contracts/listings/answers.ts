/**
 * The products API's answers as zod schemas (`zod/mini`), with their types (`z.infer`): the server
 * builds ProductView, ProductPage, InventoryPage as these types (re-exported by model.ts) and the web
 * parses the answers with these schemas. The web loads this module (and zod) only with an answer,
 * in parallel with the request (web/src/features/listings/products-api.ts), so the item form's first
 * download carries no zod.
 */
import * as z from 'zod/mini';
import { calendarDay, cents, instant, int } from '../values';
import { PRODUCT_TABS, REVISION_STATES } from './states';
import { PRIMARY_IMAGE_RULES } from '../primary-image';
import type { ProductContent } from './schema';

const productImageViewSchema = z.object({
  key: z.string(),
  /**
   * Signed, relative URL of the image's display size (1,200 px, WebP; issue 23: a rendition served by
   * CloudFront, lambdas/shared/image-urls.ts), for where an image is looked at.
   */
  url: z.string(),
  /** Signed, relative URL of its 320-px thumbnail (lists, the item form's image strip). Absent from an older server: use `url`. */
  thumbnailUrl: z.optional(z.string()),
  /**
   * Only on a version's primary image, in `GET /api/products/{productId}`: what the image check's
   * primary-image rules measured (contracts/primary-image.ts, issue 15), when it measured.
   */
  primary: z.optional(
    z.object({ problems: z.array(z.enum(PRIMARY_IMAGE_RULES)), aspectRatio: z.number(), whiteShare: z.nullable(z.number()), fill: z.number() }),
  ),
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

/**
 * Issue 15's stock fields, on the offer and the inventory row (optional: an older server sends none):
 * the product `version` an edit is conditional on, the "out of stock until" day, the product's own
 * low-stock threshold (null: the vendor's default) and whether it is low on stock now.
 */
const stockFields = {
  version: z.optional(int),
  restockOn: z.optional(z.nullable(calendarDay)),
  lowStockThreshold: z.optional(z.nullable(int)),
  lowStock: z.optional(z.boolean()),
};

const offerViewSchema = z.object({ priceCents: cents, compareAtCents: z.nullable(cents), inventory: int, outOfStock: z.boolean(), updatedAt: z.string(), ...stockFields });
export type OfferView = z.infer<typeof offerViewSchema>;

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
  /** Signed URL of the 320-px thumbnail of the primary image of the same version as the name (issue 23: a rendition, not the upload). */
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
      /** Review asked for changes (a draft sent back, issue 13): the reviewer's message; absent or null otherwise. */
      changesRequestedNote: z.optional(z.nullable(z.string())),
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

/** 409 `offer_changed` (PATCH …/offer with a `version` the product has left): the error answer and the current offer. */
export const offerConflictSchema = z.object({ error: z.literal('offer_changed'), current: offerViewSchema });

/** Opaque cursor; absent on the last page (an older server sent null). */
const nextCursor = z.optional(z.pipe(z.nullish(z.string()), z.transform((c) => c ?? undefined)));

/** How many products each tab holds (issue 15; GET /api/products, the vendor's counters). */
export const productTabCountsSchema = z.object({ published: int, pending: int, rejected: int, draft: int });
export type ProductTabCounts = z.infer<typeof productTabCountsSchema>;

export const productPageSchema = z.object({ items: z.array(productViewSchema), nextCursor, counts: z.optional(productTabCountsSchema) });
export type ProductPage = z.infer<typeof productPageSchema>;

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
  ...stockFields,
});
export type InventoryRow = z.infer<typeof inventoryRowSchema>;

/** `total`: rows of the list over all pages, when known (absent for a search: it is not counted, issue 15). */
export const inventoryPageSchema = z.object({ items: z.array(inventoryRowSchema), total: z.optional(int), nextCursor });
export type InventoryPage = z.infer<typeof inventoryPageSchema>;

/**
 * The re-check of the products following the default after a change (issue 16, a background job:
 * lambdas/listings/low-stock-recheck.ts): `checked` products of the stock range read so far, of
 * `total` (absent until the job has counted the range), `changed` of them entered or left "low stock".
 */
export const lowStockRecheckSchema = z.object({
  status: z.enum(['running', 'done']),
  checked: int,
  changed: int,
  total: z.optional(int),
  startedAt: instant,
  finishedAt: z.optional(instant),
});
export type LowStockRecheck = z.infer<typeof lowStockRecheckSchema>;

/**
 * `GET`/`PUT /api/inventory/settings` (issue 15): the vendor's default low-stock level, with the latest
 * re-check (issue 16; absent when the default never changed): the PUT answers it running.
 */
export const inventorySettingsSchema = z.object({ lowStockDefault: int, recheck: z.optional(lowStockRecheckSchema) });
export type InventorySettings = z.infer<typeof inventorySettingsSchema>;
