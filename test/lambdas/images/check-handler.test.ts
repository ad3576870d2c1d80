import { createHash, randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  PutObjectCommand,
  PutObjectTaggingCommand,
  S3Client,
  S3ServiceException,
  type PutObjectCommandInput,
  type PutObjectTaggingCommandInput,
} from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand, type PutCommandInput, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { S3Event } from 'aws-lambda';
import sharp from 'sharp';
import { decodeEventKey, handler, sequencerOrder, UPLOAD_FOLDER_SLOTS, uploadFolderOf, type CheckOutcome } from '../../../lambdas/images/check-handler';
import type { ImageCheckItem, UploadFolderItem } from '../../../lambdas/images/model';
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from '../../../contracts/listings/schema';
import { renditionKey, type RenditionName } from '../../../contracts/buckets';
import { context } from '../events';
import { bmp, gif, imageKey, jpeg, png, text } from './fixtures';

const BUCKET = 'product-images-test';
const RENDITIONS = 'renditions-test';
process.env.IMAGE_CHECKS_TABLE = 'image-checks-test';
process.env.PRODUCT_IMAGES_BUCKET = BUCKET;
process.env.RENDITIONS_BUCKET = RENDITIONS;

const s3 = mockClient(S3Client);
const ddb = mockClient(DynamoDBDocumentClient);

/** The bucket and the table as the fakes below keep them. */
let objects: Map<string, Buffer>;
let items: Map<string, Record<string, unknown>>;
/** Each key's `referenced` tag, with the ETag of the object it was put on (a new object has no tags). */
let tags: Map<string, { eTag: string; value: string }>;
/** The renditions bucket as the fake keeps it (issue 23): each object's bytes, type and `referenced` tag. */
let renditions: Map<string, { body: Buffer; contentType: string; cacheControl: string; tag: string | undefined }>;
/** S3 tagging, rendition and check-record writes, in order: `tag <value> <key>`, `rendition <tag> <key>`, `record <status> <key>`. */
let writeLog: string[];

const s3Error = (name: string, status: number) => new S3ServiceException({ name, $fault: 'client', $metadata: { httpStatusCode: status }, message: name });
const conditionFailed = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
/** Lets other checks run between calls: only the single-item update below is atomic, as in DynamoDB. */
const yieldTurn = () => new Promise((resolve) => setImmediate(resolve));
/** As HEAD answers it, in quotes; S3 events carry it without (`plain`). */
const etagOf = (b: Buffer) => `"${createHash('md5').update(b).digest('hex')}"`;
const plain = (eTag: string) => eTag.slice(1, -1);
/** Called once after the next item is read / the next check record written (to change things while a check runs). */
let afterGet: (() => void) | undefined;
let afterPut: (() => void) | undefined;

const ADMIT = 'attribute_not_exists(admitted) OR contains(admitted, :key) OR size(admitted) < :slots';

/** DynamoDB's semantics for the two updates lambdas/images/store.ts sends (asserted, so the fake cannot drift silently). */
function update(input: UpdateCommandInput): Record<string, never> {
  const key = input.Key!.key as string;
  const values = input.ExpressionAttributeValues!;
  const item = items.get(key);
  const admitted = (item?.admitted as Set<string> | undefined) ?? undefined;
  if (input.UpdateExpression!.startsWith('ADD admitted')) {
    expect(input.ConditionExpression).toBe(ADMIT);
    if (admitted && !admitted.has(values[':key'] as string) && admitted.size >= (values[':slots'] as number)) throw conditionFailed();
    items.set(key, { ...item, key, kind: values[':kind'], updatedAt: values[':now'], admitted: new Set([...(admitted ?? []), ...(values[':keys'] as Set<string>)]) });
    return {};
  }
  expect(input.UpdateExpression).toBe('DELETE admitted :keys SET updatedAt = :now');
  expect(input.ConditionExpression).toBe('attribute_exists(#key)');
  if (!item) throw conditionFailed();
  const left = new Set([...(admitted ?? [])].filter((k) => !(values[':keys'] as Set<string>).has(k)));
  const { admitted: _dropped, ...rest } = item;
  // DynamoDB has no empty sets: deleting the last element removes the attribute.
  items.set(key, { ...rest, updatedAt: values[':now'], ...(left.size ? { admitted: left } : {}) });
  return {};
}

const BOUND = '(attribute_not_exists(#eTag) OR #eTag = :eTag)';

/** DynamoDB's semantics for the conditional put of lambdas/images/store.ts recordCheck (asserted, as above). */
function put(input: PutCommandInput): Record<string, never> {
  const item = input.Item!;
  const stored = items.get(item.key as string);
  const values = input.ExpressionAttributeValues!;
  expect(input.ExpressionAttributeNames).toEqual({ '#eTag': 'eTag', '#seq': 'sequencer' });
  const boundOk = stored?.eTag === undefined || stored.eTag === values[':eTag'];
  let orderOk: boolean;
  if (item.sequencer === undefined) {
    expect(input.ConditionExpression).toBe(`${BOUND} AND attribute_not_exists(#seq)`);
    orderOk = stored?.sequencer === undefined;
  } else {
    expect(input.ConditionExpression).toBe(`${BOUND} AND (attribute_not_exists(#seq) OR #seq <= :seq)`);
    orderOk = stored?.sequencer === undefined || (stored.sequencer as string) <= (values[':seq'] as string);
  }
  if (!boundOk || !orderOk) throw conditionFailed();
  items.set(item.key as string, structuredClone(item));
  writeLog.push(`record ${String(item.status)} ${String(item.key)}`);
  return {};
}

