import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { changeOffer, newProduct, approveRevision, saveRevision, type ProductItem } from '../../../lambdas/listings/product-states';
import { pendingReviews, reviewProduct } from '../../../lambdas/listings/review';
import { IMAGE_DELETE_GRACE_MS } from '../../../lambdas/listings/images';
import { completeContent, IDENTITY, imageKeyFor, OTHER_IDENTITY } from './fixtures';
import { renditionKey } from '../../../contracts/buckets';

process.env.PRODUCTS_TABLE = 'products-test';
process.env.IMAGE_CHECKS_TABLE = 'image-checks-test';
process.env.NOTIFICATIONS_TABLE = 'notifications-test';
process.env.AUDIT_TABLE = 'audit-test';
process.env.COUNTERS_TABLE = 'counters-test';
process.env.PRODUCT_IMAGES_BUCKET = 'images-test';
process.env.RENDITIONS_BUCKET = 'renditions-test';
process.env.AWS_REGION = 'us-east-1';
const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

const NOW = new Date('2026-03-05T12:00:00.000Z');
const pending = (productId = 'P-0123456789') =>
  newProduct({ vendorId: 'V-10001', productId, sku: '10001-0001', identityId: IDENTITY, content: completeContent(), submit: true, now: '2026-03-01T10:00:00.000Z' });

/** The table as the review finds it: the product (by id and by key) and the vendor's other products. */
function given(item: ProductItem, others: Partial<ProductItem>[] = []) {
  ddb.on(QueryCommand, { IndexName: 'byProductId' }).resolves({ Items: [{ vendorId: item.vendorId, productId: item.productId }] });
  ddb.on(GetCommand, { TableName: 'products-test' }).resolves({ Item: item });
  ddb.on(PutCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
  s3.on(DeleteObjectCommand).resolves({});
  return { others };
}

/**
 * The vendor's dropped images as recorded (issue 24: deleted only a grace period after nothing used
 * them): `keys` dropped `ago` ms before the review.
 */
function droppedAgo(keys: readonly string[], ago: number) {
  const at = new Date(NOW.getTime() - ago).toISOString();
  ddb.on(GetCommand, { TableName: 'image-checks-test', Key: { key: 'dropped#V-10001' } }).resolves({ Item: { key: 'dropped#V-10001', images: Object.fromEntries(keys.map((k) => [k, at])) } });
}
/** The drops a decision recorded: the keys set in the vendor's dropped item, at the decision's time. */
const recordedDrops = () =>
  ddb
    .commandCalls(UpdateCommand)
    .map((c) => c.args[0].input)
    .filter((i) => i.Key?.key === 'dropped#V-10001' && i.UpdateExpression?.startsWith('SET'))
    .flatMap((i) => Object.entries(i.ExpressionAttributeNames ?? {}).filter(([name]) => name.startsWith('#k')).map(([, key]) => [key, i.ExpressionAttributeValues?.[':at']]));
/** The review's writes: the product's put first, then image claims, then the vendor's notification (one transaction each). */
// The product tabs' counters (issue 15) move in the same transaction; tabCounterWrites() reads them, the rest of the tests the other items.
const isTabCounter = (i: { Update?: { TableName?: string } }) => i.Update?.TableName === 'counters-test';
const decisionWrites = () => ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!).filter((items) => items[0]?.Put?.TableName === 'products-test');
const reviewWrites = () => decisionWrites().map((items) => items.filter((i) => !isTabCounter(i)));
const tabCounterWrites = () => decisionWrites().flatMap((items) => items.filter(isTabCounter).map((i) => i.Update!));
const puts = () => reviewWrites().map((items) => items[0]!.Put!);
/** Originals deleted (their renditions go with them: deletedRenditions). */
const deletedObjects = () =>
  s3
    .commandCalls(DeleteObjectCommand)
    .filter((c) => c.args[0].input.Bucket === 'images-test')
    .map((c) => c.args[0].input.Key)
    .sort();
const deletedRenditions = () =>
  s3
    .commandCalls(DeleteObjectCommand)
    .filter((c) => c.args[0].input.Bucket === 'renditions-test')
    .map((c) => c.args[0].input.Key)
    .sort();

