import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DeleteObjectCommand, NoSuchKey, PutObjectTaggingCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { acceptImages, contentTypeOfKey, originalImageSigner, releaseUnreferencedImages } from '../../../lambdas/listings/images';
import { IMAGE_URL_TTL_SECONDS, IMAGE_URL_WINDOW_SECONDS } from '../../../lambdas/shared/image-urls';
import { renditionKey } from '../../../contracts/buckets';
import { completeContent, draftContent, IDENTITY, imageKeyFor, OTHER_IDENTITY } from './fixtures';

Object.assign(process.env, {
  PRODUCTS_TABLE: 'products-test',
  IMAGE_CHECKS_TABLE: 'image-checks-test',
  PRODUCT_IMAGES_BUCKET: 'images-test',
  RENDITIONS_BUCKET: 'renditions-test',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});
delete process.env.AWS_ENDPOINT_URL_S3;
const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

beforeEach(() => {
  ddb.reset();
  s3.reset();
});

describe('signed URLs of original uploads (the review screen\'s "open full size"; everything else shows renditions)', () => {
  it('are served as the type the extension stands for, whatever Content-Type the upload stored', async () => {
    const sign = originalImageSigner();
    for (const [ext, type] of [
      ['jpg', 'image/jpeg'],
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['gif', 'image/gif'],
      ['bmp', 'image/bmp'],
    ]) {
      const url = new URL(await sign(imageKeyFor(IDENTITY, ext)));
      expect({ ext, type: url.searchParams.get('response-content-type') }).toEqual({ ext, type });
      // Query parameters are signed: a URL with another type is refused by S3.
      expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('are the same URL throughout a 15-minute window (the browser caches the image), valid at least an hour from any moment in it', async () => {
    const windowStart = Date.UTC(2026, 10, 24, 10, 0, 0);
    let now = windowStart + 60_000;
    const sign = originalImageSigner(() => now);
    const key = imageKeyFor(IDENTITY, 'png');
    const first = await sign(key);
    now = windowStart + IMAGE_URL_WINDOW_SECONDS * 1000 - 1;
    expect(await originalImageSigner(() => now)(key)).toBe(first);
    const url = new URL(first);
    const signedAt = Date.parse(url.searchParams.get('X-Amz-Date')!.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    expect(signedAt).toBe(windowStart);
    // The last moment of the window still has a full hour.
    expect(signedAt + Number(url.searchParams.get('X-Amz-Expires')) * 1000 - now).toBeGreaterThanOrEqual(IMAGE_URL_TTL_SECONDS * 1000);

    now = windowStart + IMAGE_URL_WINDOW_SECONDS * 1000;
    const next = await sign(key);
    expect(next).not.toBe(first);
    expect(new URL(next).searchParams.get('X-Amz-Date')).toBe('20261124T101500Z');
    expect(await sign(imageKeyFor(IDENTITY, 'jpg'))).not.toBe(next);
  });

  it('anything but the image extensions is opaque bytes, never a type a browser renders', () => {
    expect(contentTypeOfKey('private/x/products/y/z.html')).toBe('application/octet-stream');
    expect(contentTypeOfKey('private/x/products/y/z')).toBe('application/octet-stream');
    expect(contentTypeOfKey('private/x/products/y/z.PNG')).toBe('image/png');
  });
});

describe('acceptImages', () => {
  /** Image checks as recorded: `status` for every key of `keys`. */
  const checked = (keys: string[], status = 'valid') => ddb.on(BatchGetCommand).resolves({ Responses: { 'image-checks-test': keys.map((key) => ({ key, status })) } });
  const tagged = () => s3.commandCalls(PutObjectTaggingCommand).map((c) => c.args[0].input);

  it('tags every accepted image and its two renditions referenced=yes, once per key, so the buckets do not expire them', async () => {
    const content = completeContent();
    const twice = { ...content, images: [...content.images, content.images[0]!] };
    checked([...content.images, content.nutritionLabel!]);
    s3.on(PutObjectTaggingCommand).resolves({});
    await acceptImages(twice, IDENTITY);
    const yes = { TagSet: [{ Key: 'referenced', Value: 'yes' }] };
    const keys = [...content.images, content.nutritionLabel!];
    expect(tagged().sort((a, b) => a.Key!.localeCompare(b.Key!))).toEqual(
      [
        ...keys.map((Key) => ({ Bucket: 'images-test', Key, Tagging: yes })),
        ...keys.flatMap((key) => (['thumbnail', 'display'] as const).map((name) => ({ Bucket: 'renditions-test', Key: renditionKey(key, name), Tagging: yes }))),
      ].sort((a, b) => a.Key.localeCompare(b.Key)),
    );
  });

  it('refuses an image released since (deleted once no product used it): it cannot come back', async () => {
    const content = completeContent();
    ddb.on(BatchGetCommand).resolves({ Responses: { 'image-checks-test': [...content.images.map((key) => ({ key, status: 'released' })), { key: content.nutritionLabel, status: 'valid' }] } });
    await expect(acceptImages(content, IDENTITY)).rejects.toMatchObject({ fields: { images: 'listing_error_image_rejected' } });
    expect(s3.calls()).toHaveLength(0);
  });

  it('tags nothing when any image is refused, and reads nothing without images', async () => {
    const content = completeContent();
    checked([...content.images], 'valid');
    await expect(acceptImages(content, IDENTITY)).rejects.toMatchObject({ fields: { nutritionLabel: 'listing_error_image_not_checked' } });
    await acceptImages(draftContent(), IDENTITY);
    expect(s3.calls()).toHaveLength(0);
  });

  it('an accepted image deleted since its check, or a rendition not made yet (an older image), is not tagged, and the save goes on', async () => {
    const content = completeContent();
    checked([...content.images, content.nutritionLabel!]);
    s3.on(PutObjectTaggingCommand)
      .resolves({})
      .on(PutObjectTaggingCommand, { Key: content.images[0] })
      .rejects(new NoSuchKey({ message: 'gone', $metadata: { httpStatusCode: 404 } }))
      .on(PutObjectTaggingCommand, { Key: renditionKey(content.images[1]!, 'display') })
      .rejects(new S3ServiceException({ name: 'AccessDenied', $fault: 'client', $metadata: { httpStatusCode: 403 }, message: 'denied' }));
    await expect(acceptImages(content, IDENTITY)).resolves.toBeUndefined();
  });

  it('any other S3 failure fails the request (the product is not written)', async () => {
    const content = completeContent();
    checked([...content.images, content.nutritionLabel!]);
    s3.on(PutObjectTaggingCommand).rejects(new Error('SlowDown'));
    await expect(acceptImages(content, IDENTITY)).rejects.toThrow('SlowDown');
  });
});

describe('releaseUnreferencedImages', () => {
  const owner = { vendorId: 'V-10001', identityId: IDENTITY };

  it('deletes unreferenced keys under the owner’s own identity prefix only, with their renditions', async () => {
    const [mine, stillUsed] = [imageKeyFor(IDENTITY), imageKeyFor(IDENTITY)];
    const others = imageKeyFor(OTHER_IDENTITY);
    ddb.on(QueryCommand).resolves({ Items: [{ live: { content: { images: [stillUsed] } } }] });
    ddb.on(TransactWriteCommand).resolves({});
    s3.on(DeleteObjectCommand).resolves({});
    const outside = ['private/../../web/index.html', `private/${IDENTITY}/other/${mine.split('/').pop()}`, others];
    expect(await releaseUnreferencedImages(owner, [mine, stillUsed, ...outside, mine])).toEqual([mine]);
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input)).toEqual([
      { Bucket: 'images-test', Key: mine },
      { Bucket: 'renditions-test', Key: renditionKey(mine, 'thumbnail') },
      { Bucket: 'renditions-test', Key: renditionKey(mine, 'display') },
    ]);
    // The check record becomes a `released` tombstone (it keeps its bound ETag: the key and its rendition
    // keys never show other bytes) and the (empty) claim item goes, in one transaction, only while no
    // product claims the key.
    expect(ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems)).toEqual([
      [
        {
          Delete: {
            TableName: 'image-checks-test',
            Key: { key: `refs#${mine}` },
            ConditionExpression: 'attribute_not_exists(#products)',
            ExpressionAttributeNames: { '#products': 'products' },
          },
        },
        {
          Update: {
            TableName: 'image-checks-test',
            Key: { key: mine },
            UpdateExpression: 'SET #status = :released, releasedAt = :now',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':released': 'released', ':now': expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
          },
        },
      ],
    ]);
  });

  it('keeps a key another product claimed meanwhile (a save that has not shown in the read yet)', async () => {
    const key = imageKeyFor(IDENTITY);
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }] }),
    );
    expect(await releaseUnreferencedImages(owner, [key])).toEqual([]);
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });

  it('retries a transaction conflict, and keeps the key when it goes on conflicting', async () => {
    const key = imageKeyFor(IDENTITY);
    const conflict = () => new TransactionCanceledException({ message: 'conflict', $metadata: {}, CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }] });
    ddb.on(QueryCommand).resolves({ Items: [] });
    s3.on(DeleteObjectCommand).resolves({});
    ddb.on(TransactWriteCommand).rejectsOnce(conflict()).resolves({});
    expect(await releaseUnreferencedImages(owner, [key])).toEqual([key]);
    ddb.on(TransactWriteCommand).rejects(conflict());
    s3.reset();
    expect(await releaseUnreferencedImages(owner, [imageKeyFor(IDENTITY)])).toEqual([]);
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });

  it('with only keys outside the prefix, or no recorded identity, it reads and deletes nothing', async () => {
    expect(await releaseUnreferencedImages(owner, [imageKeyFor(OTHER_IDENTITY)])).toEqual([]);
    expect(await releaseUnreferencedImages({ vendorId: 'V-10001' }, [imageKeyFor(IDENTITY)])).toEqual([]);
    expect(ddb.calls()).toHaveLength(0);
    expect(s3.calls()).toHaveLength(0);
  });
});
