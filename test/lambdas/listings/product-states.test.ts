import { describe, expect, it } from 'vitest';
import {
  approveRevision,
  becameLowStock,
  changeOffer,
  currentOffer,
  DEFAULT_LOW_STOCK_THRESHOLD,
  isLowStock,
  lowStockDefaultRange,
  lowStockThresholdOf,
  reevaluatedForDefault,
  withLowStockDefault,
  nameSortKey,
  restockIfDue,
  droppedImageKeys,
  newProduct,
  productStatus,
  rejectRevision,
  removeRevision,
  saveRevision,
  submitRevision,
  withIndexes,
  type ProductItem,
} from '../../../lambdas/listings/product-states';
import { completeContent, draftContent, IDENTITY } from './fixtures';
import { isOutOfStock } from '../../../contracts/listings/model';
import type { Offer } from '../../../contracts/listings/schema';

const T0 = '2026-03-01T10:00:00.000Z';
const T1 = '2026-03-02T10:00:00.000Z';
const T2 = '2026-03-03T10:00:00.000Z';
const T3 = '2026-03-04T10:00:00.000Z';

const created = (submit: boolean, content = submit ? completeContent() : draftContent()) =>
  newProduct({ vendorId: 'V-10001', productId: 'P-0123456789', sku: '10001-0001', identityId: IDENTITY, content, submit, now: T0 });

/** The index attributes only: what decides which tab and queue a product is in. */
const indexes = (item: ProductItem) => ({
  publishedVendorId: item.publishedVendorId,
  publishedSort: item.publishedSort,
  revisionTab: item.revisionTab,
  revisionSort: item.revisionSort,
  reviewQueue: item.reviewQueue,
});

/** A product whose first revision was approved at T1. */
const published = () => approveRevision(created(true), 'ops', T1);

describe('a new product', () => {
  it('saved as a draft is in the Draft tab only, with its price as the offer and no stock', () => {
    const item = created(false);
    expect(item).toMatchObject({ version: 1, priceCents: 1250, compareAtCents: 1500, inventory: 0, outOfStock: false, nameEn: 'Oolong Tea', identityId: IDENTITY, revision: { state: 'draft', savedAt: T0 } });
    expect(item.revision?.submittedAt).toBeUndefined();
    expect(indexes(item)).toEqual({ revisionTab: 'V-10001#draft', revisionSort: `${T0}#P-0123456789` });
    expect(item.live).toBeUndefined();
  });

  it('submitted is pending and in the review queue', () => {
    const item = created(true);
    expect(item.revision).toMatchObject({ state: 'pending', submittedAt: T0 });
    expect(indexes(item)).toEqual({ revisionTab: 'V-10001#pending', revisionSort: `${T0}#P-0123456789`, reviewQueue: 'pending' });
    expect(item.thumbnailKey).toBe(item.revision!.content.images[0]);
  });
});

describe('review', () => {
  it('approval makes the revision live, leaves the review queue and the pending tab, keeps the offer', () => {
    const pending = changeOffer(created(true), { price: 990, compareAtPrice: undefined, inventory: 12, outOfStock: false }, T0);
    const item = approveRevision(pending, 'ops', T1);
    expect(item.revision).toBeUndefined();
    expect(item.live).toMatchObject({ publishedAt: T1, reviewedBy: 'ops', content: { nameEn: 'Oolong Tea', price: 990 } });
    expect(item.live!.content.compareAtPrice).toBeUndefined();
    expect(item).toMatchObject({ priceCents: 990, inventory: 12, version: pending.version + 1 });
    expect(indexes(item)).toEqual({ publishedVendorId: 'V-10001', publishedSort: `${T1}#P-0123456789` });
  });

  it('rejection keeps the revision with the reasons, in the Rejected tab', () => {
    const item = rejectRevision(created(true), ['image_background', 'Name does not match the label'], 'ops', T1);
    expect(item.revision).toMatchObject({ state: 'rejected', rejectedAt: T1, rejectionReasons: ['image_background', 'Name does not match the label'] });
    expect(indexes(item)).toEqual({ revisionTab: 'V-10001#rejected', revisionSort: `${T1}#P-0123456789` });
  });

  it('only a pending revision can be reviewed', () => {
    expect(() => approveRevision(created(false), 'ops', T1)).toThrow(expect.objectContaining({ statusCode: 409, code: 'product_not_pending' }));
    expect(() => rejectRevision(published(), ['x'], 'ops', T2)).toThrow(/not awaiting review \(it is published with no changes\)/);
    expect(() => approveRevision(rejectRevision(created(true), ['x'], 'ops', T1), 'ops', T2)).toThrow(/it is rejected/);
  });
});