beforeEach(() => {
  objects = new Map();
  renditions = new Map();
  items = new Map();
  tags = new Map();
  writeLog = [];
  afterGet = undefined;
  afterPut = undefined;
  s3.reset();
  ddb.reset();
  s3.on(HeadObjectCommand).callsFake(async ({ Key }: { Key: string }) => {
    await yieldTurn();
    const body = objects.get(Key);
    if (!body) throw new NotFound({ message: 'Not Found', $metadata: { httpStatusCode: 404 } });
    return { ContentLength: body.length, ETag: etagOf(body) };
  });
  s3.on(GetObjectCommand).callsFake(async ({ Key, Range, IfMatch }: { Key: string; Range?: string; IfMatch?: string }) => {
    await yieldTurn();
    const body = objects.get(Key);
    if (!body) throw s3Error('NoSuchKey', 404);
    if (IfMatch !== undefined && IfMatch !== etagOf(body)) throw s3Error('PreconditionFailed', 412);
    const [, start, end] = /^bytes=(\d+)-(\d+)$/.exec(Range ?? '') ?? [];
    const bytes = Range ? body.subarray(Number(start), Number(end) + 1) : body;
    return { Body: { transformToByteArray: async () => new Uint8Array(bytes) } };
  });
  s3.on(ListObjectsV2Command).callsFake(async ({ Prefix, MaxKeys }: { Prefix: string; MaxKeys?: number }) => {
    await yieldTurn();
    const keys = [...objects.keys()].filter((k) => k.startsWith(Prefix)).sort().slice(0, MaxKeys ?? 1000);
    return { Contents: keys.map((Key) => ({ Key, Size: objects.get(Key)!.length })), IsTruncated: false };
  });
  s3.on(DeleteObjectCommand).callsFake(async ({ Key, IfMatch }: { Key: string; IfMatch?: string }) => {
    await yieldTurn();
    const body = objects.get(Key);
    // S3's conditional delete: 404 when nothing is there, 412 when another object is.
    if (IfMatch !== undefined && !body) throw s3Error('NoSuchKey', 404);
    if (IfMatch !== undefined && IfMatch !== etagOf(body!)) throw s3Error('PreconditionFailed', 412);
    objects.delete(Key);
    return {};
  });
  s3.on(PutObjectTaggingCommand).callsFake(async ({ Key, Tagging }: PutObjectTaggingCommandInput) => {
    await yieldTurn();
    const body = objects.get(Key!);
    if (!body) throw s3Error('NoSuchKey', 404);
    // PutObjectTagging replaces the whole tag set: the check writes exactly its one tag.
    expect(Tagging).toEqual({ TagSet: [{ Key: 'referenced', Value: 'no' }] });
    tags.set(Key!, { eTag: etagOf(body), value: Tagging!.TagSet![0]!.Value! });
    writeLog.push(`tag ${Tagging!.TagSet![0]!.Value!} ${Key!}`);
    return {};
  });
  // S3's conditional write: If-None-Match: * refuses (412) a key that holds an object.
  s3.on(PutObjectCommand).callsFake(async (input: PutObjectCommandInput) => {
    await yieldTurn();
    expect(input).toMatchObject({ Bucket: RENDITIONS, IfNoneMatch: '*', CacheControl: 'public, max-age=31536000, immutable' });
    if (renditions.has(input.Key!)) throw s3Error('PreconditionFailed', 412);
    const tag = input.Tagging === undefined ? undefined : new URLSearchParams(input.Tagging).get('referenced')!;
    renditions.set(input.Key!, { body: Buffer.from(input.Body as Uint8Array), contentType: input.ContentType!, cacheControl: input.CacheControl!, tag });
    writeLog.push(`rendition ${tag ?? 'untagged'} ${input.Key!}`);
    return {};
  });
  s3.on(GetObjectTaggingCommand).callsFake(async ({ Key }: { Key: string }) => {
    await yieldTurn();
    if (!objects.has(Key)) throw s3Error('NoSuchKey', 404);
    const value = tagOf(Key);
    return { TagSet: value ? [{ Key: 'referenced', Value: value }] : [] };
  });
  ddb.on(PutCommand).callsFake(async (input: PutCommandInput) => {
    await yieldTurn();
    const out = put(input);
    const hook = afterPut;
    afterPut = undefined;
    hook?.();
    return out;
  });
  ddb.on(GetCommand).callsFake(async ({ Key }: { Key: { key: string } }) => {
    await yieldTurn();
    const out = { Item: structuredClone(items.get(Key.key)) };
    const hook = afterGet;
    afterGet = undefined;
    hook?.();
    return out;
  });
  ddb.on(UpdateCommand).callsFake(async (input: UpdateCommandInput) => {
    await yieldTurn();
    return update(input);
  });
});

let sequence = 0;
/** The sequencer of S3's next event: 18 hex digits that grow with every event. */
const nextSequencer = () => (sequence += 1).toString(16).toUpperCase().padStart(18, '0');

/**
 * S3's event for the objects as stored now: keys URL-encoded ('+' for spaces), the ETag without
 * quotes, a new sequencer per record. Run the same event twice for a redelivery.
 */
const created = (...keys: string[]): S3Event =>
  ({
    Records: keys.map((key) => ({
      eventVersion: '2.1',
      eventSource: 'aws:s3',
      awsRegion: 'us-east-1',
      eventTime: '2026-03-08T07:30:00.000Z',
      eventName: 'ObjectCreated:Put',
      s3: {
        s3SchemaVersion: '1.0',
        configurationId: 'check',
        bucket: { name: BUCKET, arn: `arn:aws:s3:::${BUCKET}` },
        object: {
          key: encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+'),
          ...(objects.has(key) ? { size: objects.get(key)!.length, eTag: plain(etagOf(objects.get(key)!)) } : {}),
          sequencer: nextSequencer(),
        },
      },
    })),
  }) as unknown as S3Event;
