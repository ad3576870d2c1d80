import { mkdirSync } from 'node:fs';
// s3rver ships no types.
// @ts-expect-error untyped module
import S3rver from 's3rver';
import type { Context } from 'aws-lambda';
import { imageCheckFunction } from '../../contracts/functions';
import { productImageRenditions, productImagesBucket } from '../../contracts/buckets';
import { lambdaContext, loadHandler } from './lambda-runtime';

export interface S3Event {
  Records: { eventName: string; s3: { bucket: { name: string }; object: { key: string; size?: number } } }[];
}

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

function corsXml(origins: string[]): string {
  const rule = (origin: string) => `
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    ${productImagesBucket.corsAllowedMethods.map((m) => `<AllowedMethod>${m}</AllowedMethod>`).join('')}
    <AllowedHeader>*</AllowedHeader>
    ${productImagesBucket.corsExposedHeaders.map((h) => `<ExposeHeader>${h}</ExposeHeader>`).join('')}
    <MaxAgeSeconds>${productImagesBucket.maxAgeSeconds}</MaxAgeSeconds>
  </CORSRule>`;
  return `<CORSConfiguration>${origins.map(rule).join('')}\n</CORSConfiguration>`;
}

/** s3rver with the product-images bucket (CORS for the site origins) and the renditions bucket; object events go to `onEvent`. */
export async function startS3(opts: { port: number; dir: string; siteOrigins: string[]; onEvent?: (event: S3Event) => void }): Promise<LocalS3> {
  mkdirSync(opts.dir, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port,
    directory: opts.dir,
    silent: true,
    vhostBuckets: false,
    // The renditions bucket needs no CORS: the browser reads renditions through the site's origin (/renditions/*).
    configureBuckets: [
      { name: productImagesBucket.localName, configs: [corsXml(opts.siteOrigins)] },
      { name: productImageRenditions.localName, configs: [] },
    ],
  });
  if (opts.onEvent) server.on('event', opts.onEvent);
  await server.run();
  return {
    endpoint: `http://localhost:${opts.port}`,
    async stop() {
      await server.close();
    },
  };
}

/** Lambda's retries of a failed asynchronous invocation (S3 notifications invoke asynchronously). */
const INVOKE_RETRIES = 2;

/** Keys in S3 event records are URL-encoded, '+' for a space (`private/us-east-1%3A…`); s3rver hands them on raw. */
export const encodeEventKey = (key: string): string => encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+');

type S3EventHandler = (event: S3Event, context: Context) => Promise<unknown>;

/**
 * The local stand-in for the product-images bucket's notification (lib/images.ts): object-created
 * events of keys under the vendor prefix go, in this process, to the same image check handler —
 * so a vendor who uploads around the browser locally gains nothing either. Like the cloud it is
 * asynchronous (the upload's answer does not wait for the check; tests poll the check's record)
 * and a failed check is tried twice more, then logged; it never stops the stack.
 */
export function imageCheckNotification(log: (line: string) => void): (event: S3Event) => void {
  return (event) => {
    const records = event.Records.filter(
      (r) => r.eventName.startsWith('ObjectCreated:') && r.s3.bucket.name === productImagesBucket.localName && r.s3.object.key.startsWith(imageCheckFunction.keyPrefix),
    );
    if (!records.length) return;
    const encoded: S3Event = { Records: records.map((r) => ({ ...r, s3: { ...r.s3, object: { ...r.s3.object, key: encodeEventKey(r.s3.object.key) } } })) };
    void invokeImageCheck(encoded, records.map((r) => r.s3.object.key).join(', '), log);
  };
}

async function invokeImageCheck(event: S3Event, keys: string, log: (line: string) => void): Promise<void> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= 1 + INVOKE_RETRIES; attempt += 1) {
    try {
      const { handler } = await loadHandler<S3EventHandler>(imageCheckFunction.entry);
      await handler(event, lambdaContext('image-check'));
      return;
    } catch (err) {
      lastError = err;
    }
  }
  log(`✖ image check failed after ${1 + INVOKE_RETRIES} attempts for ${keys}: ${lastError instanceof Error ? lastError.message : String(lastError)}`);
}
