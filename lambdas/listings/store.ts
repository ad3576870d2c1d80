/**
 * The products table (contracts/tables.ts) and the listings' counters and image checks.
 *
 * Item layout: one item per product, keyed by vendorId + productId (`P-` + 10 hex digits), as
 * `ProductItem` in ./product-states.ts describes it — the offer at the top (priceCents, compareAtCents,
 * inventory, outOfStock, offerUpdatedAt), the owner's image identity (identityId), `live`
 * { content, publishedAt, reviewedBy } and `revision` { content, state, savedAt, submittedAt,
 * rejectedAt, rejectionReasons, reviewedBy }, the list attributes (nameEn, nameZh, thumbnailKey: the
 * live version's, else the revision's) and the sparse index attributes (publishedVendorId
 * + publishedSort, revisionTab + revisionSort, reviewQueue), all recomputed by `withIndexes` on every
 * write. Every change is one conditional write of the whole item on the `version` it read, so a
 * review and an edit (or two edits) can never interleave into a state neither of them meant.
 *
 * The counters item `sku#<vendorId>` holds the vendor's SKU sequence (`value`) and how many
 * products the vendor has (`products`, kept by the create and delete transactions: the cap), and
 * (issue 15) how many are in each product tab (`tabPublished`, `tabPending`, `tabRejected`,
 * `tabDraft`): every create, write and delete moves them by the tabs it changes, in its own
 * transaction (`tabCountUpdates`); `tabsCounted` marks them set from a count of the partition,
 * done once per vendor on the first read (`productTabCounts`), and `lowStockDefault`, the vendor's
 * default low-stock level (absent: DEFAULT_LOW_STOCK_THRESHOLD; `lowStockDefaultOf`, `setLowStockDefault`).
 *
 * Image references: the item `refs#<image key>` of the imageChecks table holds `products`, the set
 * of product ids whose versions use that image. Every write that adds or drops images updates it in
 * the same transaction as the product (adding also re-checks, atomically, that the image's check
 * record still says valid), and cleanup deletes an image's records only while that set is empty
 * (releaseImageRecords), so an image can never be deleted under a product being saved with it.
 * Nothing is deleted at once, though: a dropped image is recorded in `dropped#<vendorId>` and deleted
 * only after a grace period without a claim (issue 24, lambdas/listings/images.ts), so a save racing
 * the drop gets its image rather than a refusal.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, paginateQuery, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ImageCheckItem } from '../images/model';
import { dynamo, paging } from '../shared/clients';
import { ConflictError, NotFoundError } from '../shared/errors';
import { tableName } from '../shared/tables';
import { DEFAULT_LOW_STOCK_THRESHOLD, type InventorySort, type ProductTab } from '../../contracts/listings/model';
import { imageKeysOf, isLowStock, type ImageRefChanges, type LiveVersion, type ProductItem, type Revision } from './product-states';

/** A conditional write found another version than the one read: re-read and try again. */
export class VersionConflict extends Error {
  constructor() {
    super('The product changed since it was read');
  }
}

export const counterName = (vendorId: string) => `sku#${vendorId}`;

export const productNotFound = () => new NotFoundError('There is no such product.', 'product_not_found');

export async function getProduct(vendorId: string, productId: string): Promise<ProductItem | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('products'), Key: { vendorId, productId }, ConsistentRead: true }));
  return (out.Item as ProductItem | undefined) ?? null;
}

/**
 * An image the write was to reference has no valid check record any more (its cleanup deleted it
 * between the request's check and the write): the write did not happen.
 */
export class ImagesGone extends Error {
  constructor(readonly keys: string[]) {
    super(`Images no longer available: ${keys.join(', ')}`);
  }
}

/** The imageChecks item that holds which products reference `key` (see the header). */
export const imageRefsKey = (key: string): string => `refs#${key}`;

const NO_REF_CHANGES: ImageRefChanges = { added: [], dropped: [] };

export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/**
 * The transaction items that move `productId`'s image claims: per added key a condition that its
 * check still says valid and the claim; per dropped key the claim's removal. `imageAt[i]` is the
 * image key item i checks (for reading cancellation reasons).
 */
function imageRefItems(productId: string, changes: ImageRefChanges): { items: TransactItem[]; imageAt: (string | undefined)[] } {
  const items: TransactItem[] = [];
  const imageAt: (string | undefined)[] = [];
  const refs = (key: string, action: 'ADD' | 'DELETE'): TransactItem => ({
    Update: {
      TableName: tableName('imageChecks'),
      Key: { key: imageRefsKey(key) },
      UpdateExpression: `${action} #products :product`,
      ExpressionAttributeNames: { '#products': 'products' },
      ExpressionAttributeValues: { ':product': new Set([productId]) },
    },
  });
  for (const key of changes.added) {
    items.push({
      ConditionCheck: {
        TableName: tableName('imageChecks'),
        Key: { key },
        ConditionExpression: '#status = :valid',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':valid': 'valid' },
      },
    });
    imageAt.push(key);
    items.push(refs(key, 'ADD'));
    imageAt.push(undefined);
  }
  for (const key of changes.dropped) {
    items.push(refs(key, 'DELETE'));
    imageAt.push(undefined);
  }
  return { items, imageAt };
}

