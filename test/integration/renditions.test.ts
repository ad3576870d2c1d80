import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import sharp from 'sharp';
import { DeleteObjectCommand, GetObjectTaggingCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { productImageKey, productImageRenditions, productImagesBucket, renditionKey, type RenditionName } from '../../contracts/buckets';
import type { InventoryPage, ProductView } from '../../contracts/listings/model';
import { localTableName } from '../../contracts/tables';
import type { ImageCheckItem } from '../../lambdas/images/model';
import { api } from '../support/auth';
import { formWithImages, listingsVendor, products, type ListingsVendor } from '../lambdas/listings/stack-fixtures';

/**
 * Renditions end to end on the local stack (issue 23): an upload into s3rver is checked by the image
 * check (s3rver's event, as the bucket notification in the cloud), which writes its 320-px and
 * 1,200-px renditions into the renditions bucket; the products API answers signed URLs of them; the
 * local API server plays CloudFront's /renditions/* behaviour (the signature checked with the local
 * stack's key pair), as does the web dev server, which proxies /renditions to it.
 */
let vendor: ListingsVendor;
const clients = async () => ({ s3: (await import('../../lambdas/shared/s3')).s3Client(), dynamo: (await import('../../lambdas/shared/clients')).dynamo });

beforeAll(async () => {
  vendor = await listingsVendor('renditions', 'Rendition Foods');
});

/** A phone-like photo: 1,600 × 1,200, a red square on white, with EXIF. */
const photo = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#FFFFFF' } })
    .composite([{ input: { create: { width: 800, height: 800, channels: 3, background: '#C62828' } }, left: 400, top: 200 }])
    .withMetadata({ exif: { IFD0: { Make: 'PhoneCo' } } })
    .jpeg({ quality: 90 })
    .toBuffer();

async function record(key: string): Promise<ImageCheckItem | undefined> {
  const { dynamo } = await clients();
  return (await dynamo.send(new GetCommand({ TableName: localTableName('imageChecks'), Key: { key }, ConsistentRead: true }))).Item as ImageCheckItem | undefined;
}

/** The check runs after the upload, as in the cloud: wait for its record. */
async function checked(key: string): Promise<ImageCheckItem> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const item = await record(key);
    if (item && item.status !== 'released') return item;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no check of ${key} within 30 s`);
}

async function renditionTag(key: string, name: RenditionName): Promise<string | undefined | 'missing'> {
  const { s3 } = await clients();
  try {
    const out = await s3.send(new GetObjectTaggingCommand({ Bucket: productImageRenditions.localName, Key: renditionKey(key, name) }));
    return out.TagSet?.find((t) => t.Key === 'referenced')?.Value;
  } catch (err) {
    if ((err as Error).name === 'NoSuchKey' || (err as Error).name === 'NotFound') return 'missing';
    throw err;
  }
}

async function exists(bucket: string, key: string): Promise<boolean> {
  const { s3 } = await clients();
  try {
    await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (err) {
    if ((err as Error).name === 'NotFound') return false;
    throw err;
  }
}

async function fetchImage(url: string, base = inject('stack').apiUrl) {
  const res = await fetch(`${base}${url}`);
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), body };
}

async function uploadPhoto(identityId: string): Promise<string> {
  const { s3 } = await clients();
  const key = productImageKey(identityId, randomUUID(), randomUUID(), 'jpg');
  await s3.send(new PutObjectCommand({ Bucket: productImagesBucket.localName, Key: key, Body: await photo(), ContentType: 'image/jpeg' }));
  return key;
}

describe('renditions on the local stack', () => {
  it('an upload gets a 320-px and a 1,200-px WebP, recorded with its check and tagged like the upload', async () => {
    const key = await uploadPhoto(vendor.identityId);
    const check = await checked(key);
    expect(check).toMatchObject({
      status: 'valid',
      renditions: {
        thumbnail: { key: renditionKey(key, 'thumbnail'), contentType: 'image/webp', width: 320, height: 240 },
        display: { key: renditionKey(key, 'display'), contentType: 'image/webp', width: 1200, height: 900 },
      },
    });
    expect(await renditionTag(key, 'thumbnail')).toBe('no');
    expect(await renditionTag(key, 'display')).toBe('no');
  });

  it('the API answers signed URLs of them, which the local /renditions/* behaviour serves as image/webp (directly and through the web dev server)', async () => {
    const form = await formWithImages(vendor, {}, 1);
    const image = await uploadPhoto(vendor.identityId);
    await checked(image);
    const created = await products.create(vendor.token, { ...form, images: [image] }, false);
    expect(created.status).toBe(201);
    const view = created.body as ProductView;
    const shown = view.revision!.images[0]!;
    expect(shown.url).toMatch(/^\/renditions\/.+\/w1200\?Policy=[^&]+&Key-Pair-Id=K[0-9A-F]{13}&Signature=[^&]+$/);
    expect(view.thumbnailUrl).toBe(shown.thumbnailUrl);

    const thumb = await fetchImage(view.thumbnailUrl!);
    expect({ status: thumb.status, type: thumb.type, cache: thumb.cache }).toEqual({ status: 200, type: 'image/webp', cache: productImageRenditions.cacheControl });
    expect(await sharp(thumb.body).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    const display = await fetchImage(shown.url, inject('stack').webUrl);
    expect({ status: display.status, type: display.type }).toEqual({ status: 200, type: 'image/webp' });
    expect(await sharp(display.body).metadata()).toMatchObject({ width: 1200, height: 900 });

    // Taken into a product: the upload and its renditions are kept (referenced=yes).
    expect([await renditionTag(image, 'thumbnail'), await renditionTag(image, 'display')]).toEqual(['yes', 'yes']);

    // The inventory lists it with the same thumbnail.
    const inventory = (await api('/api/inventory', { token: vendor.token })).body as InventoryPage;
    const row = inventory.items.find((r) => r.productId === view.productId)!;
    expect((await fetchImage(row.thumbnailUrl!)).status).toBe(200);
  });

  it('a tampered, unsigned or foreign URL is refused with 403', async () => {
    const form = await formWithImages(vendor, {}, 1);
    const view = (await products.create(vendor.token, form, false)).body as ProductView;
    const url = view.thumbnailUrl!;
    expect((await fetchImage(url)).status).toBe(200);
    expect((await fetchImage(url.replace('/w320?', '/w1200x?'))).status).toBe(403);
    expect((await fetchImage(url.replace(/Signature=[^&]{6}/, 'Signature=AAAAAA'))).status).toBe(403);
    expect((await fetchImage(url.split('?')[0]!)).status).toBe(403);
    // This vendor's signature opens none of another vendor's renditions.
    const other = await listingsVendor('renditions-other', 'Other Foods');
    const foreign = (await products.create(other.token, await formWithImages(other, {}, 1), false)).body as ProductView;
    expect((await fetchImage(foreign.thumbnailUrl!)).status).toBe(200);
    expect((await fetchImage(`${foreign.thumbnailUrl!.split('?')[0]!}?${url.split('?')[1]!}`)).status).toBe(403);
  });

  it('an image no product uses any more goes with its renditions, and its key never takes other bytes', async () => {
    const form = await formWithImages(vendor, {}, 2);
    const [kept, dropped] = form.images as [string, string];
    const view = (await products.create(vendor.token, form, false)).body as ProductView;
    expect(await exists(productImageRenditions.localName, renditionKey(dropped, 'thumbnail'))).toBe(true);
    expect((await products.save(vendor.token, view.productId, { ...form, images: [kept] }, false)).status).toBe(200);
    // Kept for the grace period (issue 24), then deleted by the vendor's sweep.
    expect(await exists(productImageRenditions.localName, renditionKey(dropped, 'thumbnail'))).toBe(true);
    const { sweepDroppedImages, IMAGE_DELETE_GRACE_MS } = await import('../../lambdas/listings/images');
    expect(await sweepDroppedImages({ vendorId: vendor.vendorId, identityId: vendor.identityId }, new Date(Date.now() + IMAGE_DELETE_GRACE_MS + 1_000))).toEqual([dropped]);
    expect(await exists(productImagesBucket.localName, dropped)).toBe(false);
    expect(await exists(productImageRenditions.localName, renditionKey(dropped, 'thumbnail'))).toBe(false);
    expect(await exists(productImageRenditions.localName, renditionKey(dropped, 'display'))).toBe(false);
    expect(await record(dropped)).toMatchObject({ status: 'released' });
    // Other bytes at the released key: an overwrite, deleted; no rendition is made.
    const { s3 } = await clients();
    await s3.send(new PutObjectCommand({ Bucket: productImagesBucket.localName, Key: dropped, Body: await photo() }));
    for (let waited = 0; waited < 30_000 && (await record(dropped))?.status === 'released'; waited += 100) await new Promise((r) => setTimeout(r, 100));
    expect(await record(dropped)).toMatchObject({ status: 'rejected', reason: 'overwritten' });
    expect(await exists(productImageRenditions.localName, renditionKey(dropped, 'thumbnail'))).toBe(false);
  });

  it('npm run images:renditions gives an image checked before renditions existed its renditions, with the tag its upload has', async () => {
    const form = await formWithImages(vendor, {}, 1);
    const view = (await products.create(vendor.token, form, false)).body as ProductView;
    const key = form.images[0]!;
    // As an older check left it: no renditions, none in the record.
    const { s3, dynamo } = await clients();
    for (const name of ['thumbnail', 'display'] as const) await s3.send(new DeleteObjectCommand({ Bucket: productImageRenditions.localName, Key: renditionKey(key, name) }));
    await dynamo.send(new UpdateCommand({ TableName: localTableName('imageChecks'), Key: { key }, UpdateExpression: 'REMOVE renditions' }));
    expect((await fetchImage(view.thumbnailUrl!)).status).toBe(403);

    const { backfillRenditions } = await import('../../lambdas/images/rendition-backfill');
    const report = await backfillRenditions({ dryRun: false });
    expect(report.made).toBeGreaterThanOrEqual(1);
    expect(await checked(key)).toHaveProperty('renditions.thumbnail.key', renditionKey(key, 'thumbnail'));
    expect(await renditionTag(key, 'thumbnail')).toBe('yes');
    expect((await fetchImage(view.thumbnailUrl!)).status).toBe(200);
    // A second run finds nothing of it to do.
    const again: string[] = [];
    await backfillRenditions({ dryRun: false, log: (line) => again.push(line) });
    expect(again.filter((line) => line.endsWith(key))).toEqual([]);
  });
});
