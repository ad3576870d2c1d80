/** The product-images bucket as the image check sees it: an object's size and first bytes, a folder's keys, deletion. */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { isMissingObject, s3Client, s3ErrorStatus } from '../shared/s3';
import { SIGNATURE_BYTES } from './content';

const s3 = s3Client();

export interface StoredObject {
  size: number;
  eTag: string;
}

/** Size and ETag of the object as stored now, or null when it is gone. */
export async function headObject(bucket: string, key: string): Promise<StoredObject | null> {
  try {
    const out = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { size: out.ContentLength ?? 0, eTag: out.ETag ?? '' };
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
      new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${SIGNATURE_BYTES - 1}`, ...(eTag ? { IfMatch: eTag } : {}) }),
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

export async function deleteObject(bucket: string, key: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}
