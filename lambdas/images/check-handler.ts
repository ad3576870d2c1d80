/**
 * The server-side image check, target of the product-images bucket's object-created notification
 * for `private/` (lib/images.ts; locally s3rver's events, scripts/local/s3.ts). The browser checks
 * before uploading, but a vendor holds S3 credentials for their own prefix and can upload anything
 * there; this check is what the products API trusts. Per object:
 *   - the key must be `private/<identityId>/products/<uploadFolder>/<imageId>.<ext>` (bad_key)
 *   - a key keeps its first checked object for good: any other object written there later is an
 *     overwrite (overwritten), so an image cannot be swapped after its check or its review
 *   - at most MAX_IMAGE_BYTES, as stored (too_large)
 *   - its first bytes are a JPEG, PNG, GIF or BMP (not_an_image) of the extension's type (type_mismatch)
 *   - it gets one of the upload folder's MAX_PRODUCT_IMAGES + 1 slots (too_many_images)
 * A valid image is also measured against the primary-image rules (issue 15, ./primary-check.ts:
 * square, white background, fill), since any image may become a product's primary one: the result is
 * advice recorded with the check (`primary`), shown to the vendor and to the reviewer, never a
 * rejection.
 * Rejected: the outcome is recorded, then that object version deleted. Valid: its renditions (issue 23,
 * ./renditions.ts: a 320-px thumbnail and a 1,200-px display size) are written into the renditions
 * bucket, then the outcome is recorded with them; a key's first record, before it is written, tags the
 * object and its renditions `referenced=no` (./tags.ts), so the buckets expire them unless the
 * products API takes the image into a product. Each event is about one object version (its ETag and sequencer): when the key holds
 * another object by now, that object's own event judges it. A redelivered or late event gives the
 * same answer, and the record of a later version is never replaced by an earlier one's. A bad
 * object never throws; only S3 or DynamoDB failing does, so Lambda retries the event (then it goes
 * to the dead-letter queue, lib/images.ts).
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context, S3Event } from 'aws-lambda';
import * as z from 'zod';
import { IMAGE_KEY_PATTERN, MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES, type ImageContentType } from '../../contracts/listings/schema';
import { env } from '../shared/env';
import { logger } from '../shared/logger';
import { deleteObject, headObject, listKeys, plainETag, putRendition, readObject, readSignature, referencedTagOf, tagUnreferenced, type StoredObject } from './objects';
import { renditionsOf } from './renditions';
import { referencedTag, type ReferencedTagValue } from './tags';
import { RENDITION_NAMES, renditionKey, type RenditionName } from '../../contracts/buckets';
import { primaryCheckOf } from './primary-check';
import { detectImageType, extensionFits } from '../../contracts/images';
import { imageCheckFunction } from '../../contracts/functions';
import type { RejectionReason, RenditionRecord } from './model';
import type { PrimaryImageCheck } from '../../contracts/primary-image';
import { admittedKeys, admitToFolder, getCheck, recordCheck, releaseFromFolder } from './store';

/** Objects one upload folder may hold: the product images and the nutrition facts label. */
export const UPLOAD_FOLDER_SLOTS = MAX_PRODUCT_IMAGES + 1;

export type CheckOutcome =
  | { key: string; outcome: 'valid'; contentType: ImageContentType; size: number }
  | { key: string; outcome: 'rejected'; reason: RejectionReason; size: number }
  /**
   * Nothing to do: the object was deleted, or replaced since the event (its own event checks the
   * new one), or a later version of the key was judged already.
   */
  | { key: string; outcome: 'gone' | 'changed' }
  /** Not ours to judge: outside the vendor prefix or another bucket (the notification should not send these). */
  | { key: string; outcome: 'ignored' };

const s3Record = z.object({
  eventName: z.string(),
  s3: z.object({
    bucket: z.object({ name: z.string().min(1) }),
    object: z.object({
      key: z.string().min(1),
      // Both are on every object-created record S3 (and s3rver, except copies) sends; a record
      // without them is still checked, as the object is stored now (see checkImage).
      eTag: z.string().min(1).optional().catch(undefined),
      sequencer: z.string().regex(/^[0-9A-Fa-f]+$/).optional().catch(undefined),
    }),
  }),
});
const s3Event = z.object({ Records: z.array(s3Record) });

/** S3 event keys are URL-encoded with '+' for a space (`private/us-east-1%3A…/a+b.png`). */
export const decodeEventKey = (raw: string): string => decodeURIComponent(raw.replace(/\+/g, ' '));

