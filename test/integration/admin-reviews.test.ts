import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { productReviewSchema, reviewDecisionAnswerSchema, reviewQueuePageSchema, type ProductReview } from '../../contracts/admin-reviews';
import type { ProductView } from '../../contracts/listings/model';
import { localTableName } from '../../contracts/tables';
import type * as Review from '../../lambdas/listings/review';
import type * as Clients from '../../lambdas/shared/clients';
import { demoAccounts } from '../../scripts/demo/accounts';
import { createdProduct, formWithImages, listingsVendor, products, type ListingsVendor } from '../lambdas/listings/stack-fixtures';
import { api, idTokenFor, useTestStackEnv } from '../support/auth';

/**
 * The ops console's Product review (issue 13) through the local API server with real tokens, DynamoDB
 * Local and s3rver: the queue, the review page, the three decisions with their audit entries and
 * notifications, and one winner when two reviewers decide the same submission.
 */

let vendor: ListingsVendor;
let admin: string;
let review: typeof Review;
let dynamo: typeof Clients.dynamo;

const OPS_A = { userId: 'sub-reviewer-a', email: 'reviewer.a@example.com' };
const OPS_B = { userId: 'sub-reviewer-b', email: 'reviewer.b@example.com' };

beforeAll(async () => {
  useTestStackEnv();
  vendor = await listingsVendor('reviews.a', 'Review Console Foods');
  admin = await idTokenFor(demoAccounts.admin.email, demoAccounts.admin.password);
  review = await import('../../lambdas/listings/review');
  dynamo = (await import('../../lambdas/shared/clients')).dynamo;
});

const getReview = async (productId: string): Promise<ProductReview> => {
  const res = await api(`/api/admin/reviews/${productId}`, { token: admin });
  expect(res.status).toBe(200);
  return productReviewSchema.parse(res.body);
};
const decide = (productId: string, body: unknown) => api(`/api/admin/reviews/${productId}/decision`, { method: 'POST', token: admin, body: JSON.stringify(body) });

/** The audit entries of a product (byTarget), oldest first. */
async function auditOf(productId: string): Promise<Record<string, unknown>[]> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: localTableName('audit'),
      IndexName: 'byTarget',
      KeyConditionExpression: 'targetKey = :t',
      ExpressionAttributeValues: { ':t': `product#${productId}` },
    }),
  );
  return out.Items ?? [];
}

