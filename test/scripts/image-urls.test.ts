import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/cloudfront-signer';
import { localImageUrlKey, resourceMatches, serveRendition, verifySignedUrl, type LocalImageUrlKey } from '../../scripts/local/image-urls';

process.env.AWS_REGION ??= 'us-east-1';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const ID = 'KLOCALTESTKEY1';
const keys = new Map([[ID, publicKey]]);
const NOW = Date.UTC(2026, 10, 24, 10, 0, 0);
const inAnHour = new Date(NOW + 3_600_000);
const BASE = 'http://127.0.0.1:5173';
const KEY = 'renditions/us-east-1:0b9c8a4e/products/f/i.jpg/w320';
const PATH = `/${KEY.replace(':', '%3A')}`;

const canned = (url = `${BASE}${PATH}`, opts: { dateLessThan?: Date; algorithm?: 'SHA256' } = {}) =>
  getSignedUrl({ url, keyPairId: ID, privateKey: PEM, dateLessThan: opts.dateLessThan ?? inAnHour, ...(opts.algorithm ? { algorithm: opts.algorithm } : {}) });
const custom = (statement: Record<string, unknown>, url = `${BASE}${PATH}`) => getSignedUrl({ url, keyPairId: ID, privateKey: PEM, policy: JSON.stringify({ Statement: [statement] }) });
const until = (date: Date) => ({ DateLessThan: { 'AWS:EpochTime': Math.floor(date.getTime() / 1000) } });