/**
 * Reads a cancelled transaction whose first `lead` items are the product's own: a failed condition
 * there is a concurrent write (VersionConflict), a failed image condition is ImagesGone, and a
 * transaction conflict (another transaction on the same items at that moment) is retried like a
 * concurrent write. Anything else is rethrown.
 */
function cancelled(err: unknown, lead: number, imageAt: (string | undefined)[], onLead: (index: number) => Error): Error {
  if (!(err instanceof TransactionCanceledException)) return err as Error;
  const reasons = err.CancellationReasons ?? [];
  for (let i = 0; i < lead; i += 1) if (reasons[i]?.Code === 'ConditionalCheckFailed') return onLead(i);
  const gone = imageAt.filter((key, i): key is string => key !== undefined && reasons[lead + i]?.Code === 'ConditionalCheckFailed');
  if (gone.length) return new ImagesGone(gone);
  if (reasons.some((r) => r.Code === 'TransactionConflict')) return new VersionConflict();
  return err;
}

/**
 * Writes the next state of a product if nobody wrote since `expectedVersion` was read, with its
 * image claims (`refs`: what the write adds and drops) and any further items (`also`) in the same
 * transaction.
 */
export async function putProduct(
  next: ProductItem,
  expectedVersion: number,
  refs: ImageRefChanges = NO_REF_CHANGES,
  also: TransactItem[] = [],
  previous?: ProductItem,
  lowStockDefault?: number,
): Promise<void> {
  // The low-stock flag by the vendor's default (read here, after the caller read the product, unless given):
  // set on `next` itself, so what the caller answers is what was written.
  if (isLowStock(next, lowStockDefault ?? (await lowStockDefaultOf(next.vendorId)))) next.lowStockVendorId = next.vendorId;
  else delete next.lowStockVendorId;
  // The product tabs' counters move with the write when it changes the tabs the product is in.
  const tabs = previous ? tabCountUpdate(next.vendorId, tabDelta(previous, next)) : null;
  const put = {
    TableName: tableName('products'),
    Item: next,
    ConditionExpression: '#version = :expected',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':expected': expectedVersion },
  };
  if (refs.added.length === 0 && refs.dropped.length === 0 && also.length === 0 && !tabs) {
    try {
      await dynamo.send(new PutCommand(put));
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) throw new VersionConflict();
      throw err;
    }
    return;
  }
  const images = imageRefItems(next.productId, refs);
  try {
    // `also`: more writes of the same change (e.g. the review's notification, lambdas/notifications/record.ts).
    await dynamo.send(new TransactWriteCommand({ TransactItems: [{ Put: put }, ...images.items, ...(tabs ? [tabs] : []), ...also] }));
  } catch (err) {
    throw cancelled(err, 1, images.imageAt, () => new VersionConflict());
  }
}

/**
 * Runs a read-change-write until it lands on an unchanged item (a few tries), so concurrent
 * requests never lose each other's changes; gives up with a 409 when the product keeps changing.
 */
export async function withOptimisticRetry<T>(attempt: () => Promise<T>, tries = 4): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof VersionConflict)) throw err;
      if (i >= tries) throw new ConflictError('This product was changed at the same time. Reload it and try again.', 'product_changed');
      // A little jitter, so two writers that keep meeting on the same items fall out of step.
      await new Promise((r) => setTimeout(r, Math.random() * 20 * i));
    }
  }
}