beforeEach(() => {
  ddb.reset();
  // The vendor's default low-stock level (issue 15): none set, the constant applies.
  ddb.on(GetCommand, { TableName: 'counters-test' }).resolves({});
  s3.reset();
});

describe('reviewProduct: approve', () => {
  it('publishes the pending revision with one write conditional on the version it read', async () => {
    const item = pending();
    given(item);
    ddb.on(QueryCommand, { ConsistentRead: true }).resolves({ Items: [] });
    const { product, deletedImages } = await reviewProduct({ productId: item.productId, decision: 'approve', reasons: []}, { userId: 'cli:ops', email: 'cli:ops' }, NOW);
    expect(product).toMatchObject({ version: 2, live: { publishedAt: NOW.toISOString(), reviewedBy: 'cli:ops' }, publishedVendorId: 'V-10001' });
    expect(product.revision).toBeUndefined();
    expect(product.reviewQueue).toBeUndefined();
    expect(puts()).toEqual([
      { TableName: 'products-test', Item: product, ConditionExpression: '#version = :expected', ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':expected': 1 } },
    ]);
    // The vendor's "product approved" notification is part of the same transaction.
    const [, notice, unread] = reviewWrites()[0]!;
    expect(notice!.Put).toMatchObject({
      TableName: 'notifications-test',
      ConditionExpression: 'attribute_not_exists(sk)',
      Item: { vendorId: 'V-10001', id: `product_approved.${item.productId}.v2`, type: 'product_approved', params: { productId: item.productId }, link: `/products/${item.productId}/edit` },
    });
    expect(unread!.Update).toMatchObject({ Key: { vendorId: 'V-10001', sk: 'STATE' }, UpdateExpression: 'ADD unread :one' });
    // The tab counts move with it: one product less pending review, one more published.
    expect(tabCounterWrites()).toEqual([
      expect.objectContaining({ Key: { name: 'sku#V-10001' }, ExpressionAttributeValues: { ':tabPending': -1, ':tabPublished': 1 } }),
    ]);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    // A first approval drops nothing.
    expect(deletedImages).toEqual([]);
    expect(s3.calls()).toHaveLength(0);
  });

  it('records the images the update dropped, and deletes nothing dropped within the grace period (issue 24)', async () => {
    const live = approveRevision(pending(), 'ops', '2026-03-02T00:00:00.000Z');
    const [kept, gone] = [live.live!.content.images[0]!, live.live!.content.images[1]!];
    const update = saveRevision(live, { ...live.live!.content, images: [kept] }, true, '2026-03-03T00:00:00.000Z');
    given(update);
    droppedAgo([gone], IMAGE_DELETE_GRACE_MS - 1_000);
    ddb.on(QueryCommand, { ConsistentRead: true }).resolves({ Items: [] });
    const { deletedImages } = await reviewProduct({ productId: update.productId, decision: 'approve', reasons: []}, { userId: 'ops', email: 'ops' }, NOW);
    expect(recordedDrops()).toEqual([[gone, NOW.toISOString()]]);
    expect(deletedImages).toEqual([]);
    expect(s3.calls()).toHaveLength(0);
    // Only the decision's transaction: no release.
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('deletes the images dropped a grace period ago, unless another product of the vendor still uses them', async () => {
    const live = approveRevision(pending(), 'ops', '2026-03-02T00:00:00.000Z');
    const [kept, dropped, sharedWithOther] = [live.live!.content.images[0]!, live.live!.content.images[1]!, live.live!.content.nutritionLabel];
    const newLabel = completeContent().nutritionLabel;
    const update = saveRevision(live, { ...live.live!.content, images: [kept], nutritionLabel: newLabel }, true, '2026-03-03T00:00:00.000Z');
    given(update);
    // The vendor's partition after the approval: this product, and another that uses the old label too.
    ddb.on(QueryCommand, { ConsistentRead: true }).resolves({
      Items: [{ live: { content: { images: [kept], nutritionLabel: newLabel } } }, { revision: { content: { images: [], nutritionLabel: sharedWithOther } } }],
    });
    droppedAgo([dropped, sharedWithOther!], IMAGE_DELETE_GRACE_MS);
    const { deletedImages } = await reviewProduct({ productId: update.productId, decision: 'approve', reasons: []}, { userId: 'ops', email: 'ops' }, NOW);
    expect(deletedImages).toEqual([dropped]);
    expect(deletedObjects()).toEqual([dropped]);
    expect(deletedRenditions()).toEqual([renditionKey(dropped, 'display'), renditionKey(dropped, 'thumbnail')].sort());
    expect(s3.commandCalls(DeleteObjectCommand)[0]!.args[0].input.Bucket).toBe('images-test');
    const [write, release] = ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!.filter((i) => !isTabCounter(i)));
    // The approval drops this product's claims on the old live images in the same transaction as the write…
    expect(write![0]!.Put).toMatchObject({ TableName: 'products-test', ConditionExpression: '#version = :expected' });
    // (After them: the notification's two items and the audit entry.)
    expect(write!.slice(1, -3).map((i) => [i.Update?.Key, i.Update?.UpdateExpression, i.Update?.ExpressionAttributeValues])).toEqual(
      [dropped, sharedWithOther].map((k) => [{ key: `refs#${k}` }, 'DELETE #products :product', { ':product': new Set([update.productId]) }]),
    );
    // …then releases the check record of the one nothing uses (a tombstone), only while no product claims it.
    expect(release!.map((i) => i.Delete?.Key ?? i.Update?.Key)).toEqual([{ key: `refs#${dropped}` }, { key: dropped }]);
    expect(release![1]!.Update!.ExpressionAttributeValues).toMatchObject({ ':released': 'released' });
  });

  it('never deletes a key outside the owner’s identity prefix, even one no version references any more', async () => {
    const live = approveRevision(pending(), 'ops', '2026-03-02T00:00:00.000Z');
    // A key of another identity that got into the live version somehow (acceptImages admits none).
    const foreign = imageKeyFor(OTHER_IDENTITY);
    const [own] = live.live!.content.images;
    const tampered: ProductItem = { ...live, live: { ...live.live!, content: { ...live.live!.content, images: [own!, foreign] } } };
    const update = saveRevision(tampered, { ...live.live!.content, images: [] }, true, '2026-03-03T00:00:00.000Z');
    given(update);
    ddb.on(QueryCommand, { ConsistentRead: true }).resolves({ Items: [] });
    droppedAgo([own!], IMAGE_DELETE_GRACE_MS);
    const { deletedImages } = await reviewProduct({ productId: update.productId, decision: 'approve', reasons: []}, { userId: 'ops', email: 'ops' }, NOW);
    // Never recorded as dropped either.
    expect(recordedDrops().map(([key]) => key)).not.toContain(foreign);
    expect(deletedImages).toEqual([own]);
    expect(deletedObjects()).toEqual([own]);
    expect(deletedObjects()).not.toContain(foreign);
  });

  it('a product without a recorded owner identity deletes nothing', async () => {
    const live = approveRevision(pending(), 'ops', '2026-03-02T00:00:00.000Z');
    const update = saveRevision(live, { ...live.live!.content, images: [] }, true, '2026-03-03T00:00:00.000Z');
    delete update.identityId;
    given(update);
    ddb.on(QueryCommand, { ConsistentRead: true }).resolves({ Items: [] });
    expect((await reviewProduct({ productId: update.productId, decision: 'approve', reasons: []}, { userId: 'ops', email: 'ops' }, NOW)).deletedImages).toEqual([]);
    expect(s3.calls()).toHaveLength(0);
  });

  it('keeps an offer the vendor changed while the review was being decided', async () => {
    const item = pending();
    const withNewPrice = changeOffer(item, { price: 777, compareAtPrice: undefined, inventory: 9, outOfStock: false }, '2026-03-05T11:59:59.000Z');
    given(item);
    ddb.on(GetCommand, { TableName: 'products-test' }).resolvesOnce({ Item: item }).resolves({ Item: withNewPrice });
    ddb.on(TransactWriteCommand).rejectsOnce(new TransactionCanceledException({ message: 'version', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }] })).resolves({});
    ddb.on(QueryCommand, { ConsistentRead: true }).resolves({ Items: [] });
    const { product } = await reviewProduct({ productId: item.productId, decision: 'approve', reasons: []}, { userId: 'ops', email: 'ops' }, NOW);
    expect(puts().map((p) => p.ExpressionAttributeValues)).toEqual([{ ':expected': 1 }, { ':expected': 2 }]);
    expect(product).toMatchObject({ priceCents: 777, inventory: 9, live: { content: { price: 777 } } });
  });
});