describe('editing', () => {
  it('is refused while under review', () => {
    expect(() => saveRevision(created(true), completeContent(), false, T1)).toThrow(
      expect.objectContaining({ statusCode: 409, code: 'product_under_review', message: 'This product is under review and cannot be edited until the review is finished.' }),
    );
  });

  it('a rejected product edited and resubmitted goes back to pending without the old reasons', () => {
    const rejected = rejectRevision(created(true), ['image_background'], 'ops', T1);
    const resubmitted = saveRevision(rejected, completeContent({ nameEn: 'Oolong Tea (fixed)' }), true, T2);
    expect(resubmitted.revision).toEqual({ content: expect.objectContaining({ nameEn: 'Oolong Tea (fixed)' }), state: 'pending', savedAt: T2, submittedAt: T2 });
    expect(indexes(resubmitted)).toMatchObject({ revisionTab: 'V-10001#pending', reviewQueue: 'pending' });
  });

  it('a rejected product saved as a draft keeps why it was rejected', () => {
    const rejected = rejectRevision(created(true), ['image_background'], 'ops', T1);
    const draft = saveRevision(rejected, completeContent(), false, T2);
    expect(draft.revision).toMatchObject({ state: 'draft', savedAt: T2, rejectedAt: T1, rejectionReasons: ['image_background'] });
    expect(indexes(draft)).toEqual({ revisionTab: 'V-10001#draft', revisionSort: `${T2}#P-0123456789` });
  });

  it('an update of a published product is a revision: the live version stays until approval', () => {
    const live = published();
    const update = saveRevision(live, completeContent({ nameEn: 'Oolong Tea 2026', images: [completeContent().images[0]!] }), true, T2);
    expect(update.live!.content.nameEn).toBe('Oolong Tea');
    expect(update.revision).toMatchObject({ state: 'pending', content: { nameEn: 'Oolong Tea 2026' } });
    // In both the Published and the Pending tab.
    expect(indexes(update)).toEqual({
      publishedVendorId: 'V-10001',
      publishedSort: `${T1}#P-0123456789`,
      revisionTab: 'V-10001#pending',
      revisionSort: `${T2}#P-0123456789`,
      reviewQueue: 'pending',
    });
    // Listed as shoppers see it until approval: the live name and primary image, not the update's.
    expect(update).toMatchObject({ nameEn: 'Oolong Tea', nameZh: '烏龍茶', thumbnailKey: live.live!.content.images[0] });
    const approved = approveRevision(update, 'ops', T3);
    expect(approved.live).toMatchObject({ publishedAt: T3, content: { nameEn: 'Oolong Tea 2026' } });
    expect(approved).toMatchObject({ nameEn: 'Oolong Tea 2026', thumbnailKey: update.revision!.content.images[0] });
    expect(indexes(approved).publishedSort).toBe(`${T3}#P-0123456789`);
  });

  it('a product never published lists its revision’s name and image', () => {
    const draft = saveRevision(created(false), draftContent({ nameEn: 'Oolong Tea, roasted', nameZh: '炭焙烏龍', images: completeContent().images }), false, T1);
    expect(draft).toMatchObject({ nameEn: 'Oolong Tea, roasted', nameZh: '炭焙烏龍', thumbnailKey: draft.revision!.content.images[0] });
  });

  it('a published product’s prices change only through the offer: a draft with other prices leaves the offer and the live version unchanged', () => {
    const live = changeOffer(published(), { price: 1800, compareAtPrice: 2200, inventory: 40, outOfStock: false }, T2);
    for (const submit of [false, true]) {
      // The form the vendor opened before the offer changed: the old prices, or any others.
      for (const prices of [{ price: '12.50', compareAtPrice: '15' }, { price: '3', compareAtPrice: '' }]) {
        const update = saveRevision(live, completeContent({ nameEn: 'Oolong Tea 2026', ...prices }), submit, T3);
        expect(update).toMatchObject({ priceCents: 1800, compareAtCents: 2200, inventory: 40, offerUpdatedAt: T2 });
        expect(update.live).toEqual(live.live);
        // The revision stores the offer's prices, so its content stays consistent with what is charged.
        expect(update.revision!.content).toMatchObject({ nameEn: 'Oolong Tea 2026', price: 1800, compareAtPrice: 2200 });
      }
    }
    const withoutCompareAt = changeOffer(published(), { price: 900, compareAtPrice: undefined, inventory: 0, outOfStock: true }, T2);
    const update = saveRevision(withoutCompareAt, completeContent({ price: '12', compareAtPrice: '20' }), false, T3);
    expect(update.revision!.content.price).toBe(900);
    expect(update.revision!.content).not.toHaveProperty('compareAtPrice');
    expect(update.compareAtCents).toBeUndefined();
    // A pending update approved: the offer still decides the price.
    const approved = approveRevision(saveRevision(live, completeContent({ price: '3', compareAtPrice: '' }), true, T3), 'ops', T3);
    expect(approved).toMatchObject({ priceCents: 1800, compareAtCents: 2200, live: { content: { price: 1800, compareAtPrice: 2200 } } });
  });

  it('a product never published takes the form’s prices as its offer (draft or rejected)', () => {
    const draft = saveRevision(created(false), draftContent({ price: '13', compareAtPrice: '' }), false, T1);
    expect(draft).toMatchObject({ priceCents: 1300, offerUpdatedAt: T1, revision: { content: { price: 1300 } } });
    expect(draft.compareAtCents).toBeUndefined();
    const rejected = rejectRevision(created(true), ['x'], 'ops', T1);
    expect(saveRevision(rejected, completeContent({ price: '14', compareAtPrice: '16' }), true, T2)).toMatchObject({ priceCents: 1400, compareAtCents: 1600, offerUpdatedAt: T2 });
  });

  it('submitting needs a draft or rejected revision', () => {
    expect(submitRevision(created(false), T1).revision).toMatchObject({ state: 'pending', savedAt: T0, submittedAt: T1 });
    expect(() => submitRevision(created(true), T1)).toThrow(expect.objectContaining({ code: 'product_under_review' }));
    expect(() => submitRevision(published(), T2)).toThrow(expect.objectContaining({ code: 'nothing_to_submit' }));
  });

  it('every change increments the version the store writes conditionally on', () => {
    const a = created(false);
    const b = saveRevision(a, draftContent({ nameEn: 'B' }), false, T1);
    const c = changeOffer(b, { price: 100, compareAtPrice: undefined, inventory: 1, outOfStock: true }, T2);
    expect([a.version, b.version, c.version]).toEqual([1, 2, 3]);
  });
});

