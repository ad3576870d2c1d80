/**
 * The local stand-in for CloudFront's `/renditions/*` behaviour (issue 23; lib/site.ts): there is no
 * CloudFront locally, so the local API server checks a rendition URL's signature as CloudFront does
 * and streams the object from s3rver's renditions bucket. The local stack has a key pair of its own
 * (`image-url-key.pem` in its data folder, made on first start), whose private key the Lambdas' code
 * signs with (env IMAGE_URL_PRIVATE_KEY, lambdas/shared/image-urls.ts): the same signing code as in
 * the cloud, checked here against the public key.
 *
 * What CloudFront checks (its developer guide, "Use signed URLs"): `Key-Pair-Id` names a public key
 * of the behaviour's key group; `Signature` is the RSA-SHA1 signature (SHA256 when
 * `Hash-Algorithm=SHA256`) of the policy, in CloudFront's URL-safe base64 (`+` → `-`, `=` → `_`,
 * `/` → `~`). A canned policy is not sent: it is rebuilt from the URL (without the signing
 * parameters) and `Expires`. A custom policy is sent as `Policy` (same base64) and its resource may
 * hold `*` (any characters); `DateLessThan` must be in the future, `DateGreaterThan` (if any) in the
 * past, `IpAddress` (if any) must hold the viewer's address. Anything else: 403 AccessDenied.
 */
import { createHash, createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { productImageRenditions } from '../../contracts/buckets';
import { isMissingObject, s3Client } from '../../lambdas/shared/s3';

/** The signing parameters CloudFront reads and leaves out of the resource it matches. */
const SIGNING_PARAMETERS = ['Expires', 'Policy', 'Signature', 'Key-Pair-Id', 'Hash-Algorithm'];

export interface LocalImageUrlKey {
  privateKeyPem: string;
  publicKeyPem: string;
  /** What CloudFront would call the public key: `K` and 13 characters, here from the key's own hash. */
  keyPairId: string;
}

export const imageUrlKeyFile = (dataDir: string): string => path.join(dataDir, 'image-url-key.pem');

/**
 * The local stack's signing key: read from its data folder, or made there (RSA 2048, as CloudFront
 * requires) the first time. Written to a temporary file and linked into place, so two processes
 * starting at once end up with one key.
 */
export function localImageUrlKey(dataDir: string): LocalImageUrlKey {
  const file = imageUrlKeyFile(dataDir);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    try {
      linkSync(temporary, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      rmSync(temporary, { force: true });
    }
  }
  const privateKeyPem = readFileSync(file, 'utf8');
  const publicKey = createPublicKey(privateKeyPem);
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    privateKeyPem,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    keyPairId: `K${createHash('sha256').update(der).digest('hex').slice(0, 13).toUpperCase()}`,
  };
}

/** CloudFront's URL-safe base64 back to bytes. */
export const fromCloudFrontBase64 = (value: string): Buffer => Buffer.from(value.replace(/-/g, '+').replace(/_/g, '=').replace(/~/g, '/'), 'base64');

interface PolicyStatement {
  Resource?: unknown;
  Condition?: { DateLessThan?: { 'AWS:EpochTime'?: unknown }; DateGreaterThan?: { 'AWS:EpochTime'?: unknown }; IpAddress?: { 'AWS:SourceIp'?: unknown } };
}