describe('reviewProduct: reject', () => {
  it('records the reasons, trimmed, and deletes nothing', async () => {
    const item = pending();
    given(item);
    const { product, deletedImages } = await reviewProduct(
      { productId: item.productId, decision: 'reject', reasons: ['  image_background ', 'The name does not match the label.'] },
      { userId: 'ops', email: 'ops' },
      NOW,
    );
    expect(product.revision).toMatchObject({ state: 'rejected', rejectedAt: NOW.toISOString(), rejectionReasons: ['image_background', 'The name does not match the label.'] });
    expect(product.revisionTab).toBe('V-10001#rejected');
    // The vendor hears every reason, codes and free text as ops gave them (the e-mail translates codes).
    expect(reviewWrites()[0]![1]!.Put!.Item).toMatchObject({ type: 'product_rejected', category: 'products', params: { reasons: ['image_background', 'The name does not match the label.'] } });
    expect(deletedImages).toEqual([]);
    expect(s3.calls()).toHaveLength(0);
  });

  it.each([
    ['no reason', [], /at least one reason/],
    ['an empty reason', ['ok', '   '], /cannot be empty/],
    ['a reason over 500 characters', ['x'.repeat(501)], /at most 500 characters/],
  ])('refuses %s before reading anything', async (_what, reasons, message) => {
    await expect(reviewProduct({ productId: 'P-0123456789', decision: 'reject', reasons}, { userId: 'ops', email: 'ops' })).rejects.toMatchObject({ statusCode: 400, code: 'invalid_review', message: expect.stringMatching(message) });
    expect(ddb.calls()).toHaveLength(0);
  });

  it('accepts a reason of exactly 500 characters', async () => {
    given(pending());
    const { product } = await reviewProduct({ productId: 'P-0123456789', decision: 'reject', reasons: ['x'.repeat(500)]}, { userId: 'ops', email: 'ops' });
    expect(product.revision!.rejectionReasons![0]).toHaveLength(500);
  });
});

