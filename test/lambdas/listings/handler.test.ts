import { generateKeyPairSync } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { PutObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { handler } from '../../../lambdas/listings/handler';
import { encodeCursor } from '../../../lambdas/listings/cursor';
import type { InventoryPage, ProductPage, ProductView } from '../../../contracts/listings/model';
import { approveRevision, changeOffer, newProduct, type ProductItem } from '../../../lambdas/listings/product-states';
import { apiEvent, context, idClaims } from '../events';
import { completeForm, completeContent, IDENTITY, imageKeyFor, OTHER_IDENTITY } from './fixtures';
import { renditionKey } from '../../../contracts/buckets';
import { fromCloudFrontBase64 } from '../../../scripts/local/image-urls';

Object.assign(process.env, {
  VENDORS_TABLE: 'vendors-test',
  PRODUCTS_TABLE: 'products-test',
  IMAGE_CHECKS_TABLE: 'image-checks-test',
  COUNTERS_TABLE: 'counters-test',
  ACTIVITY_TABLE: 'activity-test',
  NOTIFICATIONS_TABLE: 'notifications-test',
  PRODUCT_IMAGES_BUCKET: 'images-test',
  RENDITIONS_BUCKET: 'renditions-test',
  // Signed rendition URLs (issue 23): a key pair of the test's own.
  IMAGE_URL_KEY_PAIR_ID: 'KTESTKEYPAIR01',
  IMAGE_URL_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});
delete process.env.IDENTITY_POOL_ID;
delete process.env.AWS_ENDPOINT_URL_S3;

const SUB = '0b6c7f1e-2d3a-4c5b-8e9f-a1b2c3d4e5f6';
const ddb = mockClient(DynamoDBDocumentClient);
/** Accepted images are tagged `referenced=yes` (lambdas/listings/images.ts). */
const s3 = mockClient(S3Client);
const vendor = { userId: SUB, email: 'vendor@example.com', status: 'approved', vendorId: 'V-10001', vendorName: 'Golden Harvest Foods', language: 'en' };

async function call(method: string, resource: string, opts: { body?: unknown; query?: Record<string, string>; productId?: string } = {}) {
  const event = apiEvent(method, resource, {
    claims: idClaims({ sub: SUB }),
    ...(opts.body === undefined ? {} : { body: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body) }),
    ...(opts.query ? { query: opts.query } : {}),
  });
  if (opts.productId !== undefined) event.pathParameters = { productId: opts.productId };
  const res = await handler(event, context);
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Record<string, unknown>) : null };
}

/** Image checks recorded as valid for `keys` (the rest: none recorded). */
function checked(keys: string[], status = 'valid') {
  ddb.on(BatchGetCommand).resolves({ Responses: { 'image-checks-test': keys.map((key) => ({ key, status })) } });
}
const stored = (submit: boolean, productId = 'P-0123456789') =>
  newProduct({ vendorId: 'V-10001', productId, sku: '10001-0001', identityId: IDENTITY, content: completeContent(), submit, now: '2026-03-01T10:00:00.000Z' });
const writes = () => [...ddb.commandCalls(PutCommand), ...ddb.commandCalls(TransactWriteCommand)];
/** The product's write of the n-th write call: a Put of its own, or the first item of a transaction (with its activity entries, issue 14). */
const productWrite = (n = 0) => {
  const calls = [...ddb.commandCalls(PutCommand).map((c) => c.args[0].input), ...ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems![0]!.Put!)];
  return calls[n]!;
};

beforeEach(() => {
  ddb.reset();
  // The vendor's default low-stock level (issue 15): none set, the constant applies.
  ddb.on(GetCommand, { TableName: 'counters-test' }).resolves({});
  s3.reset();
  s3.on(PutObjectTaggingCommand).resolves({});
  ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: vendor });
});

