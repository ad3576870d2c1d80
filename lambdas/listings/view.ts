/**
 * Stored products as the API answers them (contracts/listings/model.ts), with signed URLs of the
 * images' renditions (issue 23, lambdas/shared/image-urls.ts): the 320-px thumbnail for lists and
 * thumbnails, the 1,200-px display size where an image is looked at.
 */
import type { InventoryRow, OfferView, ProductImageView, ProductVersionView, ProductView } from '../../contracts/listings/model';
import type { ImageUrls } from '../shared/image-urls';
import { isLowStock, productStatus, type LiveVersion, type ProductItem } from './product-states';
import type { ProductContent } from '../../contracts/listings/schema';
import type { CatalogueRow } from './store';
import type { PrimaryImageCheck } from '../../contracts/primary-image';

/** The primary-image rules' measurements by image key (issue 15), for the primary images a view shows. */
export type PrimaryChecks = ReadonlyMap<string, PrimaryImageCheck>;

/** One image of a version: its display size and thumbnail. */
export const imageView = (key: string, urls: ImageUrls): ProductImageView => ({ key, url: urls.rendition(key, 'display'), thumbnailUrl: urls.rendition(key, 'thumbnail') });

function versionView(content: ProductContent, urls: ImageUrls, primary: PrimaryChecks): ProductVersionView {
  const images = content.images.map((key, i) => {
    const check = i === 0 ? primary.get(key) : undefined;
    return { ...imageView(key, urls), ...(check ? { primary: check } : {}) };
  });
  return { content, images, nutritionLabel: content.nutritionLabel ? imageView(content.nutritionLabel, urls) : null };
}

/** The keys of the item's primary images (live and revision), whose measurements a one-product view shows. */
export const primaryImageKeys = (item: ProductItem): string[] => [item.live?.content.images[0], item.revision?.content.images[0]].filter((k): k is string => Boolean(k));

/** `primary`: measurements to show on the versions' primary images (only the one-product answer reads them). */
export function productView(item: ProductItem, urls: ImageUrls, primary: PrimaryChecks = new Map()): ProductView {
  const live = item.live ? versionView(item.live.content, urls, primary) : null;
  const revision = item.revision ? versionView(item.revision.content, urls, primary) : null;
  const thumbnailUrl = item.thumbnailKey ? urls.rendition(item.thumbnailKey, 'thumbnail') : null;
  const r = item.revision;
  return {
    productId: item.productId,
    sku: item.sku,
    nameEn: item.nameEn,
    nameZh: item.nameZh,
    thumbnailUrl,
    live: live && item.live ? { ...live, publishedAt: item.live.publishedAt } : null,
    revision:
      revision && r
        ? {
            ...revision,
            state: r.state,
            savedAt: r.savedAt,
            submittedAt: r.submittedAt ?? null,
            rejectedAt: r.rejectedAt ?? null,
            rejectionReasons: r.rejectionReasons ?? [],
            changesRequestedNote: r.changesRequestedNote ?? null,
          }
        : null,
    offer: offerView(item),
    editable: r?.state !== 'pending',
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** `lowStockDefault`: the vendor's default low-stock level, read once per request (store.ts `lowStockDefaultOf`). */
export function inventoryRow(row: CatalogueRow, urls: ImageUrls, lowStockDefault?: number): InventoryRow {
  return {
    productId: row.productId,
    sku: row.sku,
    nameEn: row.nameEn,
    nameZh: row.nameZh,
    thumbnailUrl: row.thumbnailKey ? urls.rendition(row.thumbnailKey, 'thumbnail') : null,
    priceCents: row.priceCents,
    compareAtCents: row.compareAtCents ?? null,
    inventory: row.inventory,
    outOfStock: row.outOfStock,
    status: productStatus(row),
    version: row.version,
    restockOn: row.restockOn ?? null,
    lowStockThreshold: row.lowStockThreshold ?? null,
    lowStock: isLowStock({ ...row, live: row.publishedVendorId ? ({} as LiveVersion) : undefined }, lowStockDefault),
  };
}

/** The offer as answered (ProductView.offer, and the current values of a 409 offer_changed). */
export function offerView(item: ProductItem): OfferView {
  return {
    priceCents: item.priceCents,
    compareAtCents: item.compareAtCents ?? null,
    inventory: item.inventory,
    outOfStock: item.outOfStock,
    updatedAt: item.offerUpdatedAt,
    version: item.version,
    restockOn: item.restockOn ?? null,
    lowStockThreshold: item.lowStockThreshold ?? null,
    // As stored: every write sets the flag by the vendor's default (store.ts putProduct).
    lowStock: Boolean(item.lowStockVendorId),
  };
}