describe('reviewProduct: the audit entry and request changes', () => {
  const OPS = { userId: 'sub-ops-1', email: 'ops@example.com' };

  it('writes the audit entry as the last item of the decision’s own transaction, naming the operator', async () => {
    const item = pending();
    given(item);
    await reviewProduct({ productId: item.productId, decision: 'reject', reasons: ['image_background', 'Blurred label'] }, OPS, NOW);
    const writes = reviewWrites();
    expect(writes).toHaveLength(1);
    const audit = writes[0]!.at(-1)!.Put!;
    expect(audit).toMatchObject({
      TableName: 'audit-test',
      ConditionExpression: 'attribute_not_exists(entryKey)',
      Item: {
        action: 'product.rejected',
        actor: OPS,
        target: { type: 'product', id: item.productId },
        vendorId: 'V-10001',
        before: { state: 'pending' },
        after: { state: 'rejected', reasons: ['image_background', 'Blurred label'] },
        reason: 'image_background; Blurred label',
        at: NOW.toISOString(),
      },
    });
    expect(puts()[0]!.Item).toMatchObject({ revision: { reviewedBy: 'ops@example.com' }, lastReview: { decision: 'reject', by: 'ops@example.com' } });
  });

  it('request changes: back to the vendor as an editable draft with the message, notified as product_changes_requested', async () => {
    const item = pending();
    given(item);
    const { product } = await reviewProduct({ productId: item.productId, decision: 'request_changes', note: '  Show the back of the pack.  ' }, OPS, NOW);
    expect(product.revision).toMatchObject({ state: 'draft', changesRequestedAt: NOW.toISOString(), changesRequestedNote: 'Show the back of the pack.' });
    expect(product.revisionTab).toBe('V-10001#draft');
    expect(product.reviewQueue).toBeUndefined();
    const [, notice, , audit] = reviewWrites()[0]!;
    expect(notice!.Put!.Item).toMatchObject({ type: 'product_changes_requested', params: { productId: item.productId, note: 'Show the back of the pack.' } });
    expect(audit!.Put!.Item).toMatchObject({ action: 'product.changes_requested', after: { state: 'draft', note: 'Show the back of the pack.' } });
  });

  it('refuses a request for changes without a message', async () => {
    await expect(reviewProduct({ productId: 'P-0123456789', decision: 'request_changes', note: '  ' }, OPS, NOW)).rejects.toMatchObject({ statusCode: 400, code: 'invalid_review' });
  });

  it('a decision on a submission already decided says who decided what (409 product_already_reviewed)', async () => {
    const item = pending();
    given(approveRevision(item, 'ana@example.com', '2026-03-02T00:00:00.000Z'));
    await expect(
      reviewProduct({ productId: item.productId, decision: 'reject', reasons: ['x'], submittedAt: item.revision!.submittedAt }, OPS, NOW),
    ).rejects.toMatchObject({ statusCode: 409, code: 'product_already_reviewed', message: `Product ${item.productId} was already approved by ana@example.com at 2026-03-02T00:00:00.000Z.` });
    expect(reviewWrites()).toEqual([]);
  });
});

