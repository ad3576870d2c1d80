import { mkdirSync } from 'node:fs';
// s3rver ships no types.
// @ts-expect-error untyped module
import S3rver from 's3rver';
import { productImagesBucket } from '../../lib/definitions/buckets';

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

/** s3rver with the product-images bucket (CORS for the site origins); object events go to `onEvent`. */
export async function startS3(opts: { port: number; dir: string; siteOrigins: string[]; onEvent?: (event: S3Event) => void }): Promise<LocalS3> {
  mkdirSync(opts.dir, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port,
    directory: opts.dir,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: productImagesBucket.localName, configs: [corsXml(opts.siteOrigins)] }],
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