/** The vendor's SKU sequence: 1, 2, 3, ... Gaps are possible (a refused create), duplicates are not. */
export async function nextSkuNumber(vendorId: string): Promise<number> {
  const out = await dynamo.send(
    new UpdateCommand({
      TableName: tableName('counters'),
      Key: { name: counterName(vendorId) },
      UpdateExpression: 'ADD #value :one',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return out.Attributes!.value as number;
}

/** The vendor's default low-stock level (issue 15): for products without their own threshold. */
export async function lowStockDefaultOf(vendorId: string): Promise<number> {
  const out = await dynamo.send(
    new GetCommand({ TableName: tableName('counters'), Key: { name: counterName(vendorId) }, ProjectionExpression: 'lowStockDefault', ConsistentRead: true }),
  );
  return (out.Item?.lowStockDefault as number | undefined) ?? DEFAULT_LOW_STOCK_THRESHOLD;
}

/** The default changed since the vendor read it: 409 with the current value. */
export class LowStockDefaultChanged extends ConflictError {
  constructor(readonly current: number) {
    super(`The shop's default low-stock level changed meanwhile; it is now ${current}. Look at it and save again.`, 'low_stock_default_changed');
  }
}

/**
 * The re-check a change of the default started (issue 16; `lowStockRecheck` on the counters item, next to
 * `lowStockDefault`; lambdas/listings/low-stock-recheck.ts): the stock range `[low, high]` still to
 * re-evaluate, where the next batch starts (`position`, the index's LastEvaluatedKey; `step` counts the
 * batches done, `sent` says whether the message for the next one was sent) and the progress.
 */
export interface StoredRecheck {
  id: string;
  low: number;
  high: number;
  step: number;
  sent: boolean;
  position?: Record<string, unknown>;
  checked: number;
  changed: number;
  total?: number;
  status: 'running' | 'done';
  startedAt: string;
  /** When the record last moved (a stalled re-check is resumed after a while, ./low-stock-recheck.ts). */
  updatedAt: string;
  finishedAt?: string;
}

/** The vendor's default low-stock level and its latest re-check (issue 16), one consistent read. */
export async function lowStockSettingsOf(vendorId: string): Promise<{ lowStockDefault: number; recheck?: StoredRecheck }> {
  const out = await dynamo.send(
    new GetCommand({
      TableName: tableName('counters'),
      Key: { name: counterName(vendorId) },
      ProjectionExpression: 'lowStockDefault, lowStockRecheck',
      ConsistentRead: true,
    }),
  );
  return {
    lowStockDefault: (out.Item?.lowStockDefault as number | undefined) ?? DEFAULT_LOW_STOCK_THRESHOLD,
    recheck: out.Item?.lowStockRecheck as StoredRecheck | undefined,
  };
}

/**
 * Sets the vendor's default if it is still `expected` (what the vendor saw); else LowStockDefaultChanged.
 * With `recheck`, the re-check to run for it replaces the one read before (`previousId`) in the same write.
 */
export async function setLowStockDefault(vendorId: string, value: number, expected: number, recheck?: { next: StoredRecheck; previousId?: string }): Promise<void> {
  // Never set: the constant default is what the vendor saw.
  const sameDefault = expected === DEFAULT_LOW_STOCK_THRESHOLD ? '(attribute_not_exists(#d) OR #d = :expected)' : '#d = :expected';
  const sameRecheck = !recheck ? '' : recheck.previousId ? ' AND #r.#id = :previous' : ' AND attribute_not_exists(#r)';
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('counters'),
        Key: { name: counterName(vendorId) },
        UpdateExpression: recheck ? 'SET #d = :value, #r = :recheck' : 'SET #d = :value',
        ConditionExpression: sameDefault + sameRecheck,
        ExpressionAttributeNames: { '#d': 'lowStockDefault', ...(recheck && { '#r': 'lowStockRecheck' }), ...(recheck?.previousId && { '#id': 'id' }) },
        ExpressionAttributeValues: {
          ':value': value,
          ':expected': expected,
          ...(recheck && { ':recheck': recheck.next }),
          ...(recheck?.previousId && { ':previous': recheck.previousId }),
        },
      }),
    );
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) throw new LowStockDefaultChanged(await lowStockDefaultOf(vendorId));
    throw err;
  }
}

/**
 * One bounded page of the vendor's byVendorStock entries with stock in `[low, high]`, from `startKey`
 * (issue 16: a re-check batch); `lastKey` is where the next page starts, absent at the end.
 */
export async function stockRangePage(
  vendorId: string,
  low: number,
  high: number,
  limit: number,
  startKey?: Record<string, unknown>,
): Promise<{ rows: CatalogueRow[]; lastKey?: Record<string, unknown> }> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('products'),
      IndexName: INVENTORY_INDEXES.inventory.IndexName,
      KeyConditionExpression: '#vendorId = :vendorId AND #stock BETWEEN :low AND :high',
      ExpressionAttributeNames: { '#vendorId': 'vendorId', '#stock': 'inventory' },
      ExpressionAttributeValues: { ':vendorId': vendorId, ':low': low, ':high': high },
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { rows: (out.Items ?? []) as CatalogueRow[], lastKey: out.LastEvaluatedKey };
}

/** How many byVendorStock entries of the vendor have stock in `[low, high]` (Select COUNT, paged; issue 16). */
export async function countStockRange(vendorId: string, low: number, high: number): Promise<number> {
  const pages = paginateQuery(paging(), {
    TableName: tableName('products'),
    IndexName: INVENTORY_INDEXES.inventory.IndexName,
    KeyConditionExpression: '#vendorId = :vendorId AND #stock BETWEEN :low AND :high',
    ExpressionAttributeNames: { '#vendorId': 'vendorId', '#stock': 'inventory' },
    ExpressionAttributeValues: { ':vendorId': vendorId, ':low': low, ':high': high },
    Select: 'COUNT',
  });
  let count = 0;
  for await (const out of pages) count += out.Count ?? 0;
  return count;
}

export async function productCount(vendorId: string): Promise<number> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('counters'), Key: { name: counterName(vendorId) }, ConsistentRead: true }));
  return (out.Item?.products as number | undefined) ?? 0;
}

const reasonCode = (err: unknown, index: number): string | undefined =>
  err instanceof TransactionCanceledException ? err.CancellationReasons?.[index]?.Code : undefined;

/**
 * Creates a product and counts it in one transaction, with the claims on its images and, for an
 * idempotent request, its idempotency `record`: `id_taken` in the unlikely case the random id
 * exists, `recorded` when the record exists (an earlier attempt of the same request won);
 * ImagesGone when an image's check record went meanwhile. The count is the inventory's total; there
 * is no cap on it any more (issue 15: the inventory pages through indexes, docs/decisions.md).
 */
