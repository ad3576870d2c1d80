/**
 * The product-images bucket's objects as the image check sees them: an object's size, ETag and first
 * bytes, a folder's keys, tagging, deletion (the bucket itself: contracts/buckets.ts); and the
 * renditions it writes into the renditions bucket (issue 23).
 */
import { DeleteObjectCommand, GetObjectCommand, GetObjectTaggingCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, PutObjectTaggingCommand } from '@aws-sdk/client-s3';
import { productImageRenditions } from '../../contracts/buckets';
import { isMissingObject, s3Client, s3ErrorStatus, s3StandIn } from '../shared/s3';
import { SIGNATURE_BYTES } from '../../contracts/images';
import { referencedTag, referencedTagging, type ReferencedTagValue } from './tags';

const s3 = s3Client();

export interface StoredObject {
  size: number;
  /** Without quotes, as S3 events carry it (see plainETag). */
  eTag: string;
}

/**
 * An ETag without its quotes: HEAD answers `"9b2c…"`, S3 events carry `9b2c…`. The check compares
 * and records this form and quotes it again for If-Match.
 */
export const plainETag = (eTag: string): string => eTag.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
const quoted = (eTag: string): string => `"${eTag}"`;

/** Size and ETag of the object as stored now, or null when it is gone. */
export async function headObject(bucket: string, key: string): Promise<StoredObject | null> {
  try {
    const out = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { size: out.ContentLength ?? 0, eTag: plainETag(out.ETag ?? '') };
  } catch (err) {
    // Without s3:ListBucket on the key, S3 answers a missing object with 403, not 404: ask the listing.
    if (isMissingObject(err) || (s3ErrorStatus(err) === 403 && !(await exists(bucket, key)))) return null;
    throw err;
  }
}

async function exists(bucket: string, key: string): Promise<boolean> {
  const out = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: key, MaxKeys: 1 }));
  return out.Contents?.[0]?.Key === key;
}

/**
 * The first SIGNATURE_BYTES bytes of the object version `eTag` (one ranged GET; a smaller object
 * gives all it has). `changed` when the object was replaced since it was looked at (its own event
 * follows), `gone` when it was deleted.
 */
export async function readSignature(bucket: string, key: string, eTag: string): Promise<Uint8Array | 'changed' | 'gone'> {
  try {
    const out = await s3.send(
      new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${SIGNATURE_BYTES - 1}`, ...(eTag ? { IfMatch: quoted(eTag) } : {}) }),
    );
    const bytes = (await out.Body?.transformToByteArray()) ?? new Uint8Array();
    // A server that ignores Range would send everything: only the signature is looked at.
    return bytes.subarray(0, SIGNATURE_BYTES);
  } catch (err) {
    if (isMissingObject(err)) return 'gone';
    if (s3ErrorStatus(err) === 412) return 'changed';
    throw err;
  }
}

/**
 * The whole object version `eTag` (the primary-image rules decode it; the check reads it only once
 * it has passed the size limit). `changed` / `gone` as readSignature.
 */
export async function readObject(bucket: string, key: string, eTag: string): Promise<Uint8Array | 'changed' | 'gone'> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, ...(eTag ? { IfMatch: quoted(eTag) } : {}) }));
    return (await out.Body?.transformToByteArray()) ?? new Uint8Array();
  } catch (err) {
    if (isMissingObject(err)) return 'gone';
    if (s3ErrorStatus(err) === 412) return 'changed';
    throw err;
  }
}

/** Every key under `prefix` (all pages). */
export async function listKeys(bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
    for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/**
 * Tags the object `referenced=no` (./tags.ts): the bucket's lifecycle rule expires it unless the
 * products API takes it into a product. S3 has no conditional PutObjectTagging: an object written
 * over the key since it was looked at gets the tag, and its own event judges (and deletes) it.
 * `gone` when nothing is there any more.
 */
export async function tagUnreferenced(bucket: string, key: string): Promise<'tagged' | 'gone'> {
  try {
    await s3.send(new PutObjectTaggingCommand({ Bucket: bucket, Key: key, Tagging: referencedTagging(referencedTag.no) }));
    return 'tagged';
  } catch (err) {
    if (isMissingObject(err)) return 'gone';
    throw err;
  }
}

/**
 * Deletes the object version `eTag` (S3's conditional delete, If-Match): `changed` when another
 * object was written there since it was looked at (its own event judges that one), `gone` when
 * nothing is there. s3rver ignores If-Match and deletes whatever is there.
 */
export async function deleteObject(bucket: string, key: string, eTag: string): Promise<'deleted' | 'changed' | 'gone'> {
  try {
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key, ...(eTag ? { IfMatch: quoted(eTag) } : {}) }));
    return 'deleted';
  } catch (err) {
    if (isMissingObject(err)) return 'gone';
    if (s3ErrorStatus(err) === 412) return 'changed';
    throw err;
  }
}

/**
 * The `referenced` tag of the object now (undefined: it has none, e.g. an upload from before the
 * tag existed), or `gone`. The check copies it onto renditions it writes for a key judged before.
 */
export async function referencedTagOf(bucket: string, key: string): Promise<ReferencedTagValue | undefined | 'gone'> {
  try {
    const out = await s3.send(new GetObjectTaggingCommand({ Bucket: bucket, Key: key }));
    const value = out.TagSet?.find((t) => t.Key === referencedTag.key)?.Value;
    return value === referencedTag.yes || value === referencedTag.no ? value : undefined;
  } catch (err) {
    if (isMissingObject(err)) return 'gone';
    throw err;
  }
}

/**
 * Writes a rendition unless its key holds one already (S3's conditional write, `If-None-Match: *`):
 * a rendition key names one content for good (contracts/buckets.ts renditionKey), and an existing
 * rendition may carry the products API's `referenced=yes`, which a rewrite would drop. `tag`: the
 * `referenced` tag it starts with (none: kept until a product drops it). s3rver ignores
 * If-None-Match and writes.
 */
export async function putRendition(bucket: string, key: string, rendition: { body: Uint8Array; contentType: string }, tag: ReferencedTagValue | undefined): Promise<'written' | 'exists'> {
  try {
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: rendition.body,
        ContentType: rendition.contentType,
        CacheControl: productImageRenditions.cacheControl,
        IfNoneMatch: '*',
        ...(tag ? { Tagging: new URLSearchParams({ [referencedTag.key]: tag }).toString() } : {}),
      }),
    );
    // A stand-in that drops a put's tags (s3rver) gets them in a second call: what S3 does in one.
    if (tag && s3StandIn()?.tagsOnPut === false) await s3.send(new PutObjectTaggingCommand({ Bucket: bucket, Key: key, Tagging: referencedTagging(tag) }));
    return 'written';
  } catch (err) {
    // 412: the key holds a rendition; 409: another write of it is in flight (S3's conditional writes).
    const status = s3ErrorStatus(err);
    if (status === 412 || status === 409) return 'exists';
    throw err;
  }
}