/** The vendor's inbox items about a product. */
async function noticesOf(vendorId: string, productId: string): Promise<Record<string, unknown>[]> {
  const out = await dynamo.send(
    new QueryCommand({ TableName: localTableName('notifications'), KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': vendorId } }),
  );
  return (out.Items ?? []).filter((i) => (i.params as { productId?: string } | undefined)?.productId === productId);
}

/** A published product with an update waiting for review (a new name and one image fewer). */
async function publishedWithUpdate(): Promise<ProductView> {
  const p = await createdProduct(vendor, true, { nameEn: 'Longan Honey 500 g', description: 'Raw longan honey.' });
  await review.reviewProduct({ productId: p.productId, decision: 'approve' }, OPS_A);
  const values = await formWithImages(vendor, { nameEn: 'Longan Honey 700 g', description: 'Raw longan honey.' });
  const saved = await products.save(vendor.token, p.productId, values, true);
  expect(saved.status).toBe(200);
  return saved.body as ProductView;
}

describe('the review queue', () => {
  it('lists pending products oldest first through cursor pages, with both names, the vendor and new vs update', async () => {
    const fresh = await createdProduct(vendor, true, { nameEn: 'Queue Oolong', nameZh: '排隊烏龍茶' });
    const update = await publishedWithUpdate();
    const seen: { productId: string; submittedAt: string; update: boolean; nameZh: string; vendorName: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await api(`/api/admin/reviews?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: admin });
      expect(res.status).toBe(200);
      const page = reviewQueuePageSchema.parse(res.body);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 500);
    const ids = seen.map((s) => s.productId);
    expect(new Set(ids).size).toBe(ids.length);
    const submitted = seen.map((s) => s.submittedAt);
    expect(submitted).toEqual([...submitted].sort());
    expect(seen.find((s) => s.productId === fresh.productId)).toMatchObject({ update: false, nameZh: '排隊烏龍茶', vendorName: 'Review Console Foods' });
    expect(seen.find((s) => s.productId === update.productId)).toMatchObject({ update: true });
    expect(ids.indexOf(fresh.productId)).toBeLessThan(ids.indexOf(update.productId));
  });

  it('refuses a cursor it did not issue and a bad limit with 400', async () => {
    expect(await api('/api/admin/reviews?cursor=bm90LWEtY3Vyc29y', { token: admin })).toMatchObject({ status: 400, body: { error: 'invalid_cursor' } });
    expect(await api('/api/admin/reviews?limit=0', { token: admin })).toMatchObject({ status: 400, body: { error: 'validation_error' } });
    expect(await api('/api/admin/reviews?sort=new', { token: admin })).toMatchObject({ status: 400, body: { error: 'validation_error' } });
  });
});

describe('the review page', () => {
  it('shows an update beside the live version with the changed fields, every image signed (its display size, and the upload for "open full size") with its check', async () => {
    const p = await publishedWithUpdate();
    const page = await getReview(p.productId);
    expect(page).toMatchObject({ productId: p.productId, vendorId: vendor.vendorId, vendorName: 'Review Console Foods', state: 'pending', update: true });
    const field = (name: string) => page.fields.find((f) => f.field === name)!;
    expect(field('nameEn')).toMatchObject({ submitted: 'Longan Honey 700 g', live: 'Longan Honey 500 g', changed: true });
    expect(field('description')).toMatchObject({ changed: false });
    expect(field('price')).toMatchObject({ kind: 'money', submitted: 1250, changed: false });
    expect(page.images.changed).toBe(true);
    expect(page.nutritionLabel.changed).toBe(true);
    for (const image of [...page.images.submitted, ...page.images.live, page.nutritionLabel.submitted!, page.nutritionLabel.live!]) {
      // The primary-image rules' measurement (issue 15): the fixtures are 4 × 4 white PNGs, no product in them.
      expect(image.check).toEqual({ status: 'valid', reason: null, primary: { problems: ['fill'], aspectRatio: 1, whiteShare: 1, fill: 0, marks: false } });
      // The display size (issue 23): a rendition, relative, served as CloudFront's /renditions/* serves it.
      const res = await fetch(`${inject('stack').apiUrl}${image.url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect([image.width, image.height]).toEqual([4, 4]);
      // The upload itself, for "open full size": a presigned S3 URL, served as its extension's type.
      const original = await fetch(image.originalUrl);
      expect(original.status).toBe(200);
      expect(original.headers.get('content-type')).toBe('image/png');
    }
  });

  it('answers an unknown product with 404', async () => {
    expect(await api('/api/admin/reviews/P-ZZZZZZZZZZ', { token: admin })).toMatchObject({ status: 404, body: { error: 'product_not_found' } });
  });
});

describe('decisions', () => {
  it('reject with two reasons: the vendor sees both in the Rejected tab, one notification, one audit entry naming the admin', async () => {
    const p = await createdProduct(vendor, true);
    const { submittedAt } = await getReview(p.productId);
    const res = await decide(p.productId, { decision: 'reject', submittedAt, reasons: ['image_background', 'The label photo is blurred.'] });
    expect(res.status).toBe(200);
    expect(reviewDecisionAnswerSchema.parse(res.body)).toMatchObject({ productId: p.productId, decision: 'reject', state: 'rejected' });
    const mine = (await products.get(vendor.token, p.productId)).body as ProductView;
    expect(mine.revision).toMatchObject({ state: 'rejected', rejectionReasons: ['image_background', 'The label photo is blurred.'] });
    expect((await noticesOf(vendor.vendorId, p.productId)).map((n) => n.type)).toEqual(['product_rejected']);
    const [entry, ...more] = await auditOf(p.productId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'product.rejected',
      actor: { email: demoAccounts.admin.email },
      vendorId: vendor.vendorId,
      after: { state: 'rejected', reasons: ['image_background', 'The label photo is blurred.'] },
    });
  });

  it('approve of an update: the submitted version goes live, audited as product.approved', async () => {
    const p = await publishedWithUpdate();
    const before = (await auditOf(p.productId)).length;
    const { submittedAt } = await getReview(p.productId);
    expect((await decide(p.productId, { decision: 'approve', submittedAt })).status).toBe(200);
    const mine = (await products.get(vendor.token, p.productId)).body as ProductView;
    expect(mine).toMatchObject({ nameEn: 'Longan Honey 700 g', revision: null });
    const entries = await auditOf(p.productId);
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({ action: 'product.approved', after: { state: 'published' } });
  });

  it('request changes: the product is back in the vendor’s Drafts, editable, with the message; notified; audited', async () => {
    const p = await createdProduct(vendor, true);
    const { submittedAt } = await getReview(p.productId);
    expect(await decide(p.productId, { decision: 'request_changes', submittedAt, note: '  ' })).toMatchObject({ status: 400, body: { error: 'validation_error' } });
    expect((await decide(p.productId, { decision: 'request_changes', submittedAt, note: 'Please add the weight in grams.' })).status).toBe(200);
    const mine = (await products.get(vendor.token, p.productId)).body as ProductView;
    expect(mine).toMatchObject({ editable: true, revision: { state: 'draft', changesRequestedNote: 'Please add the weight in grams.', rejectionReasons: [] } });
    const notices = await noticesOf(vendor.vendorId, p.productId);
    expect(notices.map((n) => [n.type, (n.params as { note?: string }).note])).toEqual([['product_changes_requested', 'Please add the weight in grams.']]);
    expect(await auditOf(p.productId)).toEqual([expect.objectContaining({ action: 'product.changes_requested', reason: 'Please add the weight in grams.' })]);
    // The review page now says who sent it back, and a late decision on that submission is a 409.
    expect((await getReview(p.productId)).lastReview).toMatchObject({ decision: 'request_changes', by: demoAccounts.admin.email });
    expect(await decide(p.productId, { decision: 'approve', submittedAt })).toMatchObject({ status: 409, body: { error: 'product_already_reviewed' } });
  });

  it('a reason without text and an approval with reasons are 400', async () => {
    const p = await createdProduct(vendor, true);
    const { submittedAt } = await getReview(p.productId);
    expect(await decide(p.productId, { decision: 'reject', submittedAt, reasons: [] })).toMatchObject({ status: 400, body: { error: 'validation_error' } });
    expect(await decide(p.productId, { decision: 'approve', submittedAt, reasons: ['x'] })).toMatchObject({ status: 400, body: { error: 'validation_error' } });
    expect(await decide(p.productId, { decision: 'approve' })).toMatchObject({ status: 400, body: { error: 'validation_error' } });
    expect(await auditOf(p.productId)).toEqual([]);
  });
});

describe('one wins', () => {
  it('two reviewers deciding at once (DynamoDB Local): exactly one decision, one notification, one audit entry; the other is told who and what', async () => {
    for (let round = 0; round < 3; round += 1) {
      const p = await createdProduct(vendor, true);
      const submittedAt = p.revision!.submittedAt!;
      const outcomes = await Promise.allSettled([
        review.reviewProduct({ productId: p.productId, decision: 'approve', submittedAt }, OPS_A),
        review.reviewProduct({ productId: p.productId, decision: 'reject', reasons: ['image_background'], submittedAt }, OPS_B),
      ]);
      const won = outcomes.findIndex((o) => o.status === 'fulfilled');
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const lost = outcomes[1 - won] as PromiseRejectedResult;
      const [winner, decided] = won === 0 ? [OPS_A, 'approved'] : [OPS_B, 'rejected'];
      expect(lost.reason).toMatchObject({ statusCode: 409, code: 'product_already_reviewed', message: expect.stringContaining(`already ${decided} by ${winner.email}`) });
      expect(await noticesOf(vendor.vendorId, p.productId)).toHaveLength(1);
      expect((await auditOf(p.productId)).map((e) => (e.actor as { email: string }).email)).toEqual([winner.email]);
    }
  });

  it('through the API: two POSTs at once are one 200 and one 409 product_already_reviewed', async () => {
    const p = await createdProduct(vendor, true);
    const { submittedAt } = await getReview(p.productId);
    const answers = await Promise.all([
      decide(p.productId, { decision: 'approve', submittedAt }),
      decide(p.productId, { decision: 'request_changes', submittedAt, note: 'Use a white background.' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toMatchObject({ error: 'product_already_reviewed', message: expect.stringContaining(demoAccounts.admin.email) });
    expect(await noticesOf(vendor.vendorId, p.productId)).toHaveLength(1);
    expect(await auditOf(p.productId)).toHaveLength(1);
  });
});

describe('npm run listings:review still decides through the same function', () => {
  it('a CLI operator’s decision is audited with the CLI actor', async () => {
    const p = await createdProduct(vendor, true);
    await review.reviewProduct({ productId: p.productId, decision: 'reject', reasons: ['barcode_invalid'] }, { userId: 'cli:tester', email: 'cli:tester' });
    expect(await auditOf(p.productId)).toEqual([expect.objectContaining({ action: 'product.rejected', actor: { userId: 'cli:tester', email: 'cli:tester' } })]);
  });
});

describe('the demo seed (npm start)', () => {
  it('has a new product and an update of a published one in review, and seeding again adds nothing', async () => {
    const { approved } = demoAccounts;
    const token = await idTokenFor(approved.email, approved.password);
    const sub = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    const { seedConsoleReviews } = await import('../../scripts/demo/console-reviews');
    expect(await seedConsoleReviews(approved.vendor.vendorId, sub)).toBe(0);
    const { catalogueRows } = await import('../../lambdas/listings/store');
    const names = (await catalogueRows(approved.vendor.vendorId)).map((r) => r.nameEn);
    expect(names.filter((n) => n === 'Pineapple Vinegar Drink' || n === 'Ginger Brown Sugar Tea Cubes').sort()).toEqual(['Ginger Brown Sugar Tea Cubes', 'Pineapple Vinegar Drink']);
  });
});
