import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { contentTypeOfKey, imageSigner, releaseUnreferencedImages } from '../../../lambdas/listings/images';
import { IDENTITY, imageKeyFor, OTHER_IDENTITY } from './fixtures';

Object.assign(process.env, {
  PRODUCTS_TABLE: 'products-test',
  IMAGE_CHECKS_TABLE: 'image-checks-test',
  PRODUCT_IMAGES_BUCKET: 'images-test',
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

describe('signed image URLs', () => {
  it('are served as the type the extension stands for, whatever Content-Type the upload stored', async () => {
    const sign = imageSigner();
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

  it('anything but the image extensions is opaque bytes, never a type a browser renders', () => {
    expect(contentTypeOfKey('private/x/products/y/z.html')).toBe('application/octet-stream');
    expect(contentTypeOfKey('private/x/products/y/z')).toBe('application/octet-stream');
    expect(contentTypeOfKey('private/x/products/y/z.PNG')).toBe('image/png');
  });
});

describe('releaseUnreferencedImages', () => {
  const owner = { vendorId: 'V-10001', identityId: IDENTITY };

  it('deletes unreferenced keys under the owner’s own identity prefix only', async () => {
    const [mine, stillUsed] = [imageKeyFor(IDENTITY), imageKeyFor(IDENTITY)];
    const others = imageKeyFor(OTHER_IDENTITY);
    ddb.on(QueryCommand).resolves({ Items: [{ live: { content: { images: [stillUsed] } } }] });
    ddb.on(DeleteCommand).resolves({});
    s3.on(DeleteObjectCommand).resolves({});
    const outside = ['private/../../web/index.html', `private/${IDENTITY}/other/${mine.split('/').pop()}`, others];
    expect(await releaseUnreferencedImages(owner, [mine, stillUsed, ...outside, mine])).toEqual([mine]);
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input)).toEqual([{ Bucket: 'images-test', Key: mine }]);
    expect(ddb.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key)).toEqual([{ key: mine }]);
  });

  it('with only keys outside the prefix, or no recorded identity, it reads and deletes nothing', async () => {
    expect(await releaseUnreferencedImages(owner, [imageKeyFor(OTHER_IDENTITY)])).toEqual([]);
    expect(await releaseUnreferencedImages({ vendorId: 'V-10001' }, [imageKeyFor(IDENTITY)])).toEqual([]);
    expect(ddb.calls()).toHaveLength(0);
    expect(s3.calls()).toHaveLength(0);
  });
});