const sequencerOf = (event: S3Event, i = 0) => sequencerOrder(event.Records[i]!.s3.object.sequencer);

const run = (event: unknown) => handler(event as S3Event, context) as Promise<CheckOutcome[]>;
const upload = async (key: string, body: Buffer) => {
  objects.set(key, body);
  const [outcome] = await run(created(key));
  return outcome!;
};
const check = (key: string) => items.get(key) as ImageCheckItem | undefined;
/** The `referenced` tag of the object stored at `key` now (undefined: none). */
const tagOf = (key: string) => {
  const tag = tags.get(key);
  return tag && objects.has(key) && tag.eTag === etagOf(objects.get(key)!) ? tag.value : undefined;
};
/** What the products API does when it accepts the key into a product (lambdas/listings/images.ts). */
const acceptedByApi = (key: string) => tags.set(key, { eTag: etagOf(objects.get(key)!), value: 'yes' });
const folderItem = (key: string) => items.get(uploadFolderOf(key)) as UploadFolderItem | undefined;

describe('image check: the rules', () => {
  it.each([
    ['PNG', 'png', png(), 'image/png'],
    ['JPEG as .jpg', 'jpg', jpeg(), 'image/jpeg'],
    ['JPEG as .jpeg', 'jpeg', jpeg(), 'image/jpeg'],
    ['GIF', 'gif', gif(), 'image/gif'],
    ['BMP', 'bmp', bmp(), 'image/bmp'],
  ])('a real %s is kept and recorded valid with the type from its bytes', async (_name, ext, body, contentType) => {
    const key = imageKey({ ext });
    await expect(upload(key, body)).resolves.toEqual({ key, outcome: 'valid', contentType, size: body.length });
    expect(objects.has(key)).toBe(true);
    // The primary-image rules' advice (issue 15): a tiny white image shows no product; sharp reads no BMP.
    const primary = contentType === 'image/bmp' ? {} : { primary: { problems: ['fill'], aspectRatio: 1, whiteShare: 1, fill: 0, marks: false } };
    // Its renditions (issue 23): WebP, or a BMP's own bytes (sharp reads none).
    const side = contentType === 'image/gif' || contentType === 'image/bmp' ? 1 : 2;
    const type = contentType === 'image/bmp' ? 'image/bmp' : 'image/webp';
    const rendition = (name: RenditionName) => ({ key: renditionKey(key, name), contentType: type, bytes: renditions.get(renditionKey(key, name))!.body.length, width: side, height: side });
    expect(check(key)).toEqual({
      key,
      status: 'valid',
      contentType,
      size: body.length,
      checkedAt: expect.any(String),
      eTag: plain(etagOf(body)),
      sequencer: expect.any(String),
      ...primary,
      renditions: { thumbnail: rendition('thumbnail'), display: rendition('display') },
    });
    expect([...renditions.keys()].sort()).toEqual([renditionKey(key, 'display'), renditionKey(key, 'thumbnail')]);
    expect(s3.commandCalls(GetObjectCommand)[0]!.args[0].input).toMatchObject({ Range: 'bytes=0-15', IfMatch: etagOf(body) });
  });

  it('records what the primary-image rules measured, as advice: the image is kept whatever they find', async () => {
    const key = imageKey({ ext: 'jpg' });
    const body = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#DCDCDC' } })
      .composite([{ input: { create: { width: 300, height: 300, channels: 3, background: '#C62828' } }, left: 300, top: 150 }])
      .jpeg({ quality: 80 })
      .toBuffer();
    await expect(upload(key, body)).resolves.toMatchObject({ outcome: 'valid' });
    expect(objects.has(key)).toBe(true);
    expect(check(key)).toMatchObject({ status: 'valid', primary: { problems: ['square', 'white_background', 'fill'], aspectRatio: 1.5, whiteShare: 0, fill: expect.closeTo(0.5, 2) } });
    // The whole file is read only once its first bytes passed, with the same ETag condition.
    expect(s3.commandCalls(GetObjectCommand).map((c) => c.args[0].input)).toEqual([expect.objectContaining({ Range: 'bytes=0-15' }), { Bucket: BUCKET, Key: key, IfMatch: etagOf(body) }]);
  });

  it('a file whose bytes start like a JPEG but do not decode is kept valid, without a measurement', async () => {
    const key = imageKey({ ext: 'jpg' });
    const body = Buffer.concat([jpeg().subarray(0, 40), Buffer.alloc(200, 7)]);
    await expect(upload(key, body)).resolves.toMatchObject({ outcome: 'valid' });
    expect(check(key)).not.toHaveProperty('primary');
  });

  it.each([
    ['a text file renamed .png', 'png', text(), 'not_an_image'],
    ['an empty .jpg', 'jpg', Buffer.alloc(0), 'not_an_image'],
    ['a GIF named .jpg', 'jpg', gif(), 'type_mismatch'],
    ['a PNG named .bmp', 'bmp', png(), 'type_mismatch'],
  ])('%s is deleted and recorded rejected', async (_name, ext, body, reason) => {
    const key = imageKey({ ext });
    await expect(upload(key, body)).resolves.toEqual({ key, outcome: 'rejected', reason, size: body.length });
    expect(objects.has(key)).toBe(false);
    expect(check(key)).toEqual({ key, status: 'rejected', reason, size: body.length, checkedAt: expect.any(String), eTag: plain(etagOf(body)), sequencer: expect.any(String) });
    expect(s3.commandCalls(DeleteObjectCommand)[0]!.args[0].input).toMatchObject({ Key: key, IfMatch: etagOf(body) });
  });

  it('a file over 5 MB is rejected from its stored size, without reading it', async () => {
    const key = imageKey({ ext: 'png' });
    const body = Buffer.concat([png(), Buffer.alloc(MAX_IMAGE_BYTES + 1 - png().length)]);
    await expect(upload(key, body)).resolves.toMatchObject({ outcome: 'rejected', reason: 'too_large', size: MAX_IMAGE_BYTES + 1 });
    expect(objects.has(key)).toBe(false);
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);
  });

  it('exactly 5 MB (5 × 1024 × 1024 bytes) is allowed', async () => {
    const key = imageKey({ ext: 'png' });
    const body = Buffer.concat([png(), Buffer.alloc(MAX_IMAGE_BYTES - png().length)]);
    await expect(upload(key, body)).resolves.toMatchObject({ outcome: 'valid', size: MAX_IMAGE_BYTES });
  });

  it.each([
    ['an image straight in the identity folder', (id: string) => `private/${id}/${randomUUID()}.png`],
    ['an unknown extension', (id: string) => `private/${id}/products/${randomUUID()}/${randomUUID()}.webp`],
    ['an upper-case extension', (id: string) => `private/${id}/products/${randomUUID()}/${randomUUID()}.PNG`],
    ['a file name that is not an id', (id: string) => `private/${id}/products/${randomUUID()}/my photo.png`],
    ['another folder than products', (id: string) => `private/${id}/invoices/${randomUUID()}/${randomUUID()}.png`],
  ])('%s is deleted and recorded rejected as bad_key, even when it is a real image', async (_name, keyFor) => {
    const key = keyFor(`us-east-1:${randomUUID()}`);
    await expect(upload(key, png())).resolves.toMatchObject({ key, outcome: 'rejected', reason: 'bad_key' });
    expect(objects.has(key)).toBe(false);
    expect(check(key)).toMatchObject({ status: 'rejected', reason: 'bad_key' });
  });

  it('never touches an object outside the vendor prefix', async () => {
    const key = `public/${randomUUID()}.png`;
    await expect(upload(key, text())).resolves.toEqual({ key, outcome: 'ignored' });
    expect(objects.has(key)).toBe(true);
    expect(s3.commandCalls(HeadObjectCommand)).toHaveLength(0);
    expect(items.size).toBe(0);
  });
});

