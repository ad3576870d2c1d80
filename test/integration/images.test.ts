import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type * as ImageStore from '../../lambdas/images/store';
import type { ImageCheckItem } from '../../lambdas/images/model';
import { MAX_PRODUCT_IMAGES } from '../../contracts/listings/schema';
import { localIdentityId, productImagesBucket, renditionKey } from '../../contracts/buckets';
import { LOCAL_REGION } from '../../scripts/local/cognito';
import { useTestStackEnv } from '../support/auth';
import { gif, imageKey, jpeg, png, text } from '../lambdas/images/fixtures';

/**
 * The server-side image check against the local stack: objects are put straight into s3rver, as a
 * vendor with S3 credentials could do without the browser; s3rver's event reaches the same handler
 * the bucket notification invokes in the cloud, which deletes what breaks the rules and records
 * every outcome in the imageChecks table (DynamoDB Local).
 */
const BUCKET = productImagesBucket.localName;
let s3: ClientS3.S3Client;
let sdk: typeof ClientS3;
let store: typeof ImageStore;

beforeAll(async () => {
  useTestStackEnv();
  sdk = await import('@aws-sdk/client-s3');
  store = await import('../../lambdas/images/store');
  s3 = (await import('../../lambdas/shared/s3')).s3Client();
});

const put = (key: string, body: Buffer) => s3.send(new sdk.PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body }));

