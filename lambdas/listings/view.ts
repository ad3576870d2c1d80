/** Stored products as the API answers them (contracts/listings/model.ts), with signed image URLs. */
import type { InventoryRow, OfferView, ProductVersionView, ProductView } from '../../contracts/listings/model';
import type { ImageSigner } from './images';
import { isLowStock, productStatus, type LiveVersion, type ProductItem } from './product-states';
import type { ProductContent } from '../../contracts/listings/schema';
import type { CatalogueRow } from './store';
import type { PrimaryImageCheck } from '../../contracts/primary-image';

/** The primary-image rules' measurements by image key (issue 15), for the primary images a view shows. */
export type PrimaryChecks = ReadonlyMap<string, PrimaryImageCheck>;

async function versionView(content: ProductContent, sign: ImageSigner, primary: PrimaryChecks): Promise<ProductVersionView> {
  const [images, label] = await Promise.all([
    Promise.all(
      content.images.map(async (key, i) => {
        const check = i === 0 ? primary.get(key) : undefined;
        return { key, url: await sign(key), ...(check ? { primary: check } : {}) };
      }),
    ),
    content.nutritionLabel ? sign(content.nutritionLabel).then((url) => ({ key: content.nutritionLabel, url })) : Promise.resolve(null),
  ]);
  return { content, images, nutritionLabel: label };
}

/** The keys of the item's primary images (live and revision), whose measurements a one-product view shows. */
export const primaryImageKeys = (item: ProductItem): string[] => [item.live?.content.images[0], item.revision?.content.images[0]].filter((k): k is string => Boolean(k));

/** `primary`: measurements to show on the versions' primary images (only the one-product answer reads them). */
export async function productView(item: ProductItem, sign: ImageSigner, primary: PrimaryChecks = new Map()): Promise<ProductView> {
  const [live, revision, thumbnailUrl] = await Promise.all([
    item.live ? versionView(item.live.content, sign, primary) : null,
    item.revision ? versionView(item.revision.content, sign, primary) : null,
    item.thumbnailKey ? sign(item.thumbnailKey) : null,
  ]);
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
export async function inventoryRow(row: CatalogueRow, sign: ImageSigner, lowStockDefault?: number): Promise<InventoryRow> {
  return {
    productId: row.productId,
    sku: row.sku,
    nameEn: row.nameEn,
    nameZh: row.nameZh,
    thumbnailUrl: row.thumbnailKey ? await sign(row.thumbnailKey) : null,
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