describe('image check: count per upload folder', () => {
  const folderOf = () => ({ identity: `us-east-1:${randomUUID()}`, folder: randomUUID() });

  it(`keeps ${MAX_PRODUCT_IMAGES} images plus the nutrition label, and rejects the next one`, async () => {
    const where = folderOf();
    const keys = Array.from({ length: UPLOAD_FOLDER_SLOTS + 1 }, () => imageKey({ ...where, ext: 'png' }));
    const outcomes = [];
    for (const key of keys) outcomes.push(await upload(key, png()));
    expect(outcomes.slice(0, UPLOAD_FOLDER_SLOTS).every((o) => o.outcome === 'valid')).toBe(true);
    expect(outcomes[UPLOAD_FOLDER_SLOTS]).toMatchObject({ outcome: 'rejected', reason: 'too_many_images' });
    expect(objects.has(keys[UPLOAD_FOLDER_SLOTS]!)).toBe(false);
    expect(check(keys[UPLOAD_FOLDER_SLOTS]!)).toMatchObject({ status: 'rejected', reason: 'too_many_images' });
    expect(folderItem(keys[0]!)?.admitted).toEqual(new Set(keys.slice(0, UPLOAD_FOLDER_SLOTS)));
  });

  it('12 uploads checked at the same time: exactly 11 are kept, whatever the interleaving', async () => {
    const where = folderOf();
    const keys = Array.from({ length: UPLOAD_FOLDER_SLOTS + 1 }, () => imageKey({ ...where, ext: 'png' }));
    for (const key of keys) objects.set(key, png());
    const outcomes = (await Promise.all(keys.map((key) => run(created(key))))).flat();
    expect(outcomes.filter((o) => o.outcome === 'valid')).toHaveLength(UPLOAD_FOLDER_SLOTS);
    expect(outcomes.filter((o) => o.outcome === 'rejected' && o.reason === 'too_many_images')).toHaveLength(1);
    const remaining = keys.filter((k) => objects.has(k));
    expect(remaining).toHaveLength(UPLOAD_FOLDER_SLOTS);
    expect(folderItem(keys[0]!)?.admitted).toEqual(new Set(remaining));
    expect(remaining.every((k) => check(k)?.status === 'valid')).toBe(true);
  });

  it('12 uploads arriving while the earlier ones are being checked: exactly 11 are kept', async () => {
    const where = folderOf();
    const keys = Array.from({ length: UPLOAD_FOLDER_SLOTS + 1 }, () => imageKey({ ...where, ext: 'png' }));
    const checks: Promise<CheckOutcome[]>[] = [];
    for (const key of keys) {
      objects.set(key, png());
      checks.push(run(created(key)));
      // The next object lands while this check is between its S3 and DynamoDB calls.
      await yieldTurn();
      await yieldTurn();
    }
    const outcomes = (await Promise.all(checks)).flat();
    expect(outcomes.filter((o) => o.outcome === 'valid')).toHaveLength(UPLOAD_FOLDER_SLOTS);
    expect(keys.filter((k) => objects.has(k))).toHaveLength(UPLOAD_FOLDER_SLOTS);
  });

  it('two uploads racing for the last slot: one wins, the other is deleted', async () => {
    const where = folderOf();
    for (let i = 0; i < UPLOAD_FOLDER_SLOTS - 1; i += 1) await upload(imageKey({ ...where, ext: 'jpg' }), jpeg());
    const racing = [imageKey({ ...where, ext: 'png' }), imageKey({ ...where, ext: 'gif' })];
    objects.set(racing[0]!, png());
    objects.set(racing[1]!, gif());
    // Both objects are in the folder before either check runs: each listing would show both.
    const outcomes = (await Promise.all(racing.map((k) => run(created(k))))).flat();
    expect(outcomes.map((o) => (o.outcome === 'rejected' ? o.reason : o.outcome)).sort()).toEqual(['too_many_images', 'valid']);
    expect(racing.filter((k) => objects.has(k))).toHaveLength(1);
    expect(folderItem(racing[0]!)?.admitted.size).toBe(UPLOAD_FOLDER_SLOTS);
  });

  it('frees the slot of an image the vendor removed, so a replacement fits', async () => {
    const where = folderOf();
    const keys = Array.from({ length: UPLOAD_FOLDER_SLOTS }, () => imageKey({ ...where, ext: 'png' }));
    for (const key of keys) await upload(key, png());
    objects.delete(keys[3]!); // removed in the image manager (the vendor may delete under their prefix)
    const replacement = imageKey({ ...where, ext: 'jpg' });
    await expect(upload(replacement, jpeg())).resolves.toMatchObject({ outcome: 'valid' });
    expect(folderItem(replacement)?.admitted).toEqual(new Set([...keys.filter((_, i) => i !== 3), replacement]));
  });

  it('other rejections do not use a slot', async () => {
    const where = folderOf();
    for (let i = 0; i < UPLOAD_FOLDER_SLOTS; i += 1) await upload(imageKey({ ...where, ext: 'png' }), i % 2 ? text() : png());
    expect(folderItem(imageKey({ ...where, ext: 'png' }))?.admitted.size).toBe(Math.ceil(UPLOAD_FOLDER_SLOTS / 2));
  });
});