/** `private/<identityId>/products/<uploadFolder>/` of an image key. */
export const uploadFolderOf = (key: string): string => key.slice(0, key.lastIndexOf('/') + 1);

/**
 * An S3 event sequencer as the check stores and compares it. For one key, the greater sequencer is
 * the later event; sequencers of different lengths are compared after right-padding the shorter
 * with zeros (AWS's S3 event message structure). Upper case without trailing zeros, a plain string
 * comparison (in JavaScript and in DynamoDB's condition) gives exactly that order.
 */
export const sequencerOrder = (sequencer: string): string => sequencer.toUpperCase().replace(/0+$/, '');

/** The object version an event is about: both missing for a record that does not say. */
export interface EventVersion {
  eTag?: string | undefined;
  sequencer?: string | undefined;
}

/** How often a check looks again when its record changed under it (another check of the key finished first). */
const RECORD_ATTEMPTS = 3;

/** Checks one object of the bucket; see the module comment. */
export async function checkImage(bucket: string, key: string, version: EventVersion = {}, now: () => Date = () => new Date()): Promise<CheckOutcome> {
  if (!key.startsWith(imageCheckFunction.keyPrefix)) {
    // Never delete outside the prefix vendors write to, whatever reaches the function.
    logger.warn('object outside the vendor prefix: not checked', { key });
    return { key, outcome: 'ignored' };
  }
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await checkOnce(bucket, key, version, now);
    if (outcome !== 'record changed') return outcome;
    // Another check of the key recorded between this one's read and write: decide again on what is there now.
    if (attempt === RECORD_ATTEMPTS) throw new Error(`image check record of ${key} kept changing (${RECORD_ATTEMPTS} attempts)`);
    logger.info('image check record changed meanwhile: checking again', { key, attempt });
  }
}

async function checkOnce(bucket: string, key: string, version: EventVersion, now: () => Date): Promise<CheckOutcome | 'record changed'> {
  const stored = await headObject(bucket, key);
  if (!stored) return unchecked(key, 'gone');
  if (version.eTag !== undefined && plainETag(version.eTag) !== stored.eTag) return unchecked(key, 'changed');
  const previous = await getCheck(key);
  const eventOrder = version.sequencer === undefined ? undefined : sequencerOrder(version.sequencer);
  // Without a sequencer the event cannot be placed: it may rewrite the record only as it read it.
  const sequencer = eventOrder ?? previous?.sequencer;
  /** A later version of the key was judged already: its record stays. */
  const stale = eventOrder !== undefined && previous?.sequencer !== undefined && previous.sequencer > eventOrder;
  const judged: Judged = { bucket, key, stored, sequencer, stale, now };

  const match = IMAGE_KEY_PATTERN.exec(key);
  // Bad keys are never bound: whatever is stored there is deleted.
  if (!match) return reject(judged, { bound: previous?.eTag ?? stored.eTag, folder: null }, 'bad_key');
  const folder = uploadFolderOf(key);
  if (previous?.eTag !== undefined && previous.eTag !== stored.eTag) {
    // The key was checked (and maybe reviewed) with another object: this one is deleted whatever
    // the record says, so no ordering of events can keep a swapped image.
    return reject(judged, { bound: previous.eTag, folder }, 'overwritten');
  }
  if (stale) return unchecked(key, 'changed');

  // From here the object is the key's first checked one, or the same again (a redelivered event).
  const bind = { bound: stored.eTag, folder };
  if (stored.size > MAX_IMAGE_BYTES) return reject(judged, bind, 'too_large');
  const signature = stored.size === 0 ? new Uint8Array() : await readSignature(bucket, key, stored.eTag);
  if (signature === 'gone' || signature === 'changed') return unchecked(key, signature);
  const contentType = detectImageType(signature);
  if (!contentType) return reject(judged, bind, 'not_an_image');
  if (!extensionFits(contentType, match[1]!)) return reject(judged, bind, 'type_mismatch');

  if (!(await admit(bucket, folder, key, now))) return reject(judged, { ...bind, folder: null }, 'too_many_images');
  // The primary-image rules and the renditions read the whole file (at most MAX_IMAGE_BYTES).
  const bytes = await readObject(bucket, key, stored.eTag);
  if (bytes === 'gone' || bytes === 'changed') return unchecked(key, bytes);
  // sharp does not read BMP.
  const primary: PrimaryImageCheck | null = contentType === 'image/bmp' ? null : await primaryCheckOf(bytes);
  // Tagged `referenced=no` (the original here, the renditions as they are written) before the valid
  // record is written, so the products API never sees a valid new upload without the tag. Only while
  // the key has no record, or a released one (no product can have taken it since: a claim needs
  // `valid`): with any other record the key was judged before (a redelivery, or the same bytes again
  // after a rejection), and the API may have tagged the object `yes` since; re-tagging `no` would
  // expire a product's image. Such an object keeps the tag it has (or none: then it never expires),
  // and renditions written for it now get that tag.
  const fresh = previous === null || previous.status === 'released';
  const tag = fresh ? referencedTag.no : await referencedTagOf(bucket, key);
  if (tag === 'gone') return unchecked(key, 'gone');
  // Written before the record, so a valid record always has its renditions (answers name them without looking).
  const renditions = await writeRenditions(key, bytes, contentType, tag);
  if (fresh && (await tagUnreferenced(bucket, key)) === 'gone') return unchecked(key, 'gone');
  const recorded = await recordCheck({
    key,
    status: 'valid',
    contentType,
    size: stored.size,
    checkedAt: now().toISOString(),
    eTag: stored.eTag,
    ...(sequencer === undefined ? {} : { sequencer }),
    ...(primary ? { primary } : {}),
    renditions,
  });
  if (!recorded) return 'record changed';
  logger.info('image valid', { key, contentType, size: stored.size, primaryProblems: primary?.problems ?? 'not measured' });
  return { key, outcome: 'valid', contentType, size: stored.size };
}