describe('POST /api/products', () => {
  it('creates a draft with the next SKU and answers 201 with signed URLs of the images\' renditions', async () => {
    const form = completeForm();
    checked([...form.images, form.nutritionLabel]);
    ddb.on(GetCommand, { TableName: 'counters-test' }).resolves({ Item: { name: 'sku#V-10001', value: 6, products: 6 } });
    ddb.on(UpdateCommand, { TableName: 'counters-test' }).resolves({ Attributes: { value: 7 } });
    ddb.on(TransactWriteCommand).resolves({});
    const res = await call('POST', '/api/products', { body: { values: form, submit: false } });
    expect(res.status).toBe(201);
    const view = res.body as unknown as ProductView;
    expect(view).toMatchObject({ productId: expect.stringMatching(/^P-[0-9A-F]{10}$/), sku: '10001-0007', editable: true, live: null, revision: { state: 'draft', rejectionReasons: [] } });
    expect(view.offer).toMatchObject({ priceCents: 1250, compareAtCents: 1500, inventory: 0, outOfStock: false });
    // Relative URLs of the renditions (issue 23), signed for CloudFront: the display size and the thumbnail.
    const image = view.revision!.images[0]!;
    const url = new URL(image.url, 'https://portal.example.com');
    expect(decodeURIComponent(url.pathname)).toBe(`/${renditionKey(form.images[0]!, 'display')}`);
    expect(decodeURIComponent(new URL(image.thumbnailUrl!, 'https://portal.example.com').pathname)).toBe(`/${renditionKey(form.images[0]!, 'thumbnail')}`);
    expect(url.searchParams.get('Key-Pair-Id')).toBe('KTESTKEYPAIR01');
    // Valid an hour past the end of its 15-minute window.
    const policy = JSON.parse(fromCloudFrontBase64(url.searchParams.get('Policy')!).toString()) as { Statement: [{ Condition: { DateLessThan: { 'AWS:EpochTime': number } } }] };
    const expiresIn = policy.Statement[0].Condition.DateLessThan['AWS:EpochTime'] - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(3600);
    expect(expiresIn).toBeLessThanOrEqual(4500);
    expect(view.thumbnailUrl).toBe(image.thumbnailUrl);
    const [transaction] = ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);
    // Counted (the inventory's total), with no cap on the count any more (issue 15).
    expect(transaction![0]!.Update).toMatchObject({ TableName: 'counters-test', Key: { name: 'sku#V-10001' }, ExpressionAttributeValues: { ':one': 1 } });
    expect(transaction![0]!.Update!.ConditionExpression).toBeUndefined();
    expect(transaction![1]!.Put).toMatchObject({ TableName: 'products-test', ConditionExpression: 'attribute_not_exists(productId)', Item: { vendorId: 'V-10001', sku: '10001-0007', revisionTab: 'V-10001#draft' } });
    // The images and their renditions are tagged referenced=yes (kept).
    const keys = [...form.images, form.nutritionLabel];
    expect(s3.commandCalls(PutObjectTaggingCommand).map((c) => c.args[0].input.Key).sort()).toEqual(
      [...keys, ...keys.flatMap((k) => [renditionKey(k, 'thumbnail'), renditionKey(k, 'display')])].sort(),
    );
  });

  it('answers 400 with the field errors the form shows, and writes nothing', async () => {
    const res = await call('POST', '/api/products', { body: { values: completeForm({ price: '1,200', barcode: '4006381333932', nameEn: '' }), submit: false } });
    expect(res).toEqual({
      status: 400,
      body: {
        error: 'validation_error',
        message: 'Check these fields: nameEn, barcode, price.',
        fields: { nameEn: 'listing_error_name_en_required', barcode: 'listing_error_barcode', price: 'listing_error_price_format' },
      },
    });
    expect(writes()).toEqual([]);
    expect(ddb.commandCalls(UpdateCommand)).toEqual([]);
  });

  it('refuses a name with a line break, a NUL or another control character: the exact 400, nothing written (issue 24, item 4)', async () => {
    for (const [field, name] of [['nameEn', 'Oolong Tea\r\nBcc: all@example.com'], ['nameZh', '烏龍茶\u0000'], ['nameEn', 'Tea\u0085'], ['nameZh', '茶\u001b[31m']] as const) {
      const res = await call('POST', '/api/products', { body: { values: completeForm({ [field]: name }), submit: false } });
      expect(res).toEqual({ status: 400, body: { error: 'validation_error', message: `Check this field: ${field}.`, fields: { [field]: 'error_control_characters' } } });
    }
    expect(writes()).toEqual([]);
  });

  it('a submission must be complete; a draft need not be', async () => {
    const res = await call('POST', '/api/products', { body: { values: completeForm({ nameZh: '', images: [], nutritionLabel: '' }), submit: true } });
    expect(res.body).toMatchObject({
      error: 'validation_error',
      fields: { nameZh: 'listing_error_required_for_review', images: 'listing_error_image_required', nutritionLabel: 'listing_error_nutrition_label_required' },
    });
  });

  it('wrong types get a generic key, never a 500', async () => {
    for (const values of [{ ...completeForm(), nameEn: 42, allergens: 'milk' }, 'a string', null]) {
      const res = await call('POST', '/api/products', { body: { values, submit: false } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'validation_error' });
    }
    expect((await call('POST', '/api/products', { body: { values: { ...completeForm(), nameEn: 42 }, submit: false } })).body).toMatchObject({ fields: { nameEn: 'listing_error_invalid' } });
    expect((await call('POST', '/api/products', { body: { values: completeForm(), submit: 'yes' } })).status).toBe(400);
    expect((await call('POST', '/api/products', { body: '{not json' })).body).toMatchObject({ error: 'invalid_json' });
    expect(writes()).toEqual([]);
  });

  it('refuses images under another identity without even looking them up, and unchecked or rejected ones', async () => {
    // Not the caller's upload: a key error, whatever a check may have recorded for it.
    const foreign = completeForm({ images: [imageKeyFor(OTHER_IDENTITY)] });
    checked([...foreign.images, foreign.nutritionLabel]);
    expect((await call('POST', '/api/products', { body: { values: foreign, submit: false } })).body).toMatchObject({ fields: { images: 'listing_error_image_key' } });
    const lookedUp = ddb.commandCalls(BatchGetCommand).flatMap((c) => Object.values(c.args[0].input.RequestItems!).flatMap((r) => r.Keys!.map((k) => k.key as string)));
    expect(lookedUp).not.toContain(foreign.images[0]);
    // A foreign key next to a rejected own one: the key error is the one to fix.
    checked([...foreign.images, foreign.nutritionLabel], 'rejected');
    expect((await call('POST', '/api/products', { body: { values: { ...foreign, images: [completeForm().images[0]!, ...foreign.images] }, submit: false } })).body).toMatchObject({
      fields: { images: 'listing_error_image_key', nutritionLabel: 'listing_error_image_rejected' },
    });

    // The caller's own key with no check recorded yet is "still being checked".
    const form = completeForm();
    checked([form.images[0]!, form.nutritionLabel]);
    expect((await call('POST', '/api/products', { body: { values: form, submit: false } })).body).toMatchObject({ fields: { images: 'listing_error_image_not_checked' } });
    checked([...form.images, form.nutritionLabel], 'rejected');
    expect((await call('POST', '/api/products', { body: { values: form, submit: false } })).body).toMatchObject({
      fields: { images: 'listing_error_image_rejected', nutritionLabel: 'listing_error_image_rejected' },
    });
    expect(writes()).toEqual([]);
  });

  it('has no catalogue cap any more (issue 15): a vendor with 5,000 products adds another', async () => {
    checked([]);
    ddb.on(GetCommand, { TableName: 'counters-test' }).resolves({ Item: { name: 'sku#V-10001', value: 5003, products: 5000 } });
    ddb.on(UpdateCommand, { TableName: 'counters-test' }).resolves({ Attributes: { value: 5004 } });
    ddb.on(TransactWriteCommand).resolves({});
    const res = await call('POST', '/api/products', { body: { values: completeForm({ images: [], nutritionLabel: '' }), submit: false } });
    expect(res).toMatchObject({ status: 201, body: { sku: '10001-5004' } });
  });
});