describe('image check: the referenced tag (unused uploads expire, lib/images.ts)', () => {
  it('a new valid upload is tagged referenced=no before its valid record is written', async () => {
    const key = imageKey({ ext: 'png' });
    await expect(upload(key, png())).resolves.toMatchObject({ outcome: 'valid' });
    expect(tagOf(key)).toBe('no');
    // Its renditions first (tagged no as they are written), then the upload, then the record.
    expect(writeLog.slice(0, 2).sort()).toEqual([`rendition no ${renditionKey(key, 'display')}`, `rendition no ${renditionKey(key, 'thumbnail')}`]);
    expect(writeLog.slice(2)).toEqual([`tag no ${key}`, `record valid ${key}`]);
    expect(s3.commandCalls(PutObjectTaggingCommand)[0]!.args[0].input).toEqual({ Bucket: BUCKET, Key: key, Tagging: { TagSet: [{ Key: 'referenced', Value: 'no' }] } });
  });

  it('a redelivered event of a valid image does not tag again: the products API\'s yes stays', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, png());
    const event = created(key);
    await run(event);
    acceptedByApi(key);
    await expect(run(event)).resolves.toMatchObject([{ outcome: 'valid' }]);
    expect(tagOf(key)).toBe('yes');
    expect(s3.commandCalls(PutObjectTaggingCommand)).toHaveLength(1);
  });

  it('the first bytes written back after an overwrite are not tagged again (a product may use them)', async () => {
    const key = imageKey({ ext: 'png' });
    await upload(key, png());
    acceptedByApi(key);
    await upload(key, png(4));
    objects.set(key, png()); // S3 keeps no tags of a deleted object
    tags.delete(key);
    const before = s3.commandCalls(PutObjectTaggingCommand).length;
    await expect(run(created(key))).resolves.toMatchObject([{ outcome: 'valid' }]);
    expect(s3.commandCalls(PutObjectTaggingCommand)).toHaveLength(before);
    expect(tagOf(key)).toBeUndefined();
  });

  it.each([
    ['not an image', 'png', () => text()],
    ['a type mismatch', 'jpg', () => gif()],
    ['too large', 'png', () => Buffer.concat([png(), Buffer.alloc(MAX_IMAGE_BYTES + 1 - png().length)])],
  ])('a rejected upload (%s) is never tagged', async (_name, ext, body) => {
    const key = imageKey({ ext });
    await expect(upload(key, body())).resolves.toMatchObject({ outcome: 'rejected' });
    expect(s3.commandCalls(PutObjectTaggingCommand)).toHaveLength(0);
  });

  it('neither is an overwrite nor the upload a full folder refuses', async () => {
    const key = imageKey({ ext: 'png' });
    await upload(key, png());
    await expect(upload(key, png(4))).resolves.toMatchObject({ outcome: 'rejected', reason: 'overwritten' });
    const where = { identity: `us-east-1:${randomUUID()}`, folder: randomUUID() };
    for (let i = 0; i < UPLOAD_FOLDER_SLOTS; i += 1) await upload(imageKey({ ...where, ext: 'png' }), png());
    const extra = imageKey({ ...where, ext: 'png' });
    await expect(upload(extra, png())).resolves.toMatchObject({ outcome: 'rejected', reason: 'too_many_images' });
    expect(writeLog.filter((w) => w.startsWith('tag')).map((w) => w.split(' ')[2])).not.toContain(extra);
    expect(s3.commandCalls(PutObjectTaggingCommand)).toHaveLength(1 + UPLOAD_FOLDER_SLOTS);
  });

  it('an object deleted before it could be tagged is gone: nothing recorded', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, png());
    s3.on(PutObjectTaggingCommand).rejects(s3Error('NoSuchKey', 404));
    await expect(run(created(key))).resolves.toEqual([{ key, outcome: 'gone' }]);
    expect(check(key)).toBeUndefined();
  });

  it('throws when tagging fails, before recording it valid, so Lambda retries the event', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, png());
    s3.on(PutObjectTaggingCommand).rejects(s3Error('InternalError', 500));
    await expect(run(created(key))).rejects.toThrow('InternalError');
    expect(check(key)).toBeUndefined();
  });
});

