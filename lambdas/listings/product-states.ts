/**
 * A vendor's product as stored (one item per product in the `products` table) and its review
 * states (spec §4, issue 5), as pure functions: every change takes the item as read and returns
 * the next item, which the store writes conditionally on the `version` it read. Nothing here talks
 * to AWS, so the rules are tested without mocks (test/lambdas/listings/product-states.test.ts).
 *
 * A product has at most one live (published) version and at most one working revision (draft,
 * pending review or rejected). The offer — price, compare-at price, inventory, out of stock — sits
 * at the top of the item and changes without review. Once a product is published, the offer is the
 * only way its prices change: a saved revision takes the offer's prices, not the form's.
 */
import { ConflictError } from '../shared/errors';
import { DEFAULT_LOW_STOCK_THRESHOLD, type ProductTab, type RevisionState } from '../../contracts/listings/model';
import type { Offer, ProductContent } from '../../contracts/listings/schema';

export interface LiveVersion {
  content: ProductContent;
  publishedAt: string;
  reviewedBy?: string;
}

export interface Revision {
  content: ProductContent;
  state: RevisionState;
  savedAt: string;
  submittedAt?: string;
  /** Kept when a rejected revision is saved as a draft again, so the form can still show why. */
  rejectedAt?: string;
  rejectionReasons?: string[];
  reviewedBy?: string;
  /**
   * Review asked for changes (the third decision, issue 13): the revision went back to the vendor as
   * a draft with this message. Kept while the draft is saved again, dropped when it is submitted.
   */
  changesRequestedAt?: string;
  changesRequestedNote?: string;
}

/** The review decisions (lambdas/listings/review.ts). */
export type ReviewDecision = 'approve' | 'reject' | 'request_changes';

/**
 * The last review decision on the product: who decided what on which submission. A reviewer whose
 * decision comes second is told this (409 product_already_reviewed).
 */
export interface LastReview {
  decision: ReviewDecision;
  by: string;
  at: string;
  /** The reviewed revision's submittedAt. */
  submittedAt: string;
}

/** The index attributes derived from the versions (see `withIndexes`); never set by hand. */
export interface ProductIndexAttributes {
  /**
   * Name shown in lists and searched by the inventory: what shoppers see, i.e. the live version's
   * while one exists, else the revision's. An update under review never shows before approval.
   */
  nameEn: string;
  nameZh: string;
  /** Primary image of the same version as the name. */
  thumbnailKey?: string;
  /** byVendorPublished: present while a live version exists. */
  publishedVendorId?: string;
  publishedSort?: string;
  /** byVendorRevision: `<vendorId>#draft|pending|rejected` while a revision exists. */
  revisionTab?: string;
  revisionSort?: string;
  /** byReviewQueue: `pending` only while the revision awaits review. */
  reviewQueue?: 'pending';
  /**
   * The inventory table's indexes (issue 15): `nameSort` (byVendorName: the name folded for sorting,
   * digits runs by length, then the product id) and `searchText` (names and SKU folded, what a search
   * looks in); price, stock, SKU and updated sort on the item's own attributes.
   */
  nameSort?: string;
  searchText?: string;
  /** byVendorLowStock: the vendor id while the product is low on stock (`isLowStock`). */
  lowStockVendorId?: string;
  /** byRestockDue: `restock` while an out-of-stock-until date is set; sorted by `<day>#<vendorId>#<productId>`. */
  restockQueue?: 'restock';
  restockSort?: string;
}

export interface ProductItem extends ProductIndexAttributes {
  vendorId: string;
  productId: string;
  sku: string;
  /** Optimistic lock: each write is conditional on the version it read and increments it. */
  version: number;
  createdAt: string;
  updatedAt: string;
  /**
   * The identity id the owner uploaded this product's images under (the caller's, at creation and
   * at each save, whose keys acceptImages checked are under it). Image cleanup deletes nothing
   * outside `private/<identityId>/products/`. Absent on items written before it was recorded.
   */
  identityId?: string;
  priceCents: number;
  compareAtCents?: number;
  inventory: number;
  outOfStock: boolean;
  /**
   * "Out of stock until" (issue 15): the marketplace day on which the product comes back by itself
   * (the restock run, ./restock.ts), with `inventory` as the stock it comes back with. Set only
   * while `outOfStock` is on.
   */
  restockOn?: string;
  /** The product's own low-stock threshold; absent: the vendor's default (DEFAULT_LOW_STOCK_THRESHOLD). */
  lowStockThreshold?: number;
  offerUpdatedAt: string;
  live?: LiveVersion;
  revision?: Revision;
  lastReview?: LastReview;
}