/**
 * Both renditions of a valid image (./renditions.ts) in the renditions bucket, each unless its key
 * holds it already (a redelivered event, the same bytes again): what the record says of them.
 */
async function writeRenditions(key: string, bytes: Uint8Array, contentType: ImageContentType, tag: ReferencedTagValue | undefined): Promise<Record<RenditionName, RenditionRecord>> {
  const made = await renditionsOf(bytes, contentType);
  const bucket = env.renditionsBucket();
  const written = await Promise.all(
    RENDITION_NAMES.map(async (name) => {
      const { body, contentType: type, width, height } = made[name];
      const target = renditionKey(key, name);
      await putRendition(bucket, target, { body, contentType: type }, tag);
      const record: RenditionRecord = { key: target, contentType: type, bytes: body.length, ...(width && height ? { width, height } : {}) };
      return [name, record] as const;
    }),
  );
  return Object.fromEntries(written) as Record<RenditionName, RenditionRecord>;
}

/** One object version being judged, and what its record write must respect. */
interface Judged {
  bucket: string;
  key: string;
  stored: StoredObject;
  sequencer: string | undefined;
  stale: boolean;
  now: () => Date;
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
 * The record keeps the key's binding (`bound`); a stale event (a later version has its record)
 * records nothing but still deletes its object. `folder` when the key may hold a slot (an earlier
 * version passed): it is freed. Only the judged version is deleted (If-Match): an object written
 * since is judged by its own event.
 */
async function reject(judged: Judged, at: { bound: string; folder: string | null }, reason: RejectionReason): Promise<CheckOutcome | 'record changed'> {
  const { bucket, key, stored, sequencer, stale, now } = judged;
  const checkedAt = now().toISOString();
  if (!stale) {
    const recorded = await recordCheck({ key, status: 'rejected', reason, size: stored.size, checkedAt, eTag: at.bound, ...(sequencer === undefined ? {} : { sequencer }) });
    if (!recorded) return 'record changed';
  }
  if (at.folder) await releaseFromFolder(at.folder, [key], checkedAt);
  const deleted = await deleteObject(bucket, key, stored.eTag);
  logger.info(deleted === 'changed' ? 'image rejected; replaced since, so its own event judges the new object' : 'image rejected and deleted', { key, reason, size: stored.size });
  return { key, outcome: 'rejected', reason, size: stored.size };
}

function unchecked(key: string, outcome: 'gone' | 'changed'): CheckOutcome {
  logger.info(outcome === 'gone' ? 'object no longer exists: nothing to check' : 'object replaced since the event, or a later version judged: nothing to do', { key });
  return { key, outcome };
}

/** Every object-created record of the event, one after another. */
export async function checkUploads(event: unknown, now: () => Date = () => new Date()): Promise<CheckOutcome[]> {
  const bucket = env.productImagesBucket();
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
    const { eTag, sequencer } = record.s3.object;
    outcomes.push(await checkImage(bucket, key, { eTag, sequencer }, now));
  }
  return outcomes;
}

export const handler = middy<S3Event, CheckOutcome[], Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler((event) => checkUploads(event));