describe('image check: renditions (issue 23)', () => {
  const renditionOf = (key: string, name: RenditionName) => renditions.get(renditionKey(key, name));

  it('a valid photo gets a 1,200-px and a 320-px WebP in the renditions bucket, written before its valid record', async () => {
    const key = imageKey({ ext: 'jpg' });
    const body = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#FFFFFF' } }).jpeg({ quality: 85 }).toBuffer();
    await expect(upload(key, body)).resolves.toMatchObject({ outcome: 'valid' });
    expect(await sharp(renditionOf(key, 'display')!.body).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    expect(await sharp(renditionOf(key, 'thumbnail')!.body).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect(renditionOf(key, 'display')).toMatchObject({ contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable', tag: 'no' });
    expect(check(key)).toMatchObject({ renditions: { display: { key: renditionKey(key, 'display'), width: 1200, height: 900 }, thumbnail: { key: renditionKey(key, 'thumbnail'), width: 320, height: 240 } } });
    expect(writeLog.indexOf(`record valid ${key}`)).toBe(writeLog.length - 1);
  });

  it('throws when a rendition cannot be written, before recording the image valid, so Lambda retries the event', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, png());
    s3.on(PutObjectCommand).rejects(s3Error('InternalError', 500));
    await expect(run(created(key))).rejects.toThrow('InternalError');
    expect(check(key)).toBeUndefined();
  });

  it('a redelivered event keeps the renditions there (never rewritten: the products API\'s yes on them stays)', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, png());
    const event = created(key);
    await run(event);
    for (const name of ['thumbnail', 'display'] as const) renditionOf(key, name)!.tag = 'yes';
    await expect(run(event)).resolves.toMatchObject([{ outcome: 'valid' }]);
    expect([renditionOf(key, 'thumbnail')!.tag, renditionOf(key, 'display')!.tag]).toEqual(['yes', 'yes']);
    expect(writeLog.filter((w) => w.startsWith('rendition'))).toHaveLength(2);
    expect(check(key)).toMatchObject({ status: 'valid', renditions: { thumbnail: { key: renditionKey(key, 'thumbnail') } } });
  });

  it('an image recorded valid before renditions existed gets them when checked again, with the tag its upload has', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, png());
    const event = created(key);
    await run(event);
    // As an older check left it: no renditions, the upload taken into a product since.
    renditions.clear();
    const { renditions: _none, ...older } = check(key) as ImageCheckItem & { renditions?: unknown };
    items.set(key, older);
    acceptedByApi(key);
    await expect(run(event)).resolves.toMatchObject([{ outcome: 'valid' }]);
    expect([renditionOf(key, 'thumbnail')!.tag, renditionOf(key, 'display')!.tag]).toEqual(['yes', 'yes']);
    expect(tagOf(key)).toBe('yes');
    expect(check(key)).toHaveProperty('renditions.display.key', renditionKey(key, 'display'));
  });

  it('a released image (deleted once no product used it) uploaded again with the same bytes is valid again, tagged no like a new upload', async () => {
    const key = imageKey({ ext: 'png' });
    await upload(key, png());
    // What the products API's cleanup leaves: the record a tombstone, the upload and its renditions gone.
    items.set(key, { ...items.get(key), status: 'released', releasedAt: '2026-03-09T00:00:00.000Z' });
    objects.delete(key);
    renditions.clear();
    await expect(upload(key, png())).resolves.toMatchObject({ outcome: 'valid' });
    expect(tagOf(key)).toBe('no');
    expect(renditionOf(key, 'display')!.tag).toBe('no');
    expect(check(key)).toMatchObject({ status: 'valid', eTag: plain(etagOf(png())) });
  });

  it('a released key never takes other bytes: they are an overwrite (its rendition keys, cached for a year, keep showing one image)', async () => {
    const key = imageKey({ ext: 'png' });
    await upload(key, png());
    items.set(key, { ...items.get(key), status: 'released', releasedAt: '2026-03-09T00:00:00.000Z' });
    objects.delete(key);
    renditions.clear();
    await expect(upload(key, png(4))).resolves.toMatchObject({ outcome: 'rejected', reason: 'overwritten' });
    expect(objects.has(key)).toBe(false);
    expect(renditions.size).toBe(0);
  });

  it('a rejected upload gets no renditions', async () => {
    const key = imageKey({ ext: 'png' });
    await upload(key, text());
    expect(renditions.size).toBe(0);
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
  });
});