describe('one product', () => {
  it('another vendor’s product, a missing one and a non-id are the same 404', async () => {
    ddb.on(GetCommand, { TableName: 'products-test' }).resolves({});
    for (const productId of ['P-ABCDEF0123', 'P-abc', '../../etc']) {
      expect(await call('GET', '/api/products/{productId}', { productId })).toEqual({ status: 404, body: { error: 'product_not_found', message: 'There is no such product.' } });
    }
    // Only the well-formed id was looked up, and only in the caller's partition.
    expect(ddb.commandCalls(GetCommand, { TableName: 'products-test' }).map((c) => c.args[0].input.Key)).toEqual([{ vendorId: 'V-10001', productId: 'P-ABCDEF0123' }]);
    expect((await call('PATCH', '/api/products/{productId}/offer', { productId: 'P-ABCDEF0123', body: { price: '$12' } })).status).toBe(404);
    expect((await call('DELETE', '/api/products/{productId}', { productId: 'P-ABCDEF0123' })).status).toBe(404);
    expect((await call('POST', '/api/products/{productId}/submit', { productId: 'P-ABCDEF0123' })).status).toBe(404);
    expect(writes()).toEqual([]);
  });

  it('GET shows what the image check measured on the primary image, and on no other (issue 15)', async () => {
    const item = stored(false);
    const [first, second] = item.revision!.content.images;
    ddb.on(GetCommand, { TableName: 'products-test' }).resolves({ Item: item });
    const primary = { problems: ['fill'], aspectRatio: 1, whiteShare: 0.98, fill: 0.7 };
    ddb.on(BatchGetCommand).resolves({ Responses: { 'image-checks-test': [{ key: first, status: 'valid', primary }, { key: second, status: 'valid', primary }] } });
    const res = await call('GET', '/api/products/{productId}', { productId: 'P-0123456789' });
    const images = (res.body as unknown as ProductView).revision!.images;
    expect(images[0]).toEqual({ key: first, url: expect.any(String), thumbnailUrl: expect.any(String), primary });
    expect(images[1]).toEqual({ key: second, url: expect.any(String), thumbnailUrl: expect.any(String) });
    // Only the primary images were looked up.
    expect(ddb.commandCalls(BatchGetCommand).flatMap((c) => Object.values(c.args[0].input.RequestItems!).flatMap((r) => r.Keys!.map((k) => k.key as string)))).toEqual([first]);
  });

  it('PUT while under review is a 409 with the message the UI shows, and looks at no image', async () => {
    ddb.on(GetCommand, { TableName: 'products-test' }).resolves({ Item: stored(true) });
    const res = await call('PUT', '/api/products/{productId}', { productId: 'P-0123456789', body: { values: completeForm(), submit: false } });
    expect(res).toEqual({ status: 409, body: { error: 'product_under_review', message: 'This product is under review and cannot be edited until the review is finished.' } });
    expect(ddb.commandCalls(BatchGetCommand)).toEqual([]);
    expect(writes()).toEqual([]);
  });

  it('PUT of a published product ignores the form’s prices: the offer and the live version are written unchanged', async () => {
    const live = changeOffer(approveRevision(stored(true), 'ops', '2026-03-02T10:00:00.000Z'), { price: 1800, compareAtPrice: undefined, inventory: 40, outOfStock: false }, '2026-03-03T10:00:00.000Z');
    ddb.on(GetCommand, { TableName: 'products-test' }).resolves({ Item: live });
    const content = live.live!.content;
    checked([...content.images, content.nutritionLabel]);
    ddb.on(PutCommand).resolves({});
    const form = completeForm({ nameEn: 'Oolong Tea 2026', price: '3', compareAtPrice: '4', images: content.images, nutritionLabel: content.nutritionLabel });
    const res = await call('PUT', '/api/products/{productId}', { productId: live.productId, body: { values: form, submit: false } });
    expect(res.status).toBe(200);
    // A new draft beside the live version: the Drafts tab's count moves in the same transaction (issue 15).
    const [put, counter] = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(counter!.Update).toMatchObject({ TableName: 'counters-test', Key: { name: 'sku#V-10001' }, UpdateExpression: 'ADD #tabDraft :tabDraft', ExpressionAttributeValues: { ':tabDraft': 1 } });
    const written = put!.Put!.Item as ProductItem;
    expect(written).toMatchObject({ priceCents: 1800, inventory: 40, offerUpdatedAt: '2026-03-03T10:00:00.000Z', nameEn: 'Oolong Tea', revision: { state: 'draft', content: { nameEn: 'Oolong Tea 2026', price: 1800 } } });
    expect(written.compareAtCents).toBeUndefined();
    expect(written.revision!.content.compareAtPrice).toBeUndefined();
    expect(written.live).toEqual(live.live);
    expect((res.body as unknown as ProductView).offer).toMatchObject({ priceCents: 1800, compareAtCents: null });
  });

  it('PUT that adds and drops images claims them in the product write’s transaction; an image deleted meanwhile is a 400, nothing written', async () => {
    const draft = stored(false);
    const [kept, dropped] = draft.revision!.content.images;
    const added = imageKeyFor(IDENTITY);
    const label = draft.revision!.content.nutritionLabel;
    ddb.on(GetCommand, { TableName: 'products-test' }).resolves({ Item: draft });
    checked([kept!, added, label]);
    ddb.on(TransactWriteCommand).resolves({});
    const form = completeForm({ images: [kept!, added], nutritionLabel: label });
    expect((await call('PUT', '/api/products/{productId}', { productId: draft.productId, body: { values: form, submit: false } })).status).toBe(200);
    const [items] = ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);
    expect(items![0]!.Put).toMatchObject({ TableName: 'products-test', ExpressionAttributeValues: { ':expected': 1 } });
    expect(items!.slice(1)).toEqual([
      // The added image: its check must still say valid at the moment of the write, and the product claims it.
      { ConditionCheck: { TableName: 'image-checks-test', Key: { key: added }, ConditionExpression: '#status = :valid', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':valid': 'valid' } } },
      { Update: { TableName: 'image-checks-test', Key: { key: `refs#${added}` }, UpdateExpression: 'ADD #products :product', ExpressionAttributeNames: { '#products': 'products' }, ExpressionAttributeValues: { ':product': new Set([draft.productId]) } } },
      { Update: { TableName: 'image-checks-test', Key: { key: `refs#${dropped}` }, UpdateExpression: 'DELETE #products :product', ExpressionAttributeNames: { '#products': 'products' }, ExpressionAttributeValues: { ':product': new Set([draft.productId]) } } },
    ]);

    // The added image's check record went between the check and the write (another product's cleanup).
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }] }),
    );
    const res = await call('PUT', '/api/products/{productId}', { productId: draft.productId, body: { values: form, submit: false } });
    expect(res).toEqual({ status: 400, body: { error: 'validation_error', message: 'Check this field: images.', fields: { images: 'listing_error_image_key' } } });
    // Refused at once, not retried as if the product had changed.
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('submit checks the saved draft is complete for review', async () => {
    const draft = newProduct({ vendorId: 'V-10001', productId: 'P-0123456789', sku: '10001-0001', identityId: IDENTITY, content: { ...completeContent(), description: '' }, submit: false, now: '2026-03-01T10:00:00.000Z' });
    ddb.on(GetCommand, { TableName: 'products-test' }).resolves({ Item: draft });
    const res = await call('POST', '/api/products/{productId}/submit', { productId: 'P-0123456789' });
    expect(res).toMatchObject({ status: 400, body: { error: 'validation_error', fields: { description: 'listing_error_required_for_review' } } });
    expect(writes()).toEqual([]);
  });

  it('PATCH offer: field errors for a bad price; a concurrent write is retried on the fresh item', async () => {
    const item = stored(true);
    ddb.on(GetCommand, { TableName: 'products-test' }).resolves({ Item: item });
    for (const price of ['$12', '1,200', '12.345']) {
      expect((await call('PATCH', '/api/products/{productId}/offer', { productId: item.productId, body: { price, compareAtPrice: '', inventory: 3, outOfStock: false } })).body).toMatchObject({
        fields: { price: 'listing_error_price_format' },
      });
    }
    expect((await call('PATCH', '/api/products/{productId}/offer', { productId: item.productId, body: { price: '12', compareAtPrice: '12', inventory: -1, outOfStock: false } })).body).toMatchObject({
      fields: { inventory: 'listing_error_inventory' },
    });
    expect(writes()).toEqual([]);

    const concurrent: ProductItem = { ...item, version: 2, inventory: 50 };
    ddb.reset();
    // The vendor's default low-stock level (issue 15): none set, the constant applies.
    ddb.on(GetCommand, { TableName: 'counters-test' }).resolves({});
    ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: vendor });
    ddb.on(GetCommand, { TableName: 'products-test' }).resolvesOnce({ Item: item }).resolvesOnce({ Item: item }).resolves({ Item: concurrent });
    // The offer changed, so its write is a transaction with its activity entries (issue 14): the
    // product's version condition first, failing the same way a single put did.
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }] }))
      .resolves({});
    const res = await call('PATCH', '/api/products/{productId}/offer', { productId: item.productId, body: { price: '9.99', compareAtPrice: '', inventory: '8', outOfStock: true } });
    expect(res.status).toBe(200);
    expect((res.body as unknown as ProductView).offer).toMatchObject({ priceCents: 999, compareAtCents: null, inventory: 8, outOfStock: true });
    const transactions = ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);
    expect(transactions.map((items) => items[0]!.Put!.ExpressionAttributeValues)).toEqual([{ ':expected': 1 }, { ':expected': 2 }]);
    // The retry records what it changed of the fresh item (inventory 50 → 8), one entry per field.
    const entries = transactions[1]!.slice(1).map((i) => i.Put!);
    expect(entries.every((e) => e.TableName === 'activity-test' && e.ConditionExpression === 'attribute_not_exists(entryKey)')).toBe(true);
    expect(entries.map((e) => [e.Item!.action, e.Item!.before, e.Item!.after])).toEqual([
      ['product.price_changed', { priceCents: item.priceCents }, { priceCents: 999 }],
      ['product.price_changed', { compareAtCents: item.compareAtCents }, { compareAtCents: null }],
      ['product.stock_changed', { inventory: 50 }, { inventory: 8 }],
      ['product.stock_changed', { outOfStock: false }, { outOfStock: true }],
    ]);
    expect(entries[0]!.Item).toMatchObject({ vendorId: 'V-10001', actor: { userId: SUB }, target: { type: 'product', id: item.productId, label: item.nameEn } });
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    // Still pending: the offer needs no review.
    expect((res.body as unknown as ProductView).revision).toMatchObject({ state: 'pending' });
  });

  it('PATCH offer with the version the editor opened: a product changed since is 409 offer_changed with its current offer, nothing written', async () => {
    const opened = stored(true);
    const now: ProductItem = { ...opened, version: 4, inventory: 17, priceCents: 1100 };
    ddb.on(GetCommand, { TableName: 'products-test' }).resolves({ Item: now });
    const res = await call('PATCH', '/api/products/{productId}/offer', { productId: opened.productId, body: { price: '9.99', compareAtPrice: '', inventory: '8', outOfStock: false, version: 1 } });
    expect(res).toMatchObject({ status: 409, body: { error: 'offer_changed', current: { priceCents: 1100, inventory: 17, version: 4 } } });
    expect(writes()).toEqual([]);
    // The same edit on the current version is made, conditional on it.
    ddb.on(PutCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});
    const ok = await call('PATCH', '/api/products/{productId}/offer', { productId: opened.productId, body: { price: '9.99', compareAtPrice: '', inventory: '8', outOfStock: false, version: 4 } });
    expect(ok.status).toBe(200);
    expect((ok.body as unknown as ProductView).offer).toMatchObject({ inventory: 8, version: 5 });
    expect(productWrite().ExpressionAttributeValues).toEqual({ ':expected': 4 });
  });

  it('PATCH offer: a write that loses to another since the read is offer_changed too (with a version), with the winner’s values', async () => {
    const item = stored(true);
    const winner: ProductItem = { ...item, version: 2, inventory: 99 };
    ddb.on(GetCommand, { TableName: 'products-test' }).resolvesOnce({ Item: item }).resolvesOnce({ Item: item }).resolves({ Item: winner });
    ddb.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'version', $metadata: {} }));
    // A changed offer is one transaction with its activity entries (issue 14): the product's condition fails.
    ddb.on(TransactWriteCommand).rejects(new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }] }));
    const res = await call('PATCH', '/api/products/{productId}/offer', { productId: item.productId, body: { price: '9.99', compareAtPrice: '', inventory: '8', outOfStock: false, version: 1 } });
    expect(res).toMatchObject({ status: 409, body: { error: 'offer_changed', current: { inventory: 99, version: 2 } } });
    expect(writes()).toHaveLength(1);
  });

  it('PATCH offer: out of stock until a day still to come; today or a past day is a field error', async () => {
    const item = stored(true);
    ddb.on(GetCommand, { TableName: 'products-test' }).resolves({ Item: item });
    ddb.on(PutCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});
    const body = (restockOn: string, outOfStock = true) => ({ price: '12.50', compareAtPrice: '', inventory: '24', outOfStock, restockOn });
    for (const day of ['2020-01-01', new Date().toISOString().slice(0, 10).replace(/^\d{4}/, (y) => String(Number(y) - 1))]) {
      expect((await call('PATCH', '/api/products/{productId}/offer', { productId: item.productId, body: body(day) })).body).toMatchObject({ fields: { restockOn: 'listing_error_restock_past' } });
    }
    expect((await call('PATCH', '/api/products/{productId}/offer', { productId: item.productId, body: body('2099-02-30') })).body).toMatchObject({ fields: { restockOn: 'listing_error_restock_date' } });
    expect((await call('PATCH', '/api/products/{productId}/offer', { productId: item.productId, body: body('2099-03-01', false) })).body).toMatchObject({
      fields: { restockOn: 'listing_error_restock_needs_out_of_stock' },
    });
    expect(writes()).toEqual([]);
    const res = await call('PATCH', '/api/products/{productId}/offer', { productId: item.productId, body: body('2099-03-01') });
    expect((res.body as unknown as ProductView).offer).toMatchObject({ outOfStock: true, inventory: 24, restockOn: '2099-03-01' });
    expect(productWrite().Item).toMatchObject({ restockOn: '2099-03-01', restockQueue: 'restock', restockSort: `2099-03-01#V-10001#${item.productId}` });
  });

  it('PATCH offer: stock falling to its threshold records one stock_low notification in the same transaction; staying low records none', async () => {
    const live = approveRevision(stored(true), 'ops@example.com', '2026-03-02T10:00:00.000Z');
    const stocked: ProductItem = { ...live, inventory: 40 };
    ddb.on(GetCommand, { TableName: 'products-test' }).resolves({ Item: stocked });
    ddb.on(TransactWriteCommand).resolves({});
    const body = (inventory: string, lowStockThreshold = '') => ({ price: '12.50', compareAtPrice: '', inventory, outOfStock: false, lowStockThreshold });
    const res = await call('PATCH', '/api/products/{productId}/offer', { productId: live.productId, body: body('10', '10') });
    expect((res.body as unknown as ProductView).offer).toMatchObject({ inventory: 10, lowStockThreshold: 10, lowStock: true });
    const [items] = ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);
    expect(items![0]!.Put!.Item).toMatchObject({ lowStockVendorId: 'V-10001', lowStockThreshold: 10 });
    expect(items![1]!.Put).toMatchObject({
      TableName: 'notifications-test',
      Item: { vendorId: 'V-10001', type: 'stock_low', category: 'products', params: { productId: live.productId, inventory: 10, threshold: 10 }, link: '/inventory?stock=low' },
    });
    // Already low (default threshold 5): a further change records nothing more.
    ddb.reset();
    // The vendor's default low-stock level (issue 15): none set, the constant applies.
    ddb.on(GetCommand, { TableName: 'counters-test' }).resolves({});
    ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: vendor });
    ddb.on(GetCommand, { TableName: 'products-test' }).resolves({ Item: { ...live, inventory: 3 } });
    ddb.on(PutCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});
    await call('PATCH', '/api/products/{productId}/offer', { productId: live.productId, body: body('2') });
    const tables = ddb.commandCalls(TransactWriteCommand).flatMap((c) => c.args[0].input.TransactItems!.map((i) => (i.Put ?? i.Update)!.TableName));
    expect(tables).not.toContain('notifications-test');
    expect(productWrite().Item).toMatchObject({ inventory: 2, lowStockVendorId: 'V-10001' });
  });
});