describe('the offer', () => {
  it('changes without review in every state and keeps the versions’ prices equal to it', () => {
    for (const item of [created(false), created(true), published(), rejectRevision(created(true), ['x'], 'ops', T1)]) {
      const next = changeOffer(item, { price: 2000, compareAtPrice: 2500, inventory: 7, outOfStock: true }, T3);
      expect(next).toMatchObject({ priceCents: 2000, compareAtCents: 2500, inventory: 7, outOfStock: true, offerUpdatedAt: T3 });
      expect(next.revision?.state).toBe(item.revision?.state);
      for (const v of [next.live, next.revision].filter(Boolean)) expect(v!.content).toMatchObject({ price: 2000, compareAtPrice: 2500 });
      expect(indexes(next)).toEqual(indexes(item));
    }
  });

  it('an unchanged offer keeps its time (the marketplace has nothing new to pick up)', () => {
    const item = created(false);
    expect(changeOffer(item, { price: 1250, compareAtPrice: 1500, inventory: 0, outOfStock: false }, T3).offerUpdatedAt).toBe(T0);
  });
});

describe('delete', () => {
  it('deletes a never-published draft or rejected product', () => {
    expect(removeRevision(created(false), T1)).toEqual({ deleted: true });
    expect(removeRevision(rejectRevision(created(true), ['x'], 'ops', T1), T2)).toEqual({ deleted: true });
  });

  it('discards the revision of a published product, which stays live', () => {
    const update = saveRevision(published(), completeContent({ nameEn: 'Changed' }), false, T2);
    const outcome = removeRevision(update, T3);
    expect(outcome.deleted).toBe(false);
    const item = (outcome as { item: ProductItem }).item;
    expect(item.revision).toBeUndefined();
    expect(item.nameEn).toBe('Oolong Tea');
    expect(indexes(item)).toEqual({ publishedVendorId: 'V-10001', publishedSort: `${T1}#P-0123456789` });
  });

  it('is refused while pending, and for a published product without changes', () => {
    expect(() => removeRevision(created(true), T1)).toThrow(expect.objectContaining({ code: 'product_under_review' }));
    expect(() => removeRevision(published(), T2)).toThrow(expect.objectContaining({ statusCode: 409, code: 'product_published' }));
  });
});