/** The check runs asynchronously after the upload, as in the cloud: wait for its record. */
async function checked(key: string, timeoutMs = 15_000): Promise<ImageCheckItem> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const item = await store.getCheck(key);
    if (item) return item;
    if (Date.now() > deadline) throw new Error(`No image check recorded for ${key} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function exists(key: string): Promise<boolean> {
  try {
    await s3.send(new sdk.HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch (err) {
    if ((err as Error).name === 'NotFound') return false;
    throw err;
  }
}

const md5 = (body: Buffer) => createHash('md5').update(body).digest('hex');
const vendorFolder = () => ({ identity: localIdentityId(LOCAL_REGION, randomUUID()), folder: randomUUID() });

describe('image check on s3rver uploads', () => {
  it('keeps a real PNG and a real JPEG and records them valid with the type read from their bytes', async () => {
    const where = vendorFolder();
    const pngKey = imageKey({ ...where, ext: 'png' });
    const jpegKey = imageKey({ ...where, ext: 'jpg' });
    await Promise.all([put(pngKey, png(8)), put(jpegKey, jpeg())]);
    // Bound to the bytes checked (s3rver's ETag is their MD5), ordered by s3rver's event sequencer.
    const boundTo = (body: Buffer) => ({ checkedAt: expect.any(String), eTag: md5(body), sequencer: expect.stringMatching(/^[0-9A-F]+$/) });
    // And the primary-image rules' measurement (issue 15), decoded with sharp: all-white fixtures, no product in them.
    const measured = { primary: { problems: ['fill'], aspectRatio: 1, whiteShare: 1, fill: 0, marks: false } };
    // And its renditions (issue 23; test/integration/renditions.test.ts): WebP, never enlarged.
    const renditions = (key: string, side: number) => ({
      renditions: Object.fromEntries(
        (['thumbnail', 'display'] as const).map((name) => [name, { key: renditionKey(key, name), contentType: 'image/webp', bytes: expect.any(Number), width: side, height: side }]),
      ),
    });
    expect(await checked(pngKey)).toEqual({ key: pngKey, status: 'valid', contentType: 'image/png', size: png(8).length, ...boundTo(png(8)), ...measured, ...renditions(pngKey, 8) });
    expect(await checked(jpegKey)).toEqual({ key: jpegKey, status: 'valid', contentType: 'image/jpeg', size: jpeg().length, ...boundTo(jpeg()), ...measured, ...renditions(jpegKey, 2) });
    expect(await exists(pngKey)).toBe(true);
    expect(await exists(jpegKey)).toBe(true);
    // Tagged before the valid record: the bucket expires it unless a product takes it (lib/images.ts).
    const tagSet = async (key: string) => (await s3.send(new sdk.GetObjectTaggingCommand({ Bucket: BUCKET, Key: key }))).TagSet;
    expect(await tagSet(pngKey)).toEqual([{ Key: 'referenced', Value: 'no' }]);
    expect(await tagSet(jpegKey)).toEqual([{ Key: 'referenced', Value: 'no' }]);
  });

  it.each([
    ['a text file renamed .png', 'png', () => text(), 'not_an_image'],
    ['a GIF named .jpg', 'jpg', () => gif(), 'type_mismatch'],
    ['a 6 MB PNG', 'png', () => Buffer.concat([png(), Buffer.alloc(6 * 1024 * 1024 - png().length)]), 'too_large'],
  ])('deletes %s from s3rver and records it rejected with the reason', async (_name, ext, body, reason) => {
    const key = imageKey({ ext });
    const bytes = body();
    await put(key, bytes);
    expect(await checked(key)).toEqual({ key, status: 'rejected', reason, size: bytes.length, checkedAt: expect.any(String), eTag: md5(bytes), sequencer: expect.any(String) });
    expect(await exists(key)).toBe(false);
  });

  it('deletes a real image stored outside the product folders (bad_key)', async () => {
    const key = `private/${localIdentityId(LOCAL_REGION, randomUUID())}/${randomUUID()}.png`;
    await put(key, png());
    expect(await checked(key)).toMatchObject({ status: 'rejected', reason: 'bad_key' });
    expect(await exists(key)).toBe(false);
  });

  it(`keeps ${MAX_PRODUCT_IMAGES + 1} of 12 images uploaded at once into one folder and deletes the 12th`, async () => {
    const where = vendorFolder();
    const keys = Array.from({ length: MAX_PRODUCT_IMAGES + 2 }, () => imageKey({ ...where, ext: 'png' }));
    await Promise.all(keys.map((key) => put(key, png())));
    const checks = await Promise.all(keys.map((key) => checked(key)));
    const valid = checks.filter((c) => c.status === 'valid').map((c) => c.key);
    const rejected = checks.filter((c) => c.status === 'rejected');
    expect(valid).toHaveLength(MAX_PRODUCT_IMAGES + 1);
    expect(rejected).toEqual([expect.objectContaining({ status: 'rejected', reason: 'too_many_images' })]);
    const listed = await s3.send(new sdk.ListObjectsV2Command({ Bucket: BUCKET, Prefix: `private/${where.identity}/products/${where.folder}/` }));
    expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual(valid.sort());
  });

  it.each([
    ['another real PNG (a swap after review)', () => png(16)],
    ['a text file', () => text()],
  ])('deletes %s written over a checked image, as overwritten (s3rver enforces no If-None-Match)', async (_name, body) => {
    const key = imageKey({ ext: 'png' });
    await put(key, png());
    expect(await checked(key)).toMatchObject({ status: 'valid' });
    await put(key, body());
    await expect.poll(async () => (await store.getCheck(key))?.status, { timeout: 15_000, interval: 100 }).toBe('rejected');
    expect(await store.getCheck(key)).toMatchObject({ reason: 'overwritten', eTag: md5(png()) });
    await expect.poll(() => exists(key), { timeout: 15_000, interval: 100 }).toBe(false);
  });

  it('keeps the same bytes written again (the key is bound to them, nothing was swapped)', async () => {
    const key = imageKey({ ext: 'png' });
    await put(key, png());
    const first = await checked(key);
    await put(key, png());
    await expect.poll(async () => (await store.getCheck(key))?.sequencer, { timeout: 15_000, interval: 100 }).not.toBe(first.sequencer);
    expect(await store.getCheck(key)).toMatchObject({ status: 'valid', eTag: md5(png()) });
    expect(await exists(key)).toBe(true);
  });
});