describe('GET /api/products', () => {
  const counts = { published: 4, pending: 3, rejected: 0, draft: 1 };
  beforeEach(() => {
    ddb.on(GetCommand, { TableName: 'counters-test' }).resolves({ Item: { name: 'sku#V-10001', tabsCounted: true, tabPublished: 4, tabPending: 3, tabDraft: 1 } });
  });

  it('reads a tab from its sparse index, newest first, one more than the page, with a cursor for the next page', async () => {
    const items = [stored(true, 'P-000000000C'), stored(true, 'P-000000000B'), stored(true, 'P-000000000A')];
    ddb.on(QueryCommand).resolves({ Items: items });
    const res = await call('GET', '/api/products', { query: { tab: 'pending', limit: '2' } });
    const page = res.body as unknown as ProductPage;
    expect(page.items.map((p) => p.productId)).toEqual(['P-000000000C', 'P-000000000B']);
    expect(page.items[0]).toMatchObject({ editable: false, revision: { state: 'pending' } });
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input).toEqual({
      TableName: 'products-test',
      IndexName: 'byVendorRevision',
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': 'revisionTab' },
      ExpressionAttributeValues: { ':pk': 'V-10001#pending' },
      ScanIndexForward: false,
      Limit: 3,
    });

    ddb.resetHistory();
    await call('GET', '/api/products', { query: { tab: 'pending', limit: '2', cursor: page.nextCursor! } });
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input.ExclusiveStartKey).toEqual({
      revisionTab: 'V-10001#pending',
      revisionSort: '2026-03-01T10:00:00.000Z#P-000000000B',
      vendorId: 'V-10001',
      productId: 'P-000000000B',
    });
  });

  it('the Published tab by default; a cursor of another tab or a bad tab is a 400', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    expect((await call('GET', '/api/products')).body).toEqual({ items: [], counts });
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({ IndexName: 'byVendorPublished', ExpressionAttributeValues: { ':pk': 'V-10001' } });
    const cursor = encodeCursor('V-10001', 'products|pending', '2026-03-01T10:00:00.000Z#P-000000000B');
    expect((await call('GET', '/api/products', { query: { tab: 'draft', cursor } })).body).toMatchObject({ error: 'invalid_cursor' });
    expect((await call('GET', '/api/products', { query: { tab: 'archived' } })).body).toMatchObject({ error: 'validation_error' });
    expect((await call('GET', '/api/products', { query: { vendorId: 'V-10002' } })).status).toBe(400);
  });
});