describe('images no version references any more', () => {
  it('after approval: what the live version had and the revision dropped', () => {
    const live = published();
    const [keep, drop] = live.live!.content.images;
    const update = saveRevision(live, { ...live.live!.content, images: [keep!] }, true, T2);
    const approved = approveRevision(update, 'ops', T3);
    expect(droppedImageKeys(update, approved)).toEqual([drop]);
  });

  it('after a delete: everything; after discarding a revision: only what the live version does not use', () => {
    const draft = created(false, completeContent());
    expect(droppedImageKeys(draft, null).sort()).toEqual([...draft.revision!.content.images, draft.revision!.content.nutritionLabel].sort());
    const live = published();
    const newImage = completeContent().images[0]!;
    const update = saveRevision(live, { ...live.live!.content, images: [...live.live!.content.images, newImage] }, false, T2);
    const discarded = removeRevision(update, T3) as { item: ProductItem };
    expect(droppedImageKeys(update, discarded.item)).toEqual([newImage]);
  });

  it('nothing after a rejection', () => {
    const pending = created(true);
    expect(droppedImageKeys(pending, rejectRevision(pending, ['x'], 'ops', T1))).toEqual([]);
  });
});

describe('status and indexes', () => {
  it('the live version wins the status', () => {
    expect(productStatus(created(false))).toBe('draft');
    expect(productStatus(created(true))).toBe('pending');
    expect(productStatus(rejectRevision(created(true), ['x'], 'ops', T1))).toBe('rejected');
    expect(productStatus(saveRevision(published(), completeContent(), true, T2))).toBe('published');
  });

  it('withIndexes drops index attributes a state no longer has', () => {
    const stale = { ...published(), revisionTab: 'V-10001#pending', reviewQueue: 'pending' as const };
    expect(indexes(withIndexes(stale))).toEqual({ publishedVendorId: 'V-10001', publishedSort: `${T1}#P-0123456789` });
  });
});