export async function insertProduct(
  item: ProductItem,
  record?: TransactItem,
  /** More writes of the same create, after the record (the activity log's entry, lambdas/listings/activity.ts). */
  also: TransactItem[] = [],
): Promise<'created' | 'id_taken' | 'recorded'> {
  const images = imageRefItems(item.productId, { added: [...imageKeysOf(item)], dropped: [] });
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName('counters'),
              Key: { name: counterName(item.vendorId) },
              UpdateExpression: `ADD #products :one${tabAdds(tabDelta(null, item)).expression}`,
              ExpressionAttributeNames: { '#products': 'products', ...tabAdds(tabDelta(null, item)).names },
              ExpressionAttributeValues: { ':one': 1, ...tabAdds(tabDelta(null, item)).values },
            },
          },
          { Put: { TableName: tableName('products'), Item: item, ConditionExpression: 'attribute_not_exists(productId)' } },
          ...images.items,
          ...(record ? [record] : []),
          ...also,
        ],
      }),
    );
    return 'created';
  } catch (err) {
    // The idempotency record exists: the same request, sent again, created its product first.
    if (record && reasonCode(err, 2 + images.items.length) === 'ConditionalCheckFailed') return 'recorded';
    if (reasonCode(err, 1) === 'ConditionalCheckFailed') return 'id_taken';
    const e = cancelled(err, 2, images.imageAt, () => err as Error);
    // A transaction conflict on a claim: the create is simply tried again (a fresh id, nothing written).
    if (e instanceof VersionConflict) return 'id_taken';
    throw e;
  }
}

/** Deletes a product (as read at `item.version`), uncounts it and drops its image claims, in one transaction. */
export async function deleteProductItem(item: ProductItem): Promise<void> {
  const images = imageRefItems(item.productId, { added: [], dropped: [...imageKeysOf(item)] });
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName('products'),
              Key: { vendorId: item.vendorId, productId: item.productId },
              ConditionExpression: '#version = :expected',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':expected': item.version },
            },
          },
          {
            Update: {
              TableName: tableName('counters'),
              Key: { name: counterName(item.vendorId) },
              UpdateExpression: `ADD #products :minusOne${tabAdds(tabDelta(item, null)).expression}`,
              ExpressionAttributeNames: { '#products': 'products', ...tabAdds(tabDelta(item, null)).names },
              ExpressionAttributeValues: { ':minusOne': -1, ...tabAdds(tabDelta(item, null)).values },
            },
          },
          ...images.items,
        ],
      }),
    );
  } catch (err) {
    throw cancelled(err, 1, images.imageAt, () => new VersionConflict());
  }
}

export interface ProductTabPage {
  items: ProductItem[];
  /** Sort key (publishedSort / revisionSort) of the last item when more follow, else null. */
  lastSort: string | null;
}

/** Where a tab lives: its sparse index, key values and sort attribute. */
export function tabIndex(vendorId: string, tab: ProductTab) {
  return tab === 'published'
    ? { IndexName: 'byVendorPublished', pk: 'publishedVendorId', pkValue: vendorId, sk: 'publishedSort' }
    : { IndexName: 'byVendorRevision', pk: 'revisionTab', pkValue: `${vendorId}#${tab}`, sk: 'revisionSort' };
}

/**
 * One page of a product tab, newest first, after the sort key `after`. Asks for one item more
 * than the page, so a client never follows a cursor to an empty page.
 */
export async function queryProductTab(vendorId: string, tab: ProductTab, opts: { limit: number; after?: string }): Promise<ProductTabPage> {
  const index = tabIndex(vendorId, tab);
  const startKey = opts.after
    ? { [index.pk]: index.pkValue, [index.sk]: opts.after, vendorId, productId: opts.after.slice(opts.after.lastIndexOf('#') + 1) }
    : undefined;
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('products'),
      IndexName: index.IndexName,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': index.pk },
      ExpressionAttributeValues: { ':pk': index.pkValue },
      ScanIndexForward: false,
      Limit: opts.limit + 1,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  const items = (out.Items ?? []) as ProductItem[];
  const sortOf = (item: ProductItem) => item[index.sk as 'publishedSort' | 'revisionSort']!;
  if (items.length > opts.limit) {
    const page = items.slice(0, opts.limit);
    return { items: page, lastSort: sortOf(page[page.length - 1]!) };
  }
  // Fewer than asked for and yet a LastEvaluatedKey: DynamoDB's 1 MB limit cut the page short.
  return { items, lastSort: out.LastEvaluatedKey && items.length > 0 ? sortOf(items[items.length - 1]!) : null };
}

/** What the inventory table reads of each product (what its indexes project, contracts/tables.ts). */
export type CatalogueRow = Pick<
  ProductItem,
  | 'productId'
  | 'sku'
  | 'nameEn'
  | 'nameZh'
  | 'thumbnailKey'
  | 'priceCents'
  | 'compareAtCents'
  | 'inventory'
  | 'outOfStock'
  | 'restockOn'
  | 'lowStockThreshold'
  | 'updatedAt'
  | 'publishedVendorId'
  | 'revisionTab'
  | 'version'
  | 'nameSort'