describe('image check: at-least-once delivery', () => {
  it('a redelivered event of a valid image changes nothing but the check time', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, png());
    const event = created(key);
    await run(event);
    const first = check(key);
    await expect(run(event)).resolves.toEqual([{ key, outcome: 'valid', contentType: 'image/png', size: png().length }]);
    expect({ ...check(key), checkedAt: '' }).toEqual({ ...first, checkedAt: '' });
    expect(folderItem(key)?.admitted).toEqual(new Set([key]));
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });

  it('a redelivered event of a rejected (deleted) object keeps the rejection and deletes nothing', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, text());
    const event = created(key);
    await run(event);
    const rejected = check(key);
    s3.resetHistory();
    ddb.resetHistory();
    await expect(run(event)).resolves.toEqual([{ key, outcome: 'gone' }]);
    expect(check(key)).toEqual(rejected);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });

  it('an event for a full folder redelivered to an admitted image keeps it valid', async () => {
    const where = { identity: `us-east-1:${randomUUID()}`, folder: randomUUID() };
    const keys = Array.from({ length: UPLOAD_FOLDER_SLOTS }, () => imageKey({ ...where, ext: 'png' }));
    for (const key of keys) await upload(key, png());
    await expect(run(created(keys[UPLOAD_FOLDER_SLOTS - 1]!))).resolves.toMatchObject([{ outcome: 'valid' }]);
    expect(keys.every((k) => objects.has(k))).toBe(true);
  });

  it('an object replaced between the look and the read is left to its own event', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, png());
    s3.on(GetObjectCommand).rejects(s3Error('PreconditionFailed', 412));
    await expect(run(created(key))).resolves.toEqual([{ key, outcome: 'changed' }]);
    expect(items.size).toBe(0);
    expect(objects.has(key)).toBe(true);
  });

  it('an event whose object was replaced since is left to the newer object\'s event', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, png());
    const event = created(key);
    objects.set(key, png(4));
    await expect(run(event)).resolves.toEqual([{ key, outcome: 'changed' }]);
    expect(items.size).toBe(0);
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);
    expect(objects.has(key)).toBe(true);
  });
});

describe('image check: a checked key keeps its first object (no swapping after review)', () => {
  it.each([
    ['another real image', () => png(4)],
    ['a text file', () => text()],
  ])('a valid image overwritten with %s: rejected as overwritten, deleted, its slot freed, the first ETag kept', async (_name, body) => {
    const key = imageKey({ ext: 'png' });
    await upload(key, png());
    const second = body();
    await expect(upload(key, second)).resolves.toEqual({ key, outcome: 'rejected', reason: 'overwritten', size: second.length });
    expect(objects.has(key)).toBe(false);
    expect(check(key)).toEqual({
      key,
      status: 'rejected',
      reason: 'overwritten',
      size: second.length,
      checkedAt: expect.any(String),
      eTag: plain(etagOf(png())),
      sequencer: expect.any(String),
    });
    expect(folderItem(key)?.admitted).toBeUndefined();
  });

  it('a key whose first upload was rejected cannot be reused for a good image', async () => {
    const key = imageKey({ ext: 'png' });
    await upload(key, text());
    await expect(upload(key, png())).resolves.toMatchObject({ outcome: 'rejected', reason: 'overwritten' });
    expect(objects.has(key)).toBe(false);
  });

  it('a key deleted by its vendor and written again with other bytes is an overwrite too', async () => {
    const key = imageKey({ ext: 'png' });
    await upload(key, png());
    objects.delete(key);
    await expect(upload(key, gif())).resolves.toMatchObject({ outcome: 'rejected', reason: 'overwritten' });
  });

  it('the first bytes written back after an overwrite are valid again: nothing was swapped', async () => {
    const key = imageKey({ ext: 'png' });
    await upload(key, png());
    await upload(key, png(4));
    await expect(upload(key, png())).resolves.toMatchObject({ outcome: 'valid' });
    expect(check(key)).toMatchObject({ status: 'valid', eTag: plain(etagOf(png())) });
    expect(folderItem(key)?.admitted).toEqual(new Set([key]));
  });

  it('a late event of an overwrite still deletes it, though a later event\'s record is there', async () => {
    const key = imageKey({ ext: 'png' });
    await upload(key, png());
    objects.set(key, png(4));
    const late = created(key);
    await upload(key, png(6)); // judged first: overwritten, deleted
    const record = check(key);
    objects.set(key, png(4)); // the late event's object is there again
    ddb.resetHistory();
    await expect(run(late)).resolves.toEqual([{ key, outcome: 'rejected', reason: 'overwritten', size: png(4).length }]);
    expect(objects.has(key)).toBe(false);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    expect(check(key)).toEqual(record);
  });

  it('only the judged object is deleted: one written while the check ran is left to its own event', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, text());
    afterPut = () => objects.set(key, png()); // lands between the rejection's record and its delete
    await expect(run(created(key))).resolves.toEqual([{ key, outcome: 'rejected', reason: 'not_an_image', size: text().length }]);
    expect(objects.get(key)).toEqual(png());
    // Its own event: an overwrite of the rejected first upload.
    await expect(run(created(key))).resolves.toMatchObject([{ outcome: 'rejected', reason: 'overwritten' }]);
    expect(objects.has(key)).toBe(false);
  });
});