describe('stock (issue 15)', () => {
  const live = () => ({ ...approveRevision(created(true), 'ops@example.com', T1), inventory: 40 });
  const offer = (item: ProductItem, o: Partial<Offer>): Offer => ({ ...currentOffer(item), ...o });

  it('out of stock until a day: shown out of stock, in the restock index, and back on sale on that day with the stock set', () => {
    const until = changeOffer(live(), offer(live(), { outOfStock: true, inventory: 24, restockOn: '2026-03-10' }), T2);
    expect(until).toMatchObject({ outOfStock: true, inventory: 24, restockOn: '2026-03-10', restockQueue: 'restock', restockSort: '2026-03-10#V-10001#P-0123456789' });
    expect(isOutOfStock(until)).toBe(true);
    expect(restockIfDue(until, '2026-03-09', T3)).toBeNull();
    const back = restockIfDue(until, '2026-03-10', T3)!;
    expect(back).toMatchObject({ outOfStock: false, inventory: 24, version: until.version + 1, offerUpdatedAt: T3 });
    expect(back.restockOn).toBeUndefined();
    expect(back.restockQueue).toBeUndefined();
    expect(isOutOfStock(back)).toBe(false);
    // A run that comes late (the day passed) still restocks.
    expect(restockIfDue(until, '2026-03-12', T3)).toMatchObject({ outOfStock: false });
  });

  it('the day holds only while out of stock: switching back on sale drops it', () => {
    const until = changeOffer(live(), offer(live(), { outOfStock: true, restockOn: '2026-03-10' }), T2);
    const onSale = changeOffer(until, offer(until, { outOfStock: false }), T3);
    expect(onSale.restockOn).toBeUndefined();
    expect(onSale.restockSort).toBeUndefined();
    expect(restockIfDue(onSale, '2026-03-10', T3)).toBeNull();
  });

  it('low stock: published, on sale and at or below the threshold (own, else the default)', () => {
    const item = live();
    expect(isLowStock(item)).toBe(false);
    expect(isLowStock({ ...item, inventory: DEFAULT_LOW_STOCK_THRESHOLD })).toBe(true);
    expect(isLowStock({ ...item, inventory: 0 })).toBe(true);
    expect(isLowStock({ ...item, inventory: 0, outOfStock: true })).toBe(false);
    expect(isLowStock({ ...item, inventory: 30, lowStockThreshold: 30 })).toBe(true);
    expect(isLowStock({ ...item, inventory: 3, lowStockThreshold: 0 })).toBe(false);
    // A product never published is nobody's stock yet (new drafts start at 0).
    expect(isLowStock(created(false))).toBe(false);
    expect(withIndexes({ ...item, inventory: 2 }).lowStockVendorId).toBe('V-10001');
    expect(withIndexes(item).lowStockVendorId).toBeUndefined();
  });

  it('one notice per crossing: only the change that takes stock from above to at or below the threshold', () => {
    const item = live();
    const down = changeOffer(item, offer(item, { inventory: 5 }), T2);
    expect(becameLowStock(item, down)).toBe(true);
    const further = changeOffer(down, offer(down, { inventory: 1 }), T3);
    expect(becameLowStock(down, further)).toBe(false);
    const up = changeOffer(further, offer(further, { inventory: 50 }), T3);
    expect(becameLowStock(further, up)).toBe(false);
    // Raising the threshold over the stock is a crossing too.
    expect(becameLowStock(item, changeOffer(item, offer(item, { lowStockThreshold: 40 }), T2))).toBe(true);
  });

  it("the vendor's default level: products without their own threshold follow it, 0 means no warnings", () => {
    const item = { ...live(), inventory: 8 };
    expect(lowStockThresholdOf(item, 10)).toBe(10);
    expect(lowStockThresholdOf({ ...item, lowStockThreshold: 3 }, 10)).toBe(3);
    expect(isLowStock(item, 10)).toBe(true);
    expect(isLowStock(item, 7)).toBe(false);
    expect(isLowStock({ ...item, inventory: 0 }, 0)).toBe(true);
    expect(isLowStock({ ...item, inventory: 1 }, 0)).toBe(false);
    // Its own threshold wins over the default either way.
    expect(isLowStock({ ...item, lowStockThreshold: 2 }, 10)).toBe(false);
    expect(withLowStockDefault(item, 10).lowStockVendorId).toBe('V-10001');
    expect(withLowStockDefault(withLowStockDefault(item, 10), 7).lowStockVendorId).toBeUndefined();
    // The crossing (one notice) is judged by the default too.
    const down = changeOffer(item, offer(item, { inventory: 9 }), T2);
    expect(becameLowStock(item, down, 10)).toBe(false);
    expect(becameLowStock({ ...item, inventory: 11 }, down, 10)).toBe(true);
    expect(becameLowStock({ ...item, inventory: 11 }, down)).toBe(false);
  });

  it('a change of the default can change only stock in (min, max]; re-evaluation bumps the version and skips own thresholds', () => {
    expect(lowStockDefaultRange(5, 5)).toBeNull();
    expect(lowStockDefaultRange(5, 20)).toEqual({ low: 6, high: 20 });
    expect(lowStockDefaultRange(20, 5)).toEqual({ low: 6, high: 20 });
    expect(lowStockDefaultRange(5, 0)).toEqual({ low: 1, high: 5 });
    // Every stock outside the range has the same state under both defaults.
    for (const [from, to] of [[5, 20], [20, 5], [5, 0], [0, 100_000]] as const) {
      const range = lowStockDefaultRange(from, to)!;
      for (const stock of [0, 1, 4, 5, 6, 19, 20, 21, 99_999, 100_000, 100_001]) {
        const x = { ...live(), inventory: stock };
        const inRange = stock >= range.low && stock <= range.high;
        expect(isLowStock(x, from) !== isLowStock(x, to)).toBe(inRange);
      }
    }
    const flagged = withIndexes({ ...live(), inventory: 4 });
    expect(flagged.lowStockVendorId).toBe('V-10001');
    const next = reevaluatedForDefault(flagged, 3)!;
    expect(next.lowStockVendorId).toBeUndefined();
    expect(next.version).toBe(flagged.version + 1);
    expect({ ...next, version: flagged.version, lowStockVendorId: flagged.lowStockVendorId }).toEqual(flagged);
    expect(reevaluatedForDefault(flagged, 4)).toBeNull();
    expect(reevaluatedForDefault({ ...flagged, lowStockThreshold: 10 }, 3)).toBeNull();
    expect(reevaluatedForDefault({ ...flagged, outOfStock: true, lowStockVendorId: undefined }, 10)).toBeNull();
  });

  it('the inventory sort and search keys: folded names with digit runs by length; names, Chinese name and SKU searchable', () => {
    expect(nameSortKey('Green Tea 2') < nameSortKey('green tea 10')).toBe(true);
    expect(nameSortKey('ＯＯＬＯＮＧ')).toBe('oolong');
    const item = withIndexes(live());
    expect(item.nameSort).toBe(`${nameSortKey(item.nameEn)}\u0001P-0123456789`);
    expect(item.searchText).toBe([item.nameEn, item.nameZh, item.sku].map((t) => t.toLowerCase()).join('\n'));
    // Never empty (an index key cannot be), even for a draft with no name yet.
    expect(withIndexes({ ...created(false), nameEn: '' }).nameSort).toMatch(/P-0123456789$/);
  });
});