export const PRODUCT_ID_PATTERN = /^P-[0-9A-Z]{10}$/;

export const underReview = () =>
  new ConflictError('This product is under review and cannot be edited until the review is finished.', 'product_under_review');

const INDEX_ATTRIBUTES: readonly (keyof ProductIndexAttributes)[] = [
  'nameEn',
  'nameZh',
  'thumbnailKey',
  'publishedVendorId',
  'publishedSort',
  'revisionTab',
  'revisionSort',
  'reviewQueue',
  'nameSort',
  'searchText',
  'lowStockVendorId',
  'restockQueue',
  'restockSort',
];

/** Folds what a person may type differently: case, full-width letters and digits (IME input). */
export const fold = (text: string): string => text.normalize('NFKC').toLocaleLowerCase('en-US');

/**
 * A name as a sort key people expect from a string order: folded (case-insensitive), and each run of
 * digits prefixed with its length, so "Tea 2" sorts before "Tea 10".
 */
export const nameSortKey = (name: string): string => fold(name).replace(/\d+/g, (d) => `${String(Math.min(d.length, 99)).padStart(2, '0')}${d}`);

export { DEFAULT_LOW_STOCK_THRESHOLD };

/**
 * The threshold that applies to the product: its own, else the vendor's default low-stock level
 * (`vendorDefault`, GET/PUT /api/inventory/settings; DEFAULT_LOW_STOCK_THRESHOLD until the vendor sets one).
 */
export const lowStockThresholdOf = (item: Pick<ProductItem, 'lowStockThreshold'>, vendorDefault: number = DEFAULT_LOW_STOCK_THRESHOLD): number =>
  item.lowStockThreshold ?? vendorDefault;

/**
 * Low on stock: published and on sale (the out-of-stock switch off) with stock at or below its
 * threshold. A product switched out of stock on purpose (e.g. until a date) is not "low"; a sold-out
 * one (0 left) is; a product never published is nobody's stock yet.
 */
export const isLowStock = (item: Pick<ProductItem, 'inventory' | 'outOfStock' | 'lowStockThreshold' | 'live'>, vendorDefault: number = DEFAULT_LOW_STOCK_THRESHOLD): boolean =>
  Boolean(item.live) && !item.outOfStock && item.inventory <= lowStockThresholdOf(item, vendorDefault);

/**
 * The item with `lowStockVendorId` (byVendorLowStock) as the vendor's default makes it: every product
 * write applies it (store.ts `putProduct`), since the transitions' `withIndexes` knows only the constant.
 */
export function withLowStockDefault(item: ProductItem, vendorDefault: number): ProductItem {
  const next: ProductItem = { ...item };
  if (isLowStock(item, vendorDefault)) next.lowStockVendorId = item.vendorId;
  else delete next.lowStockVendorId;
  return next;
}

/**
 * The stock values whose low-stock state a change of the vendor's default from `from` to `to` can
 * change: `(min, max]` — at or below both it is low either way, above both it is not. Null: no change.
 * The re-evaluation reads only this key range of byVendorStock (inclusive bounds here).
 */
export function lowStockDefaultRange(from: number, to: number): { low: number; high: number } | null {
  if (from === to) return null;
  return { low: Math.min(from, to) + 1, high: Math.max(from, to) };
}

/**
 * A product following the vendor's default, re-evaluated for a new default (PUT /api/inventory/settings):
 * the next item (version bumped, nothing else changed) when its low-stock state changes, else null
 * (its own threshold, not published, switched out of stock, or outside the range).
 */
export function reevaluatedForDefault(item: ProductItem, vendorDefault: number): ProductItem | null {
  if (item.lowStockThreshold !== undefined) return null;
  const next = withLowStockDefault(item, vendorDefault);
  if (next.lowStockVendorId === item.lowStockVendorId) return null;
  return { ...next, version: item.version + 1 };
}

/**
 * Recomputes the list and index attributes from the versions, so the sparse indexes can never
 * disagree with the item: a product is in byVendorPublished exactly while it has a live version,
 * in byVendorRevision under its revision's state, and in byReviewQueue only while pending. Sort
 * keys end with the product id, so they are unique and a cursor can name a position.
 */