>;

/** A position in an inventory order: the row's sort value (its index's sort key), then its product id. */
export type CataloguePosition = [string | number, string];

/** The index and sort attribute of each inventory column (contracts/tables.ts, issue 15). */
export const INVENTORY_INDEXES: Readonly<Record<InventorySort, { IndexName: string; sk: keyof CatalogueRow }>> = {
  name: { IndexName: 'byVendorName', sk: 'nameSort' },
  sku: { IndexName: 'byVendorSku', sk: 'sku' },
  price: { IndexName: 'byVendorPrice', sk: 'priceCents' },
  inventory: { IndexName: 'byVendorStock', sk: 'inventory' },
  updated: { IndexName: 'byVendorUpdated', sk: 'updatedAt' },
};

/** Index items a search reads per request at most before it answers with what it found and a cursor. */
export const SEARCH_READ_BUDGET = 5_000;

/** Every item of the vendor's partition, one DynamoDB page after another. */
async function* partition(vendorId: string, projection: { ProjectionExpression: string; ExpressionAttributeNames: Record<string, string> }, consistent: boolean) {
  const pages = paginateQuery(
    paging(),
    {
      TableName: tableName('products'),
      KeyConditionExpression: '#vendorId = :vendorId',
      ...projection,
      ExpressionAttributeNames: { ...projection.ExpressionAttributeNames, '#vendorId': 'vendorId' },
      ExpressionAttributeValues: { ':vendorId': vendorId },
      ConsistentRead: consistent,
    },
  );
  for await (const out of pages) yield* (out.Items ?? []) as Record<string, unknown>[];
}

/**
 * One page of the vendor's inventory in a column's order, through that column's index (never the
 * whole partition): `limit` rows after `after`, and the position to go on from when more may follow.
 * With a search (`needle`, folded), the index is filtered on `searchText` page by page, reading at most
 * SEARCH_READ_BUDGET items: a rare match in a large catalogue may then answer fewer rows (even none)
 * with a cursor to read on from.
 */
export async function inventoryIndexPage(
  vendorId: string,
  opts: { sort: InventorySort; order: 'asc' | 'desc'; needle: string; limit: number; after?: CataloguePosition; budget?: number },
): Promise<{ rows: CatalogueRow[]; last: CataloguePosition | null }> {
  const index = INVENTORY_INDEXES[opts.sort];
  const budget = opts.budget ?? SEARCH_READ_BUDGET;
  let startKey: Record<string, unknown> | undefined = opts.after ? { vendorId, productId: opts.after[1], [index.sk]: opts.after[0] } : undefined;
  const rows: CatalogueRow[] = [];
  let read = 0;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: tableName('products'),
        IndexName: index.IndexName,
        KeyConditionExpression: '#vendorId = :vendorId',
        ExpressionAttributeNames: { '#vendorId': 'vendorId', ...(opts.needle ? { '#search': 'searchText' } : {}) },
        ExpressionAttributeValues: { ':vendorId': vendorId, ...(opts.needle ? { ':needle': opts.needle } : {}) },
        ...(opts.needle ? { FilterExpression: 'contains(#search, :needle)' } : {}),
        ScanIndexForward: opts.order === 'asc',
        // One more than the page, so a cursor never leads to an empty page; a search reads in larger steps.
        Limit: opts.needle ? Math.min(1_000, budget - read) : opts.limit + 1 - rows.length,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    rows.push(...((out.Items ?? []) as CatalogueRow[]));
    read += out.ScannedCount ?? out.Items?.length ?? 0;
    startKey = out.LastEvaluatedKey;
  } while (startKey && rows.length <= opts.limit && read < budget);
  const positionOf = (row: CatalogueRow): CataloguePosition => [row[index.sk] as string | number, row.productId];
  if (rows.length > opts.limit) {
    const page = rows.slice(0, opts.limit);
    return { rows: page, last: positionOf(page[page.length - 1]!) };
  }
  // The read stopped early (the search's budget, or DynamoDB's 1 MB page): go on from where it stopped.
  if (startKey) return { rows, last: [startKey[index.sk] as string | number, startKey.productId as string] };
  return { rows, last: null };
}

/** The vendor's products that are low on stock (the sparse byVendorLowStock index): what the "low stock" filter reads. */
export async function lowStockRows(vendorId: string): Promise<CatalogueRow[]> {
  const rows: CatalogueRow[] = [];
  const pages = paginateQuery(paging(), {
    TableName: tableName('products'),
    IndexName: 'byVendorLowStock',
    KeyConditionExpression: '#low = :vendorId',
    ExpressionAttributeNames: { '#low': 'lowStockVendorId' },
    ExpressionAttributeValues: { ':vendorId': vendorId },
  });
  for await (const out of pages) rows.push(...((out.Items ?? []) as CatalogueRow[]));
  return rows;
}

/** Where a product waiting for its restock day sits in byRestockDue. */
export interface RestockDue {
  vendorId: string;
  productId: string;
  restockOn: string;
}