/** A policy resource as CloudFront matches it: `*` is any run of characters (slashes too), everything else literal. */
export function resourceMatches(resource: string, url: string): boolean {
  const pattern = resource
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`, 's').test(url);
}

function ipv4InCidr(ip: string, cidr: string): boolean {
  const toNumber = (a: string) => a.split('.').reduce((n, octet) => (n << 8) + Number(octet), 0) >>> 0;
  const [base, bits = '32'] = cidr.split('/');
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(ip) || !base) return false;
  const mask = Number(bits) === 0 ? 0 : (~0 << (32 - Number(bits))) >>> 0;
  return (toNumber(ip) & mask) === (toNumber(base) & mask);
}

export type Verdict = { ok: true; key: string } | { ok: false; reason: string };

/**
 * Checks a request URL (`origin` + the path and query as requested) as CloudFront would for a
 * behaviour trusting `keys` (public key id → key). `now`: epoch milliseconds. On success, the
 * object key the behaviour reads (the path, decoded, without its leading slash).
 */
export function verifySignedUrl(requestUrl: string, keys: ReadonlyMap<string, KeyObject>, opts: { now?: number; viewerIp?: string } = {}): Verdict {
  const url = new URL(requestUrl);
  const params = url.searchParams;
  const keyPairId = params.get('Key-Pair-Id');
  const signature = params.get('Signature');
  if (!keyPairId || !signature) return { ok: false, reason: 'Missing Key-Pair-Id or Signature' };
  const key = keys.get(keyPairId);
  if (!key) return { ok: false, reason: `Key-Pair-Id ${keyPairId} is not trusted` };
  // The resource CloudFront matches: the URL without its signing parameters (the others kept, in order).
  const rest = [...params].filter(([name]) => !SIGNING_PARAMETERS.includes(name));
  const query = rest.length ? `?${rest.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}` : '';
  const resourceUrl = `${url.origin}${url.pathname}${query}`;
  let policyText: string;
  if (params.has('Policy')) {
    policyText = fromCloudFrontBase64(params.get('Policy')!).toString('utf8');
  } else if (params.has('Expires')) {
    const expires = params.get('Expires')!;
    if (!/^\d+$/.test(expires)) return { ok: false, reason: 'Expires is not a number of seconds' };
    policyText = JSON.stringify({ Statement: [{ Resource: resourceUrl, Condition: { DateLessThan: { 'AWS:EpochTime': Number(expires) } } }] });
  } else {
    return { ok: false, reason: 'Missing Policy or Expires' };
  }
  const algorithm = params.get('Hash-Algorithm') === 'SHA256' ? 'RSA-SHA256' : 'RSA-SHA1';
  if (!verify(algorithm, Buffer.from(policyText, 'utf8'), key, fromCloudFrontBase64(signature))) return { ok: false, reason: 'Signature does not match' };

  let statement: PolicyStatement | undefined;
  try {
    statement = (JSON.parse(policyText) as { Statement?: PolicyStatement[] }).Statement?.[0];
  } catch {
    return { ok: false, reason: 'Policy is not JSON' };
  }
  if (!statement) return { ok: false, reason: 'Policy has no statement' };
  if (typeof statement.Resource === 'string' && !resourceMatches(statement.Resource, resourceUrl)) return { ok: false, reason: 'The policy is for another resource' };
  const seconds = Math.floor((opts.now ?? Date.now()) / 1000);
  const lessThan = statement.Condition?.DateLessThan?.['AWS:EpochTime'];
  if (typeof lessThan !== 'number') return { ok: false, reason: 'Policy has no DateLessThan' };
  if (seconds >= lessThan) return { ok: false, reason: 'Expired' };
  const greaterThan = statement.Condition?.DateGreaterThan?.['AWS:EpochTime'];
  if (typeof greaterThan === 'number' && seconds <= greaterThan) return { ok: false, reason: 'Not valid yet' };
  const cidr = statement.Condition?.IpAddress?.['AWS:SourceIp'];
  if (typeof cidr === 'string' && !ipv4InCidr(opts.viewerIp ?? '', cidr)) return { ok: false, reason: 'Not for this address' };

  let objectKey: string;
  try {
    objectKey = decodeURIComponent(url.pathname.slice(1));
  } catch {
    return { ok: false, reason: 'The path is not validly encoded' };
  }
  return { ok: true, key: objectKey };
}

function denied(res: http.ServerResponse, message: string): void {
  res.writeHead(403, { 'content-type': 'text/xml', 'cache-control': 'no-store' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>${message.replace(/[<>&]/g, '')}</Message></Error>`);
}

/**
 * Answers a GET or HEAD of `/renditions/...` (the caller routes them here): the signature checked
 * with the local public key, then the object streamed from the renditions bucket with its stored
 * type, cache headers and ETag. Outside `renditions/`, a missing object or a bad signature: 403, as
 * CloudFront with origin access control (no list permission) answers.
 */
export async function serveRendition(req: http.IncomingMessage, res: http.ServerResponse, opts: { bucket: string; key: LocalImageUrlKey; log?: (line: string) => void }): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' });
    res.end();
    return;
  }
  const host = (req.headers['x-forwarded-host'] as string | undefined) ?? req.headers.host ?? '127.0.0.1';
  const verdict = verifySignedUrl(`http://${host}${req.url ?? '/'}`, new Map([[opts.key.keyPairId, createPublicKey(opts.key.publicKeyPem)]]), {
    viewerIp: req.socket.remoteAddress?.replace(/^::ffff:/, ''),
  });
  if (!verdict.ok) return denied(res, verdict.reason);
  if (!verdict.key.startsWith(productImageRenditions.prefix)) return denied(res, 'Access Denied');
  try {
    const out = await s3Client().send(new GetObjectCommand({ Bucket: opts.bucket, Key: verdict.key }));
    const headers: Record<string, string> = { 'content-type': out.ContentType ?? 'application/octet-stream', 'x-content-type-options': 'nosniff' };
    if (out.ContentLength !== undefined) headers['content-length'] = String(out.ContentLength);
    if (out.CacheControl) headers['cache-control'] = out.CacheControl;
    if (out.ETag) headers.etag = out.ETag;
    if (out.LastModified) headers['last-modified'] = out.LastModified.toUTCString();
    res.writeHead(200, headers);
    if (req.method === 'HEAD' || !out.Body) {
      res.end();
      return;
    }
    Readable.fromWeb(out.Body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0]).pipe(res);
  } catch (err) {
    if (isMissingObject(err)) return denied(res, 'Access Denied');
    opts.log?.(`renditions: ${(err as Error).message}`);
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end();
  }
}