export function withIndexes(item: ProductItem): ProductItem {
  const next: ProductItem = { ...item };
  for (const key of INDEX_ATTRIBUTES) delete next[key];
  // What shoppers see: an unapproved name or image must not appear in the Published tab or the inventory.
  const shown = item.live?.content ?? item.revision?.content;
  next.nameEn = shown?.nameEn ?? '';
  next.nameZh = shown?.nameZh ?? '';
  const thumbnail = shown?.images[0];
  if (thumbnail) next.thumbnailKey = thumbnail;
  if (item.live) {
    next.publishedVendorId = item.vendorId;
    next.publishedSort = `${item.live.publishedAt}#${item.productId}`;
  }
  if (item.revision) {
    const r = item.revision;
    next.revisionTab = `${item.vendorId}#${r.state}`;
    // Pending: when submitted (the review queue is oldest first); rejected: when rejected; draft: last save.
    const at = r.state === 'pending' ? (r.submittedAt ?? r.savedAt) : r.state === 'rejected' ? (r.rejectedAt ?? r.savedAt) : r.savedAt;
    next.revisionSort = `${at}#${item.productId}`;
    if (r.state === 'pending') next.reviewQueue = 'pending';
  }
  // Never empty (an index key cannot be): the product id ends every sort key.
  next.nameSort = `${nameSortKey(next.nameEn)}\u0001${item.productId}`;
  next.searchText = [next.nameEn, next.nameZh, item.sku].map(fold).join('\n');
  if (isLowStock(item)) next.lowStockVendorId = item.vendorId;
  if (item.restockOn) {
    next.restockQueue = 'restock';
    next.restockSort = `${item.restockOn}#${item.vendorId}#${item.productId}`;
  }
  return next;
}

const offerOf = (item: ProductItem): Offer => ({
  price: item.priceCents,
  compareAtPrice: item.compareAtCents,
  inventory: item.inventory,
  outOfStock: item.outOfStock,
  restockOn: item.restockOn,
  lowStockThreshold: item.lowStockThreshold,
});

/**
 * The offer applies to whichever version is live; the versions' own price fields are kept equal
 * to it, so the item form always opens with the price the marketplace charges and a revision's
 * content is always consistent with it.
 */
function withOffer(item: ProductItem, offer: Offer, now: string): ProductItem {
  const priced = (content: ProductContent): ProductContent => {
    const c: ProductContent = { ...content, price: offer.price };
    if (offer.compareAtPrice === undefined) delete c.compareAtPrice;
    else c.compareAtPrice = offer.compareAtPrice;
    return c;
  };
  const current = offerOf(item);
  const changed = (Object.keys(current) as (keyof Offer)[]).some((k) => current[k] !== offer[k]);
  const next: ProductItem = {
    ...item,
    priceCents: offer.price,
    inventory: offer.inventory,
    outOfStock: offer.outOfStock,
    // The marketplace picks up offer changes by this time; an unchanged offer keeps it.
    offerUpdatedAt: changed ? now : item.offerUpdatedAt,
  };
  if (offer.compareAtPrice === undefined) delete next.compareAtCents;
  else next.compareAtCents = offer.compareAtPrice;
  // "Out of stock until" holds only while the product is switched out of stock.
  if (offer.restockOn === undefined || !offer.outOfStock) delete next.restockOn;
  else next.restockOn = offer.restockOn;
  if (offer.lowStockThreshold === undefined) delete next.lowStockThreshold;
  else next.lowStockThreshold = offer.lowStockThreshold;
  if (next.live) next.live = { ...next.live, content: priced(next.live.content) };
  if (next.revision) next.revision = { ...next.revision, content: priced(next.revision.content) };
  return next;
}

const bumped = (item: ProductItem, now: string): ProductItem => withIndexes({ ...item, version: item.version + 1, updatedAt: now });