/** Products whose "out of stock until" day is `today` or earlier (byRestockDue), oldest day first. */
export async function dueRestocks(today: string): Promise<RestockDue[]> {
  const due: RestockDue[] = [];
  const pages = paginateQuery(paging(), {
    TableName: tableName('products'),
    IndexName: 'byRestockDue',
    KeyConditionExpression: '#queue = :restock AND #sort < :after',
    ExpressionAttributeNames: { '#queue': 'restockQueue', '#sort': 'restockSort' },
    // `<day>#…`: every key of `today` is below `<today>$` ('$' follows '#').
    ExpressionAttributeValues: { ':restock': 'restock', ':after': `${today}$` },
  });
  for await (const out of pages) {
    for (const item of out.Items ?? []) due.push({ vendorId: item.vendorId as string, productId: item.productId as string, restockOn: item.restockOn as string });
  }
  return due;
}

/**
 * The vendor's whole catalogue, only the inventory row's fields: for scripts and checks that need
 * every product at once (the inventory table itself pages through indexes: inventoryIndexPage).
 */
export async function catalogueRows(vendorId: string): Promise<CatalogueRow[]> {
  const attributes = ['productId', 'sku', 'nameEn', 'nameZh', 'thumbnailKey', 'priceCents', 'compareAtCents', 'inventory', 'outOfStock', 'updatedAt', 'publishedVendorId', 'revisionTab', 'version'];
  const names = Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a]));
  const rows: CatalogueRow[] = [];
  for await (const item of partition(vendorId, { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names }, false)) {
    rows.push(item as unknown as CatalogueRow);
  }
  return rows;
}

/**
 * Every image key any version of any of the vendor's products references, read consistently: the
 * last look before an image is deleted.
 */
export async function referencedImageKeys(vendorId: string): Promise<Set<string>> {
  const names = { '#live': 'live', '#revision': 'revision', '#content': 'content', '#images': 'images', '#label': 'nutritionLabel' };
  const projection = '#live.#content.#images, #live.#content.#label, #revision.#content.#images, #revision.#content.#label';
  const keys = new Set<string>();
  for await (const item of partition(vendorId, { ProjectionExpression: projection, ExpressionAttributeNames: names }, true)) {
    const versions = item as { live?: Pick<LiveVersion, 'content'>; revision?: Pick<Revision, 'content'> };
    for (const key of imageKeysOf(versions as Pick<ProductItem, 'live' | 'revision'>)) keys.add(key);
  }
  return keys;
}

/** The vendor a product id belongs to (byProductId), for the review, which knows only the id. */
export async function vendorOfProduct(productId: string): Promise<string | null> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('products'),
      IndexName: 'byProductId',
      KeyConditionExpression: 'productId = :productId',
      ExpressionAttributeValues: { ':productId': productId },
    }),
  );
  return (out.Items?.[0]?.vendorId as string | undefined) ?? null;
}

/** The review queue (byReviewQueue), oldest submission first. */
export async function pendingProducts(limit: number): Promise<ProductItem[]> {
  const items: ProductItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: tableName('products'),
        IndexName: 'byReviewQueue',
        KeyConditionExpression: 'reviewQueue = :pending',
        ExpressionAttributeValues: { ':pending': 'pending' },
        ScanIndexForward: true,
        Limit: limit - items.length,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    items.push(...((out.Items ?? []) as ProductItem[]));
    startKey = out.LastEvaluatedKey;
  } while (startKey && items.length < limit);
  return items;
}

/** A position in the review queue: the last product's revisionSort and vendor (the table key byReviewQueue needs). */
export interface ReviewQueueKey {
  sort: string;
  vendorId: string;
}

/**
 * One page of the review queue (byReviewQueue, partition `pending`), oldest submission first, after
 * `after`. Asks for one item more than the page, so a cursor never leads to an empty page.
 */
export async function reviewQueuePage(opts: { limit: number; after?: ReviewQueueKey }): Promise<{ items: ProductItem[]; last: ReviewQueueKey | null }> {
  const startKey = opts.after
    ? { reviewQueue: 'pending', revisionSort: opts.after.sort, vendorId: opts.after.vendorId, productId: opts.after.sort.slice(opts.after.sort.lastIndexOf('#') + 1) }
    : undefined;
  const items: ProductItem[] = [];
  let key: Record<string, unknown> | undefined = startKey;
  let more = false;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: tableName('products'),
        IndexName: 'byReviewQueue',
        KeyConditionExpression: 'reviewQueue = :pending',
        ExpressionAttributeValues: { ':pending': 'pending' },
        ScanIndexForward: true,
        Limit: opts.limit + 1 - items.length,
        ...(key ? { ExclusiveStartKey: key } : {}),
      }),
    );
    items.push(...((out.Items ?? []) as ProductItem[]));
    key = out.LastEvaluatedKey;
    more = items.length > opts.limit || Boolean(key);
  } while (key && items.length <= opts.limit);
  const page = items.slice(0, opts.limit);
  const lastItem = page[page.length - 1];
  return { items: page, last: more && items.length > opts.limit && lastItem ? { sort: lastItem.revisionSort!, vendorId: lastItem.vendorId } : null };
}