describe('the local CloudFront signature check (scripts/local/image-urls.ts)', () => {
  it('accepts a canned-policy URL made by @aws-sdk/cloudfront-signer, and gives the object key it reads', () => {
    expect(verifySignedUrl(canned(), keys, { now: NOW })).toEqual({ ok: true, key: KEY });
    expect(verifySignedUrl(canned(undefined, { algorithm: 'SHA256' }), keys, { now: NOW }).ok).toBe(true);
  });

  it('refuses an expired URL, a changed path, a changed Expires, another key and a missing signature', () => {
    expect(verifySignedUrl(canned(), keys, { now: inAnHour.getTime() })).toEqual({ ok: false, reason: 'Expired' });
    expect(verifySignedUrl(canned().replace('/w320', '/w1200'), keys, { now: NOW })).toEqual({ ok: false, reason: 'Signature does not match' });
    const later = canned().replace(/Expires=(\d+)/, (_m, s: string) => `Expires=${Number(s) + 3600}`);
    expect(verifySignedUrl(later, keys, { now: NOW })).toEqual({ ok: false, reason: 'Signature does not match' });
    expect(verifySignedUrl(canned(), new Map([[ID, generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey]]), { now: NOW })).toEqual({ ok: false, reason: 'Signature does not match' });
    expect(verifySignedUrl(canned().replace(`Key-Pair-Id=${ID}`, 'Key-Pair-Id=KOTHER'), keys, { now: NOW })).toEqual({ ok: false, reason: 'Key-Pair-Id KOTHER is not trusted' });
    expect(verifySignedUrl(`${BASE}${PATH}`, keys, { now: NOW })).toEqual({ ok: false, reason: 'Missing Key-Pair-Id or Signature' });
    const tamperedSignature = canned().replace(/Signature=([^&]{4})/, 'Signature=AAAA');
    expect(verifySignedUrl(tamperedSignature, keys, { now: NOW }).ok).toBe(false);
  });

  it('matches a custom policy\'s resource with * as any characters, and its date and address conditions', () => {
    expect(verifySignedUrl(custom({ Resource: 'http*://*/renditions/us-east-1%3A0b9c8a4e/*', Condition: until(inAnHour) }), keys, { now: NOW }).ok).toBe(true);
    expect(verifySignedUrl(custom({ Resource: 'http*://*/renditions/us-east-1%3Aother/*', Condition: until(inAnHour) }), keys, { now: NOW })).toEqual({ ok: false, reason: 'The policy is for another resource' });
    const notYet = custom({ Resource: 'http*://*', Condition: { ...until(inAnHour), DateGreaterThan: { 'AWS:EpochTime': NOW / 1000 + 60 } } });
    expect(verifySignedUrl(notYet, keys, { now: NOW })).toEqual({ ok: false, reason: 'Not valid yet' });
    const fromOffice = custom({ Resource: 'http*://*', Condition: { ...until(inAnHour), IpAddress: { 'AWS:SourceIp': '203.0.113.0/24' } } });
    expect(verifySignedUrl(fromOffice, keys, { now: NOW, viewerIp: '203.0.113.9' }).ok).toBe(true);
    expect(verifySignedUrl(fromOffice, keys, { now: NOW, viewerIp: '198.51.100.1' })).toEqual({ ok: false, reason: 'Not for this address' });
    expect(verifySignedUrl(custom({ Resource: 'http*://*' }), keys, { now: NOW })).toEqual({ ok: false, reason: 'Policy has no DateLessThan' });
  });

  it('treats nothing in a resource but * as a pattern', () => {
    expect(resourceMatches('https://a.example/x.y/*', 'https://a.example/x.y/z/w')).toBe(true);
    expect(resourceMatches('https://a.example/x.y/*', 'https://a.example/xAy/z')).toBe(false);
    expect(resourceMatches('https://a.example/(x)+/*', 'https://a.example/(x)+/1')).toBe(true);
  });

  it('makes the local key pair once per data folder and keeps it across starts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'image-url-key-'));
    try {
      const first = localImageUrlKey(dir);
      expect(first.keyPairId).toMatch(/^K[0-9A-F]{13}$/);
      expect(first.publicKeyPem).toContain('BEGIN PUBLIC KEY');
      expect(localImageUrlKey(dir)).toEqual(first);
      expect(statSync(path.join(dir, 'image-url-key.pem')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the local /renditions/* behaviour (serveRendition)', () => {
  const s3 = mockClient(S3Client);
  const key: LocalImageUrlKey = { privateKeyPem: PEM, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), keyPairId: ID };
  const WEBP = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake', 'latin1');
  let server: http.Server;
  let origin: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => void serveRendition(req, res, { bucket: 'renditions-test', key }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    s3.reset();
    s3.on(GetObjectCommand, { Bucket: 'renditions-test', Key: KEY }).callsFake(() => ({
      // What the SDK's body offers; the server streams it.
      Body: { transformToWebStream: () => new Blob([WEBP]).stream() },
      ContentType: 'image/webp',
      ContentLength: WEBP.length,
      CacheControl: 'public, max-age=31536000, immutable',
      ETag: '"abc"',
    }));
    s3.on(GetObjectCommand, { Key: 'renditions/us-east-1:0b9c8a4e/products/f/gone.jpg/w320' }).rejects(new NoSuchKey({ message: 'gone', $metadata: {} }));
  });

  /** A URL valid now (the server checks against the real clock), path and query as the browser sends them. */
  const signed = (p = PATH) => {
    const url = new URL(getSignedUrl({ url: `${origin}${p}`, keyPairId: ID, privateKey: PEM, dateLessThan: new Date(Date.now() + 3_600_000) }));
    return `${origin}${url.pathname}${url.search}`;
  };

  it('streams the object with its stored type and cache headers for a good signature', async () => {
    const res = await fetch(signed());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(WEBP);
    expect(s3.commandCalls(GetObjectCommand).map((c) => c.args[0].input)).toEqual([{ Bucket: 'renditions-test', Key: KEY }]);
    const head = await fetch(signed(), { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(WEBP.length)]);
  });

  it('answers 403 AccessDenied for a tampered or expired URL, without reading the bucket', async () => {
    const tampered = signed().replace('/w320', '/w1200');
    const expired = `${origin}${new URL(getSignedUrl({ url: `${origin}${PATH}`, keyPairId: ID, privateKey: PEM, dateLessThan: new Date(Date.now() - 1000) })).search}`.replace(origin, `${origin}${PATH}`);
    for (const url of [tampered, expired, `${origin}${PATH}`]) {
      const res = await fetch(url);
      expect({ url, status: res.status }).toEqual({ url, status: 403 });
      expect(await res.text()).toContain('<Code>AccessDenied</Code>');
    }
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);
  });

  it('answers 403 for a missing object and for anything outside renditions/, as CloudFront with origin access control does', async () => {
    expect((await fetch(signed('/renditions/us-east-1%3A0b9c8a4e/products/f/gone.jpg/w320'))).status).toBe(403);
    expect((await fetch(signed('/private/us-east-1%3A0b9c8a4e/products/f/i.jpg'))).status).toBe(403);
    expect((await fetch(signed(), { method: 'DELETE' })).status).toBe(405);
  });
});
