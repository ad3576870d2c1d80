/**
 * The server-side image check, target of the product-images bucket's object-created notification
 * for `private/` (lib/images.ts; locally s3rver's events, scripts/local/s3.ts). The browser checks
 * before uploading, but a vendor holds S3 credentials for their own prefix and can upload anything
 * there; this check is what the products API trusts. Per object:
 *   - the key must be `private/<identityId>/products/<uploadFolder>/<imageId>.<ext>` (bad_key)
 *   - at most MAX_IMAGE_BYTES, as stored (too_large)
 *   - its first bytes are a JPEG, PNG, GIF or BMP (not_an_image) of the extension's type (type_mismatch)
 *   - it gets one of the upload folder's MAX_PRODUCT_IMAGES + 1 slots (too_many_images)
 * Rejected: the outcome is recorded, then the object deleted. Valid: the outcome is recorded. The
 * object is looked at as stored now, not as the event describes it, so a redelivered or late event
 * gives the same answer, and an overwrite is checked again by its own event. A bad object never
 * throws; only S3 or DynamoDB failing does, so Lambda retries the event.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context, S3Event } from 'aws-lambda';
import * as z from 'zod';
import { IMAGE_KEY_PATTERN, MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES, type ImageContentType } from '../listings/schema';
import { logger } from '../shared/logger';
import { deleteObject, headObject, listKeys, readSignature } from './bucket';
import { detectImageType, extensionFits } from './content';
import { imageCheckFunction } from './functions';
import type { RejectionReason } from './model';
import { admittedKeys, admitToFolder, recordCheck, releaseFromFolder } from './store';

/** Objects one upload folder may hold: the product images and the nutrition facts label. */
export const UPLOAD_FOLDER_SLOTS = MAX_PRODUCT_IMAGES + 1;

export type CheckOutcome =
  | { key: string; outcome: 'valid'; contentType: ImageContentType; size: number }
  | { key: string; outcome: 'rejected'; reason: RejectionReason; size: number }
  /** Nothing to check: the object was deleted, or replaced (its own event checks the new one). */
  | { key: string; outcome: 'gone' | 'changed' }
  /** Not ours to judge: outside the vendor prefix or another bucket (the notification should not send these). */
  | { key: string; outcome: 'ignored' };

const s3Record = z.object({
  eventName: z.string(),
  s3: z.object({ bucket: z.object({ name: z.string().min(1) }), object: z.object({ key: z.string().min(1) }) }),
});
const s3Event = z.object({ Records: z.array(s3Record) });

/** S3 event keys are URL-encoded with '+' for a space (`private/us-east-1%3A…/a+b.png`). */
export const decodeEventKey = (raw: string): string => decodeURIComponent(raw.replace(/\+/g, ' '));

/** `private/<identityId>/products/<uploadFolder>/` of an image key. */
export const uploadFolderOf = (key: string): string => key.slice(0, key.lastIndexOf('/') + 1);

/** Checks one object of the bucket; see the module comment. */
export async function checkImage(bucket: string, key: string, now: () => Date = () => new Date()): Promise<CheckOutcome> {
  if (!key.startsWith(imageCheckFunction.keyPrefix)) {
    // Never delete outside the prefix vendors write to, whatever reaches the function.
    logger.warn('object outside the vendor prefix: not checked', { key });
    return { key, outcome: 'ignored' };
  }
  const stored = await headObject(bucket, key);
  if (!stored) return unchecked(key, 'gone');
  const match = IMAGE_KEY_PATTERN.exec(key);
  if (!match) return reject(bucket, key, null, 'bad_key', stored.size, now);
  const folder = uploadFolderOf(key);
  if (stored.size > MAX_IMAGE_BYTES) return reject(bucket, key, folder, 'too_large', stored.size, now);

  const signature = stored.size === 0 ? new Uint8Array() : await readSignature(bucket, key, stored.eTag);
  if (signature === 'gone' || signature === 'changed') return unchecked(key, signature);
  const contentType = detectImageType(signature);
  if (!contentType) return reject(bucket, key, folder, 'not_an_image', stored.size, now);
  if (!extensionFits(contentType, match[1]!)) return reject(bucket, key, folder, 'type_mismatch', stored.size, now);

  if (!(await admit(bucket, folder, key, now))) return reject(bucket, key, null, 'too_many_images', stored.size, now);
  await recordCheck({ key, status: 'valid', contentType, size: stored.size, checkedAt: now().toISOString() });
  logger.info('image valid', { key, contentType, size: stored.size });
  return { key, outcome: 'valid', contentType, size: stored.size };
}