/** What the image check (lambdas/images) recorded for each of `keys` (missing keys: no check recorded). */
export async function imageChecks(keys: string[]): Promise<Map<string, ImageCheckItem>> {
  const found = new Map<string, ImageCheckItem>();
  let pending: Record<string, unknown>[] = [...new Set(keys)].map((key) => ({ key }));
  for (let round = 0; pending.length > 0; round += 1) {
    if (round > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** Math.min(round, 5)));
    const out = await dynamo.send(
      new BatchGetCommand({ RequestItems: { [tableName('imageChecks')]: { Keys: pending.slice(0, 100), ConsistentRead: true } } }),
    );
    for (const item of (out.Responses?.[tableName('imageChecks')] ?? []) as ImageCheckItem[]) found.set(item.key, item);
    pending = [...((out.UnprocessedKeys?.[tableName('imageChecks')]?.Keys ?? []) as Record<string, unknown>[]), ...pending.slice(100)];
  }
  return found;
}

/**
 * Deletes an image's (empty) reference item and turns its check record into a `released` tombstone
 * (lambdas/images/model.ts: it keeps the bound ETag, so the key and its rendition keys can never show
 * other bytes) in one transaction, only while no product claims the image. True when released: from
 * then on no write can claim it (the claim requires a valid check record), so the object and its
 * renditions may go. False when a product claims it, or another transaction kept meeting this one
 * (the image is kept: leaving it is the safe side).
 */
export async function releaseImageRecords(key: string, now: Date = new Date()): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dynamo.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: tableName('imageChecks'),
                Key: { key: imageRefsKey(key) },
                ConditionExpression: 'attribute_not_exists(#products)',
                ExpressionAttributeNames: { '#products': 'products' },
              },
            },
            {
              Update: {
                TableName: tableName('imageChecks'),
                Key: { key },
                UpdateExpression: 'SET #status = :released, releasedAt = :now',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':released': 'released', ':now': now.toISOString() },
              },
            },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (reasonCode(err, 0) === 'ConditionalCheckFailed') return false;
      const conflict = err instanceof TransactionCanceledException && (err.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');
      if (!conflict) throw err;
      if (attempt >= 4) return false;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
  }
}

/**
 * The imageChecks item `dropped#<vendorId>`: the vendor's images that a product write stopped
 * referencing and that no product claimed at that moment, each with when (`images`: key → instant).
 * They are deleted only once the grace period has passed with no claim (lambdas/listings/images.ts
 * sweepDroppedImages), so a save that races the drop still gets the image (issue 24).
 */
export const droppedImagesKey = (vendorId: string): string => `dropped#${vendorId}`;

/** Records `keys` as dropped `at` (a later drop of the same key moves its time on). */
export async function recordDroppedImages(vendorId: string, keys: readonly string[], at: Date): Promise<void> {
  if (!keys.length) return;
  const names = Object.fromEntries(keys.map((k, i) => [`#k${i}`, k]));
  const update = (expression: string, condition: string, values: Record<string, unknown> = { ':at': at.toISOString() }) =>
    dynamo.send(
      new UpdateCommand({
        TableName: tableName('imageChecks'),
        Key: { key: droppedImagesKey(vendorId) },
        UpdateExpression: expression,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#images': 'images', ...(expression.includes('#k') ? names : {}) },
        ExpressionAttributeValues: values,
      }),
    );
  const nested = `SET ${keys.map((_, i) => `#images.#k${i} = :at`).join(', ')}`;
  try {
    // Into the map when the item has one (the usual case) ...
    await update(nested, 'attribute_exists(#images)');
  } catch (err) {
    if (!(err instanceof ConditionalCheckFailedException)) throw err;
    try {
      // ... else the map made with them; two first drops at once: the loser goes into the winner's map.
      await update('SET #images = :map', 'attribute_not_exists(#images)', { ':map': Object.fromEntries(keys.map((k) => [k, at.toISOString()])) });
    } catch (again) {
      if (!(again instanceof ConditionalCheckFailedException)) throw again;
      await update(nested, 'attribute_exists(#images)');
    }
  }
}

/** The vendor's dropped images (key → when), read consistently. */
export async function droppedImages(vendorId: string): Promise<Record<string, string>> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('imageChecks'), Key: { key: droppedImagesKey(vendorId) }, ConsistentRead: true }));
  return (out.Item?.images as Record<string, string> | undefined) ?? {};
}

/** Forgets a dropped image (deleted, or referenced again) unless it was dropped again since `at`. */
export async function forgetDroppedImage(vendorId: string, key: string, at: string): Promise<void> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('imageChecks'),
        Key: { key: droppedImagesKey(vendorId) },
        UpdateExpression: 'REMOVE #images.#k',
        ConditionExpression: '#images.#k = :at',
        ExpressionAttributeNames: { '#images': 'images', '#k': key },
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  } catch (err) {
    if (!(err instanceof ConditionalCheckFailedException)) throw err;
  }
}

/** The counters item's attribute per product tab (issue 15). */
export const TAB_COUNTERS: Record<ProductTab, string> = { published: 'tabPublished', pending: 'tabPending', rejected: 'tabRejected', draft: 'tabDraft' };