/** A new product: a draft, or straight into review. Stock starts at zero; the form's price is the offer. */
export function newProduct(p: {
  vendorId: string;
  productId: string;
  sku: string;
  /** The caller's identity id, whose prefix acceptImages checked the content's images are under. */
  identityId: string;
  content: ProductContent;
  submit: boolean;
  now: string;
}): ProductItem {
  const revision: Revision = { content: p.content, state: p.submit ? 'pending' : 'draft', savedAt: p.now, ...(p.submit ? { submittedAt: p.now } : {}) };
  const base: ProductItem = {
    vendorId: p.vendorId,
    productId: p.productId,
    sku: p.sku,
    version: 1,
    createdAt: p.now,
    updatedAt: p.now,
    identityId: p.identityId,
    priceCents: p.content.price,
    inventory: 0,
    outOfStock: false,
    offerUpdatedAt: p.now,
    revision,
    nameEn: '',
    nameZh: '',
  };
  return withIndexes(withOffer(base, { price: p.content.price, compareAtPrice: p.content.compareAtPrice, inventory: 0, outOfStock: false }, p.now));
}

/**
 * The item form saved (PUT): the content becomes the revision, as a draft or submitted for
 * review. The live version of a published product stays as it is until the revision is approved.
 *
 * Prices: a product never published takes the form's price as its offer (there is nothing live to
 * protect, and the form is where a new product gets its price). A published product's prices
 * change only through the offer (PATCH …/offer): its form's price fields are ignored and the
 * revision stores the current offer's prices, so a draft changes nothing live without review and
 * a form opened before an offer change cannot put the old price back.
 */
export function saveRevision(item: ProductItem, content: ProductContent, submit: boolean, now: string): ProductItem {
  if (item.revision?.state === 'pending') throw underReview();
  const previous = item.revision;
  const revision: Revision = submit
    ? { content, state: 'pending', savedAt: now, submittedAt: now }
    : {
        content,
        state: 'draft',
        savedAt: now,
        ...(previous?.rejectedAt ? { rejectedAt: previous.rejectedAt, rejectionReasons: previous.rejectionReasons ?? [] } : {}),
        ...(previous?.changesRequestedAt ? { changesRequestedAt: previous.changesRequestedAt, changesRequestedNote: previous.changesRequestedNote ?? '' } : {}),
      };
  const offer = item.live ? offerOf(item) : { ...offerOf(item), price: content.price, compareAtPrice: content.compareAtPrice };
  return bumped(withOffer({ ...item, revision }, offer, now), now);
}

/** Sends the draft or rejected revision to review (its content is validated by the caller). */
export function submitRevision(item: ProductItem, now: string): ProductItem {
  const r = item.revision;
  if (r?.state === 'pending') throw new ConflictError('This product is already under review.', 'product_under_review');
  if (!r) throw new ConflictError('This product has no changes to submit for review.', 'nothing_to_submit');
  return bumped({ ...item, revision: { content: r.content, state: 'pending', savedAt: r.savedAt, submittedAt: now } }, now);
}

/**
 * DELETE: a product that was never published goes altogether; a published one loses its draft or
 * rejected revision and keeps its live version. Nothing can be deleted while under review, and a
 * published product is removed from the marketplace by support (spec: "Add/Remove a product").
 */
export function removeRevision(item: ProductItem, now: string): { deleted: true } | { deleted: false; item: ProductItem } {
  if (item.revision?.state === 'pending') throw underReview();
  if (!item.revision) {
    throw new ConflictError('A published product cannot be deleted here. Contact support (Add/Remove a product) to take it off the marketplace.', 'product_published');
  }
  if (!item.live) return { deleted: true };
  const next: ProductItem = { ...item };
  delete next.revision;
  return { deleted: false, item: bumped(next, now) };
}

/** The inventory table's edit (PATCH offer): allowed in every state, no review. */
export function changeOffer(item: ProductItem, offer: Offer, now: string): ProductItem {
  return bumped(withOffer(item, offer, now), now);
}

/** The offer as stored (price, compare-at, stock, out of stock, until, threshold). */
export const currentOffer = (item: ProductItem): Offer => offerOf(item);

/**
 * The restock run (issue 15): on its "out of stock until" day the product is on sale again with the
 * stock the vendor set; null when nothing is due (no date, or a later one).
 */
export function restockIfDue(item: ProductItem, today: string, now: string): ProductItem | null {
  if (!item.restockOn || item.restockOn > today) return null;
  return changeOffer(item, { ...offerOf(item), outOfStock: false, restockOn: undefined }, now);
}