describe('image check: event order (S3 sequencer)', () => {
  it('compares sequencers as S3 says: hex, greater is later, the shorter right-padded with zeros', () => {
    expect(sequencerOrder('0055aed6dcd90281e5')).toBe('0055AED6DCD90281E5');
    expect(sequencerOrder('0A1B00')).toBe(sequencerOrder('0A1B'));
    expect(sequencerOrder('0A1C') > sequencerOrder('0A1B00')).toBe(true);
    expect(sequencerOrder('0A1B01') > sequencerOrder('0A1B')).toBe(true);
    expect(sequencerOrder('00000000000000000F') > sequencerOrder('00000000000000000A')).toBe(true);
  });

  it('an older event finishing after a newer one leaves the newer record alone', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, png());
    const older = created(key);
    const newer = created(key); // the same bytes written twice
    await run(newer);
    const record = check(key);
    expect(record?.sequencer).toBe(sequencerOf(newer));
    ddb.resetHistory();
    await expect(run(older)).resolves.toEqual([{ key, outcome: 'changed' }]);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    expect(check(key)).toEqual(record);
  });

  it.each([
    ['older first', false],
    ['newer first', true],
  ])('two events of one key checked at once (%s): the newer one\'s record stays', async (_name, reversed) => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, png());
    const older = created(key);
    const newer = created(key);
    const events = reversed ? [newer, older] : [older, newer];
    const outcomes = (await Promise.all(events.map((e) => run(e)))).flat();
    expect(outcomes.some((o) => o.outcome === 'valid')).toBe(true);
    expect(check(key)).toMatchObject({ status: 'valid', sequencer: sequencerOf(newer) });
    expect(objects.has(key)).toBe(true);
  });

  it('a record written by another check between this one\'s read and write: it decides again on what is there', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, png());
    const event = created(key);
    // Another check bound the key to other bytes (then deleted) while this one judged.
    afterGet = () => {
      items.set(key, { key, status: 'valid', contentType: 'image/png', size: 1, checkedAt: '2026-03-08T07:30:00.000Z', eTag: plain(etagOf(png(4))), sequencer: sequencerOf(event) });
    };
    await expect(run(event)).resolves.toEqual([{ key, outcome: 'rejected', reason: 'overwritten', size: png().length }]);
    expect(objects.has(key)).toBe(false);
  });

  it('an event without ETag and sequencer (made by hand) checks the object as stored now and binds the key', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, png());
    const event = created(key);
    delete (event.Records[0]!.s3.object as { eTag?: string }).eTag;
    delete (event.Records[0]!.s3.object as { sequencer?: string }).sequencer;
    await expect(run(event)).resolves.toMatchObject([{ outcome: 'valid' }]);
    expect(check(key)).toMatchObject({ eTag: plain(etagOf(png())) });
    expect(check(key)?.sequencer).toBeUndefined();
    await expect(upload(key, png(4))).resolves.toMatchObject({ outcome: 'rejected', reason: 'overwritten' });
  });

  it('gives up after 3 attempts when the record keeps changing, so Lambda retries the event', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, png());
    ddb.on(PutCommand).rejects(conditionFailed());
    await expect(run(created(key))).rejects.toThrow('kept changing');
    expect(ddb.commandCalls(PutCommand)).toHaveLength(3);
    expect(objects.has(key)).toBe(true);
  });
});

describe('image check: the event and failures', () => {
  it('decodes S3 event keys (":" as %3A, "+" for a space)', async () => {
    expect(decodeEventKey('private/us-east-1%3Aabc/products/x/a+b%2Bc.png')).toBe('private/us-east-1:abc/products/x/a b+c.png');
    const key = imageKey({ ext: 'png' });
    objects.set(key, png());
    const event = created(key);
    expect(event.Records[0]!.s3.object.key).toContain('%3A');
    await expect(run(event)).resolves.toMatchObject([{ key, outcome: 'valid' }]);
  });

  it('checks every record of the event and skips other event kinds', async () => {
    const good = imageKey({ ext: 'gif' });
    const bad = imageKey({ ext: 'gif' });
    objects.set(good, gif());
    objects.set(bad, jpeg());
    const event = created(good, bad, good);
    event.Records[2]!.eventName = 'ObjectRemoved:Delete';
    await expect(run(event)).resolves.toMatchObject([
      { key: good, outcome: 'valid' },
      { key: bad, outcome: 'rejected', reason: 'type_mismatch' },
    ]);
  });

  it('ignores objects of another bucket', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, text());
    const event = created(key);
    event.Records[0]!.s3.bucket.name = 'someone-elses-bucket';
    await expect(run(event)).resolves.toEqual([{ key, outcome: 'ignored' }]);
    expect(objects.has(key)).toBe(true);
  });

  it('something that is not an S3 event is logged and dropped: retrying cannot help', async () => {
    await expect(run({ Service: 'Amazon S3', Event: 's3:TestEvent' })).resolves.toEqual([]);
    await expect(run({ Records: [{ eventName: 'ObjectCreated:Put' }] })).resolves.toEqual([]);
    expect(s3.calls()).toHaveLength(0);
  });

  it('throws when DynamoDB fails, before deleting anything, so Lambda retries the event', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, text());
    ddb.on(PutCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    await expect(run(created(key))).rejects.toThrow('ProvisionedThroughputExceeded');
    expect(objects.has(key)).toBe(true);
  });

  it('throws when S3 refuses to read an object that is there (a permission problem, not a bad upload)', async () => {
    const key = imageKey({ ext: 'png' });
    objects.set(key, png());
    s3.on(HeadObjectCommand).rejects(s3Error('Forbidden', 403));
    await expect(run(created(key))).rejects.toThrow('Forbidden');
    expect(s3.commandCalls(ListObjectsV2Command)[0]!.args[0].input).toMatchObject({ Prefix: key, MaxKeys: 1 });
  });

  it('a 403 for an object the listing does not show means it is gone (S3 without ListBucket on the key)', async () => {
    const key = imageKey({ ext: 'png' });
    s3.on(HeadObjectCommand).rejects(s3Error('Forbidden', 403));
    await expect(run(created(key))).resolves.toEqual([{ key, outcome: 'gone' }]);
  });

  it('throws without the bucket name in its environment (a deployment error)', async () => {
    delete process.env.PRODUCT_IMAGES_BUCKET;
    try {
      await expect(run(created(imageKey({ ext: 'png' })))).rejects.toThrow('PRODUCT_IMAGES_BUCKET');
    } finally {
      process.env.PRODUCT_IMAGES_BUCKET = BUCKET;
    }
  });
});