/** The tabs a product is in: Published while a live version exists, and its revision's tab while it has one. */
export function tabsOf(item: Pick<ProductItem, 'live' | 'revision'> | null): ProductTab[] {
  if (!item) return [];
  return [...(item.live ? (['published'] as const) : []), ...(item.revision ? [item.revision.state] : [])];
}

/** How a write moves each tab's count (only the tabs that change). */
export function tabDelta(before: Pick<ProductItem, 'live' | 'revision'> | null, after: Pick<ProductItem, 'live' | 'revision'> | null): Partial<Record<ProductTab, number>> {
  const delta: Partial<Record<ProductTab, number>> = {};
  for (const tab of tabsOf(before)) delta[tab] = (delta[tab] ?? 0) - 1;
  for (const tab of tabsOf(after)) delta[tab] = (delta[tab] ?? 0) + 1;
  for (const tab of Object.keys(delta) as ProductTab[]) if (delta[tab] === 0) delete delta[tab];
  return delta;
}

/** `, #tabPending :tabPending, ...`: the ADD clauses of a delta, to follow another ADD clause. */
function tabAdds(delta: Partial<Record<ProductTab, number>>): { expression: string; names: Record<string, string>; values: Record<string, number> } {
  const tabs = Object.keys(delta) as ProductTab[];
  return {
    expression: tabs.map((tab) => `, #${TAB_COUNTERS[tab]} :${TAB_COUNTERS[tab]}`).join(''),
    names: Object.fromEntries(tabs.map((tab) => [`#${TAB_COUNTERS[tab]}`, TAB_COUNTERS[tab]])),
    values: Object.fromEntries(tabs.map((tab) => [`:${TAB_COUNTERS[tab]}`, delta[tab]!])),
  };
}

/** The transaction item that moves the counters by `delta`, or null when no tab changes. */
export function tabCountUpdate(vendorId: string, delta: Partial<Record<ProductTab, number>>): TransactItem | null {
  const adds = tabAdds(delta);
  if (!adds.expression) return null;
  return {
    Update: {
      TableName: tableName('counters'),
      Key: { name: counterName(vendorId) },
      UpdateExpression: `ADD ${adds.expression.slice(2)}`,
      ExpressionAttributeNames: adds.names,
      ExpressionAttributeValues: adds.values,
    },
  };
}

export type ProductTabCounts = Record<ProductTab, number>;

/**
 * How many of the vendor's products are in each tab (issue 15): the counters item's figures. The
 * first read for a vendor (products made before the counters, `tabsCounted` absent) counts the
 * partition once, read consistently, and stores the figures only if no write moved them meanwhile
 * (the condition on the values read first); otherwise it counts again. Never negative.
 */
export async function productTabCounts(vendorId: string): Promise<ProductTabCounts> {
  const tabs = Object.keys(TAB_COUNTERS) as ProductTab[];
  const fromItem = (item: Record<string, unknown> | undefined): ProductTabCounts =>
    Object.fromEntries(tabs.map((tab) => [tab, Math.max(0, Number(item?.[TAB_COUNTERS[tab]] ?? 0) || 0)])) as ProductTabCounts;
  let counted: ProductTabCounts = fromItem(undefined);
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const out = await dynamo.send(new GetCommand({ TableName: tableName('counters'), Key: { name: counterName(vendorId) }, ConsistentRead: true }));
    const item = out.Item;
    if (item?.tabsCounted === true) return fromItem(item);
    counted = fromItem(undefined);
    const names = { '#live': 'live', '#revision': 'revision', '#state': 'state' };
    for await (const product of partition(vendorId, { ProjectionExpression: '#live.publishedAt, #revision.#state', ExpressionAttributeNames: names }, true)) {
      for (const tab of tabsOf(product as Pick<ProductItem, 'live' | 'revision'>)) counted[tab] += 1;
    }
    const unchanged = tabs.map((tab) => (item?.[TAB_COUNTERS[tab]] === undefined ? `attribute_not_exists(#${tab})` : `#${tab} = :was_${tab}`));
    try {
      await dynamo.send(
        new UpdateCommand({
          TableName: tableName('counters'),
          Key: { name: counterName(vendorId) },
          UpdateExpression: `SET ${tabs.map((tab) => `#${tab} = :${tab}`).join(', ')}, #counted = :true`,
          ConditionExpression: `attribute_not_exists(#counted) AND ${unchanged.join(' AND ')}`,
          ExpressionAttributeNames: { ...Object.fromEntries(tabs.map((tab) => [`#${tab}`, TAB_COUNTERS[tab]])), '#counted': 'tabsCounted' },
          ExpressionAttributeValues: {
            ...Object.fromEntries(tabs.map((tab) => [`:${tab}`, counted[tab]])),
            ...Object.fromEntries(tabs.filter((tab) => item?.[TAB_COUNTERS[tab]] !== undefined).map((tab) => [`:was_${tab}`, item![TAB_COUNTERS[tab]]])),
            ':true': true,
          },
        }),
      );
      return counted;
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
      // A write moved a count (or another reader stored them) meanwhile: read again.
    }
  }
  return counted;
}