/** Stock crossed the threshold downwards with this change: the one moment a low-stock notice is sent. */
export const becameLowStock = (before: ProductItem, after: ProductItem, vendorDefault: number = DEFAULT_LOW_STOCK_THRESHOLD): boolean =>
  !isLowStock(before, vendorDefault) && isLowStock(after, vendorDefault);

const notPending = (item: ProductItem) =>
  new ConflictError(
    `Product ${item.productId} is not awaiting review (it is ${item.revision ? item.revision.state : 'published with no changes'}).`,
    'product_not_pending',
  );

/** Approval: the revision becomes the live version; the offer (price, stock) is kept as it is. */
export function approveRevision(item: ProductItem, reviewer: string, now: string): ProductItem {
  if (item.revision?.state !== 'pending') throw notPending(item);
  const lastReview = reviewOf(item.revision, 'approve', reviewer, now);
  const next: ProductItem = withOffer({ ...item, live: { content: item.revision.content, publishedAt: now, reviewedBy: reviewer }, lastReview }, offerOf(item), now);
  delete next.revision;
  return bumped(next, now);
}

/** Rejection with the reasons the vendor reads; the revision can then be edited and resubmitted. */
export function rejectRevision(item: ProductItem, reasons: string[], reviewer: string, now: string): ProductItem {
  const r = item.revision;
  if (r?.state !== 'pending') throw notPending(item);
  return bumped(
    { ...item, revision: { ...r, state: 'rejected', rejectedAt: now, rejectionReasons: reasons, reviewedBy: reviewer }, lastReview: reviewOf(r, 'reject', reviewer, now) },
    now,
  );
}

/**
 * Request changes (issue 13): the revision goes back to the vendor as a draft (Drafts tab, editable)
 * with the reviewer's message, not to Rejected: nothing broke a rule, the vendor is asked to adjust
 * and resubmit (docs/decisions.md).
 */
export function requestRevisionChanges(item: ProductItem, note: string, reviewer: string, now: string): ProductItem {
  const r = item.revision;
  if (r?.state !== 'pending') throw notPending(item);
  const revision: Revision = { content: r.content, state: 'draft', savedAt: r.savedAt, changesRequestedAt: now, changesRequestedNote: note, reviewedBy: reviewer };
  return bumped({ ...item, revision, lastReview: reviewOf(r, 'request_changes', reviewer, now) }, now);
}

const reviewOf = (r: Revision, decision: ReviewDecision, by: string, at: string): LastReview => ({ decision, by, at, submittedAt: r.submittedAt ?? r.savedAt });

/** Every image key a version references (product images and nutrition label). */
export function versionImageKeys(content: ProductContent | undefined): string[] {
  if (!content) return [];
  return [...content.images, ...(content.nutritionLabel ? [content.nutritionLabel] : [])];
}

export function imageKeysOf(item: Pick<ProductItem, 'live' | 'revision'>): Set<string> {
  return new Set([...versionImageKeys(item.live?.content), ...versionImageKeys(item.revision?.content)]);
}

/** Keys `before` referenced that `after` (or nothing, when deleted) no longer does: candidates for cleanup. */
export function droppedImageKeys(before: ProductItem, after: ProductItem | null): string[] {
  const kept = after ? imageKeysOf(after) : new Set<string>();
  return [...imageKeysOf(before)].filter((k) => !kept.has(k));
}

/**
 * How a write changes which images the product references (any version): `added` keys get the
 * product claimed on them in the write's transaction (only while their check still says valid),
 * `dropped` keys lose the claim in the same transaction and become candidates for cleanup.
 */
export interface ImageRefChanges {
  added: string[];
  dropped: string[];
}

export function imageRefChanges(before: Pick<ProductItem, 'live' | 'revision'> | null, after: Pick<ProductItem, 'live' | 'revision'> | null): ImageRefChanges {
  const was = before ? imageKeysOf(before) : new Set<string>();
  const is = after ? imageKeysOf(after) : new Set<string>();
  return { added: [...is].filter((k) => !was.has(k)), dropped: [...was].filter((k) => !is.has(k)) };
}

/** Where a product stands in one word (inventory table): the live version wins. */
export function productStatus(item: Pick<ProductItem, 'publishedVendorId' | 'revisionTab'>): ProductTab {
  if (item.publishedVendorId) return 'published';
  const state = item.revisionTab?.split('#').pop();
  return state === 'pending' || state === 'rejected' ? state : 'draft';
}
