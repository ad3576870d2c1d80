/**
 * Signed URLs of product image renditions (issue 23; contracts/buckets.ts `productImageRenditions`):
 * what every answer that shows an image hands out. CloudFront serves `/renditions/*` from the
 * renditions bucket to requests signed with the key group's key (lib/image-delivery.ts, lib/site.ts);
 * locally the local API server checks the same signature (scripts/local/image-urls.ts).
 *
 * One signature per image owner (identity) and window, not one per image: a custom policy whose
 * resource is everything under `/renditions/<identityId>/` on any host, valid until the window's end
 * plus IMAGE_URL_TTL_SECONDS. RSA signing costs milliseconds (several on a small Lambda), and a product
 * list shows dozens of images of one or two owners; a warm function signs each owner once per window.
 * The URLs are relative (`/renditions/...?Policy=...&Signature=...&Key-Pair-Id=...`): the site, its
 * custom domain and the local dev server all serve them on their own origin, and the key group, not
 * the host, is what makes a signature good. Within a window the same image has the same URL, so the
 * browser's cache serves a thumbnail it has seen (renditions are cached for a year: their keys never
 * change content).
 *
 * A URL lets its holder fetch any rendition of that owner whose key they know, until it expires:
 * keys carry two random UUIDs and are only ever given to that owner's team and to ops.
 */
import { getSignedUrl } from '@aws-sdk/cloudfront-signer';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { identityOfRenditionKey, renditionKey, type RenditionName } from '../../contracts/buckets';
import { env, EnvError } from './env';

/** How long a signed image URL works at least (the web asks again for a fresh answer). */
export const IMAGE_URL_TTL_SECONDS = 3600;
/** Signatures are stable for this long: each is made as of its window and valid for the TTL after the window ends. */
export const IMAGE_URL_WINDOW_SECONDS = 900;
/** Bounds the per-container cache (one entry per image owner, ~600 bytes each). */
const MAX_CACHED_SIGNATURES = 5_000;

/** Where the signing key comes from: the local stack's PEM, else the Secrets Manager secret (cached per container; a failed read is not). */
export type PrivateKeySource = () => Promise<string>;

let secretKey: Promise<string> | undefined;
const defaultKeySource: PrivateKeySource = () => {
  const local = env.imageUrlPrivateKey();
  if (local) return Promise.resolve(local);
  const arn = env.imageUrlKeySecretArn();
  if (!arn) return Promise.reject(new EnvError('IMAGE_URL_KEY_SECRET_ARN', 'Missing environment variable IMAGE_URL_KEY_SECRET_ARN (or IMAGE_URL_PRIVATE_KEY locally)'));
  secretKey ??= new SecretsManagerClient({})
    .send(new GetSecretValueCommand({ SecretId: arn }))
    .then((out) => {
      if (!out.SecretString?.startsWith('-----BEGIN')) throw new Error('The image URL signing secret holds no PEM private key (lib/image-delivery.ts writes it at deploy time)');
      return out.SecretString;
    });
  secretKey.catch(() => {
    secretKey = undefined;
  });
  return secretKey;
};

/** The policy one signature covers: every rendition of one owner, on any host, until `expires` (epoch seconds). */
export function renditionsPolicy(identityId: string, expires: number): string {
  return JSON.stringify({ Statement: [{ Resource: `http*://*${renditionsPath(identityId)}*`, Condition: { DateLessThan: { 'AWS:EpochTime': expires } } }] });
}

/**
 * `/renditions/<identityId>/`, the identity percent-encoded (its `:` as `%3A`) as in every URL handed
 * out: CloudFront matches a policy's resource against the URL as requested, so both spell it alike.
 */
const renditionsPath = (identityId: string) => `/renditions/${encodeURIComponent(identityId)}/`;

/** A rendition key as a URL path: each segment percent-encoded (as the signer encodes a URL's path). */
export const renditionPath = (key: string): string => `/${key.split('/').map(encodeURIComponent).join('/')}`;

export interface ImageUrls {
  /** The signed, relative URL of an image's rendition (`imageKey`: its `private/...` key). */
  rendition(imageKey: string, name: RenditionName): string;
}

/** The signatures made in the current window, per owner: shared by the answers of a warm function. */
let cache: { window: number; keyPairId: string; queries: Map<string, string> } = { window: -1, keyPairId: '', queries: new Map() };

/**
 * A signer for one answer: reads the key (once per container), then signs each owner's policy the
 * first time the window needs it. `now`: epoch milliseconds (tests).
 */
export async function imageUrls(opts: { now?: () => number; keySource?: PrivateKeySource } = {}): Promise<ImageUrls> {
  const now = opts.now ?? Date.now;
  const keyPairId = env.imageUrlKeyPairId();
  const privateKey = await (opts.keySource ?? defaultKeySource)();
  return {
    rendition(imageKey, name) {
      const key = renditionKey(imageKey, name);
      const identityId = identityOfRenditionKey(key);
      if (!identityId) throw new Error(`no owner in ${key}`);
      const window = Math.floor(now() / (IMAGE_URL_WINDOW_SECONDS * 1000));
      if (cache.window !== window || cache.keyPairId !== keyPairId || cache.queries.size >= MAX_CACHED_SIGNATURES) cache = { window, keyPairId, queries: new Map() };
      let query = cache.queries.get(identityId);
      if (!query) {
        const expires = (window + 1) * IMAGE_URL_WINDOW_SECONDS + IMAGE_URL_TTL_SECONDS;
        // The signer appends Policy, Key-Pair-Id and Signature to the URL it is given; the policy, not that URL, says what they are good for.
        const signed = getSignedUrl({ url: 'https://renditions.invalid/', keyPairId, privateKey, policy: renditionsPolicy(identityId, expires) });
        query = signed.slice(signed.indexOf('?') + 1);
        cache.queries.set(identityId, query);
      }
      return `${renditionPath(key)}?${query}`;
    },
  };
}