describe('GET /api/inventory', () => {
  const rows = ['Oolong Tea', 'Green Tea', 'Jasmine Rice'].map((nameEn, i) => ({
    productId: `P-00000000${i}A`,
    sku: `10001-000${i + 1}`,
    nameEn,
    nameZh: '',
    priceCents: 100 * (3 - i),
    inventory: i,
    outOfStock: false,
    updatedAt: '2026-03-01T10:00:00.000Z',
    revisionTab: 'V-10001#draft',
    version: 3,
    ...(i === 0 ? { publishedVendorId: 'V-10001', thumbnailKey: imageKeyFor() } : {}),
  }));

  it('reads a page from the column’s index in its order (one more than the page), never the partition, with the count as total', async () => {
    ddb.on(QueryCommand).resolves({ Items: rows.slice(0, 2), LastEvaluatedKey: { vendorId: 'V-10001', productId: rows[1]!.productId, priceCents: 200 } });
    ddb.on(GetCommand, { TableName: 'counters-test' }).resolves({ Item: { name: 'sku#V-10001', value: 20_000, products: 20_000 } });
    const res = await call('GET', '/api/inventory', { query: { sort: 'price', order: 'desc', limit: '1' } });
    const page = res.body as unknown as InventoryPage;
    expect(page).toMatchObject({
      total: 20_000,
      items: [{ nameEn: 'Oolong Tea', status: 'published', priceCents: 300, compareAtCents: null, version: 3, lowStock: true, thumbnailUrl: expect.stringMatching(/^\/renditions\/.+\/w320\?Policy=.+&Signature=/) }],
    });
    const queries = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(queries).toEqual([
      expect.objectContaining({ TableName: 'products-test', IndexName: 'byVendorPrice', ScanIndexForward: false, Limit: 2, ExpressionAttributeValues: { ':vendorId': 'V-10001' } }),
    ]);
    expect(queries[0]!.FilterExpression).toBeUndefined();
    // The next page starts after the last row shown, at its price and id.
    ddb.resetHistory();
    await call('GET', '/api/inventory', { query: { sort: 'price', order: 'desc', limit: '1', cursor: page.nextCursor! } });
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input.ExclusiveStartKey).toEqual({ vendorId: 'V-10001', productId: rows[0]!.productId, priceCents: 300 });
  });

  it('a search filters the index as it reads, page by page, and is not counted', async () => {
    ddb.on(QueryCommand).resolvesOnce({ Items: [rows[0]!], ScannedCount: 2, LastEvaluatedKey: { vendorId: 'V-10001', productId: rows[1]!.productId, nameSort: 'x' } }).resolves({ Items: [rows[1]!], ScannedCount: 1 });
    const res = await call('GET', '/api/inventory', { query: { q: 'ＴＥＡ', limit: '5' } });
    const page = res.body as unknown as InventoryPage;
    expect(page.items.map((r) => r.nameEn)).toEqual(['Oolong Tea', 'Green Tea']);
    expect(page.total).toBeUndefined();
    expect(page.nextCursor).toBeUndefined();
    const queries = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(queries).toHaveLength(2);
    expect(queries[0]).toMatchObject({ IndexName: 'byVendorName', ScanIndexForward: true, FilterExpression: 'contains(#search, :needle)', ExpressionAttributeValues: { ':needle': 'tea' } });
    expect(queries[1]!.ExclusiveStartKey).toEqual({ vendorId: 'V-10001', productId: rows[1]!.productId, nameSort: 'x' });
    // Not counted: no read of the product count (the default low-stock level, issue 15, is read from the same item).
    expect(ddb.commandCalls(GetCommand, { TableName: 'counters-test' }).filter((c) => c.args[0].input.ProjectionExpression !== 'lowStockDefault')).toEqual([]);
  });

  it('the low-stock filter reads only its sparse index', async () => {
    ddb.on(QueryCommand).resolves({ Items: [rows[2]!, rows[1]!] });
    const res = await call('GET', '/api/inventory', { query: { stock: 'low', sort: 'inventory' } });
    const page = res.body as unknown as InventoryPage;
    expect(page).toMatchObject({ total: 2, items: [{ nameEn: 'Green Tea' }, { nameEn: 'Jasmine Rice' }] });
    expect(ddb.commandCalls(QueryCommand).map((c) => c.args[0].input)).toEqual([
      expect.objectContaining({ IndexName: 'byVendorLowStock', KeyConditionExpression: '#low = :vendorId', ExpressionAttributeValues: { ':vendorId': 'V-10001' } }),
    ]);
    expect((await call('GET', '/api/inventory', { query: { stock: 'high' } })).body).toMatchObject({ error: 'validation_error', fields: { stock: expect.any(String) } });
  });
});