/**
 * A slot in the key's upload folder. When the folder is full, the slots of objects that are gone
 * (the vendor removed an image, or an overwrite failed its check) are freed first, then one more try.
 * Which keys hold the slots is decided by DynamoDB's conditional update, not by the order of a
 * listing: LastModified has whole seconds and two checks may list the folder before either object
 * of the other is there, so no order of listed objects is one every invocation agrees on.
 */
async function admit(bucket: string, folder: string, key: string, now: () => Date): Promise<boolean> {
  if (await admitToFolder(folder, key, UPLOAD_FOLDER_SLOTS, now().toISOString())) return true;
  const [admitted, present] = await Promise.all([admittedKeys(folder), listKeys(bucket, folder)]);
  const stillThere = new Set(present);
  const gone = [...admitted].filter((k) => !stillThere.has(k));
  if (!gone.length) return false;
  await releaseFromFolder(folder, gone, now().toISOString());
  logger.info('upload folder slots freed: objects gone', { folder, freed: gone.length });
  return admitToFolder(folder, key, UPLOAD_FOLDER_SLOTS, now().toISOString());
}

/**
 * Recorded before the delete: if the delete fails, the retried event finds the object and decides
 * the same; the other way round, a retry would find nothing and the rejection would go unrecorded.
 * `folder` when the key may hold a slot (an earlier version passed): it is freed.
 */
async function reject(bucket: string, key: string, folder: string | null, reason: RejectionReason, size: number, now: () => Date): Promise<CheckOutcome> {
  const at = now().toISOString();
  await recordCheck({ key, status: 'rejected', reason, size, checkedAt: at });
  if (folder) await releaseFromFolder(folder, [key], at);
  await deleteObject(bucket, key);
  logger.info('image rejected and deleted', { key, reason, size });
  return { key, outcome: 'rejected', reason, size };
}

function unchecked(key: string, outcome: 'gone' | 'changed'): CheckOutcome {
  logger.info(outcome === 'gone' ? 'object no longer exists: nothing to check' : 'object replaced since the event: its own event checks it', { key });
  return { key, outcome };
}

/** Every object-created record of the event, one after another. */
export async function checkUploads(event: unknown, now: () => Date = () => new Date()): Promise<CheckOutcome[]> {
  const bucket = process.env.PRODUCT_IMAGES_BUCKET;
  if (!bucket) throw new Error('Missing environment variable PRODUCT_IMAGES_BUCKET');
  const parsed = s3Event.safeParse(event);
  if (!parsed.success) {
    // Retrying cannot make it an S3 event.
    logger.error('not an S3 event: nothing checked', { issues: z.prettifyError(parsed.error) });
    return [];
  }
  const outcomes: CheckOutcome[] = [];
  for (const record of parsed.data.Records) {
    if (!record.eventName.startsWith('ObjectCreated:')) continue;
    let key: string;
    try {
      key = decodeEventKey(record.s3.object.key);
    } catch {
      // S3 encodes every key it sends; a malformed one cannot be retried into shape.
      logger.error('object key is not URL-encoded: not checked', { rawKey: record.s3.object.key });
      continue;
    }
    if (record.s3.bucket.name !== bucket) {
      logger.warn('object of another bucket: not checked', { bucket: record.s3.bucket.name, key });
      outcomes.push({ key, outcome: 'ignored' });
      continue;
    }
    outcomes.push(await checkImage(bucket, key, now));
  }
  return outcomes;
}

export const handler = middy<S3Event, CheckOutcome[], Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler((event) => checkUploads(event));