describe('reviewProduct: what cannot be reviewed', () => {
  it('a product that is not pending, with a clear 409', async () => {
    given(approveRevision(pending(), 'ops', '2026-03-02T00:00:00.000Z'));
    await expect(reviewProduct({ productId: 'P-0123456789', decision: 'approve', reasons: []}, { userId: 'ops', email: 'ops' })).rejects.toMatchObject({
      statusCode: 409,
      code: 'product_not_pending',
      message: 'Product P-0123456789 is not awaiting review (it is published with no changes).',
    });
    expect(puts()).toEqual([]);
  });

  it('an unknown product id, and something that is not a product id', async () => {
    ddb.on(QueryCommand, { IndexName: 'byProductId' }).resolves({ Items: [] });
    await expect(reviewProduct({ productId: 'P-AAAAAAAAAA', decision: 'approve', reasons: []}, { userId: 'ops', email: 'ops' })).rejects.toMatchObject({ statusCode: 404, message: 'There is no product P-AAAAAAAAAA.' });
    await expect(reviewProduct({ productId: 'banana', decision: 'approve', reasons: []}, { userId: 'ops', email: 'ops' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(reviewProduct({ productId: 'P-0123456789', decision: 'approve', reasons: ['why?']}, { userId: 'ops', email: 'ops' })).rejects.toMatchObject({ message: expect.stringMatching(/approval takes no reasons/) });
  });
});

describe('pendingReviews', () => {
  it('reads the review queue oldest first and tells new products from updates', async () => {
    const first = pending('P-000000000A');
    const update = saveRevision(
      approveRevision(pending('P-000000000B'), 'ops', '2026-03-02T00:00:00.000Z'),
      completeContent({ nameEn: 'Oolong Tea 2026', nameZh: '烏龍茶 2026' }),
      true,
      '2026-03-03T00:00:00.000Z',
    );
    ddb.on(QueryCommand, { IndexName: 'byReviewQueue' }).resolves({ Items: [first, update] });
    expect(await pendingReviews(10)).toEqual([
      { productId: 'P-000000000A', vendorId: 'V-10001', sku: '10001-0001', nameEn: 'Oolong Tea', nameZh: '烏龍茶', submittedAt: '2026-03-01T10:00:00.000Z', update: false },
      // An update is listed under the names being reviewed, not the live ones.
      { productId: 'P-000000000B', vendorId: 'V-10001', sku: '10001-0001', nameEn: 'Oolong Tea 2026', nameZh: '烏龍茶 2026', submittedAt: '2026-03-03T00:00:00.000Z', update: true },
    ]);
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({ IndexName: 'byReviewQueue', KeyConditionExpression: 'reviewQueue = :pending', ScanIndexForward: true, Limit: 10 });
  });
});
