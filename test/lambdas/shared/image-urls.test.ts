import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { IMAGE_URL_TTL_SECONDS, IMAGE_URL_WINDOW_SECONDS, imageUrls, renditionsPolicy } from '../../../lambdas/shared/image-urls';
import { fromCloudFrontBase64, verifySignedUrl } from '../../../scripts/local/image-urls';
import { renditionKey } from '../../../contracts/buckets';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const KEY_PAIR_ID = 'K2JCJMDEHXQW5F';
const keySource = () => Promise.resolve(PEM);

const OWNER = 'us-east-1:0b9c8a4e-1f2d-4c3b-9a8e-7d6c5b4a3f2e';
const OTHER = 'us-east-1:9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
const imageOf = (identity: string, n = 1) => `private/${identity}/products/8c7b6a5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d/3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0${n}.jpg`;

/** 10:00:30 UTC: 30 s into a window. */
const WINDOW_START = Date.UTC(2026, 10, 24, 10, 0, 0);
let now = WINDOW_START + 30_000;

beforeEach(() => {
  process.env.IMAGE_URL_KEY_PAIR_ID = KEY_PAIR_ID;
  delete process.env.IMAGE_URL_PRIVATE_KEY;
  delete process.env.IMAGE_URL_KEY_SECRET_ARN;
  now = WINDOW_START + 30_000;
});

const signer = () => imageUrls({ now: () => now, keySource });
const params = (url: string) => new URL(url, 'https://portal.example.com').searchParams;

describe('signed rendition URLs (lambdas/shared/image-urls.ts)', () => {
  it('are relative URLs of the rendition with CloudFront\'s Policy, Signature and Key-Pair-Id', async () => {
    const url = (await signer()).rendition(imageOf(OWNER), 'thumbnail');
    const path = `/${renditionKey(imageOf(OWNER), 'thumbnail')}`.replace(':', '%3A');
    expect(url.startsWith(`${path}?`)).toBe(true);
    expect([...params(url).keys()].sort()).toEqual(['Key-Pair-Id', 'Policy', 'Signature']);
    expect(params(url).get('Key-Pair-Id')).toBe(KEY_PAIR_ID);
  });

  it('carry an RSA-SHA1 signature of the policy that node:crypto verifies with the public key', async () => {
    const url = (await signer()).rendition(imageOf(OWNER), 'display');
    const policy = fromCloudFrontBase64(params(url).get('Policy')!);
    const signature = fromCloudFrontBase64(params(url).get('Signature')!);
    expect(verify('RSA-SHA1', policy, publicKey, signature)).toBe(true);
    // Another key does not verify it, nor does the signature fit another policy.
    expect(verify('RSA-SHA1', policy, generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey, signature)).toBe(false);
    expect(verify('RSA-SHA1', Buffer.from(renditionsPolicy(OTHER, 1)), publicKey, signature)).toBe(false);
  });

  it('cover all of the owner\'s renditions on any host, until the end of the window plus an hour', async () => {
    const url = (await signer()).rendition(imageOf(OWNER), 'display');
    const policy = JSON.parse(fromCloudFrontBase64(params(url).get('Policy')!).toString()) as { Statement: { Resource: string; Condition: { DateLessThan: { 'AWS:EpochTime': number } } }[] };
    expect(policy.Statement).toEqual([{ Resource: 'http*://*/renditions/us-east-1%3A0b9c8a4e-1f2d-4c3b-9a8e-7d6c5b4a3f2e/*', Condition: { DateLessThan: { 'AWS:EpochTime': expect.any(Number) } } }]);
    const expires = policy.Statement[0]!.Condition.DateLessThan['AWS:EpochTime'];
    expect(expires * 1000).toBe(WINDOW_START + (IMAGE_URL_WINDOW_SECONDS + IMAGE_URL_TTL_SECONDS) * 1000);
  });

  it('are the same URL for an image throughout a window (the browser caches it), and one signature serves all of an owner\'s images', async () => {
    const first = await signer();
    const a = first.rendition(imageOf(OWNER, 1), 'thumbnail');
    const b = first.rendition(imageOf(OWNER, 2), 'thumbnail');
    expect(params(a).get('Signature')).toBe(params(b).get('Signature'));
    now = WINDOW_START + IMAGE_URL_WINDOW_SECONDS * 1000 - 1;
    expect((await signer()).rendition(imageOf(OWNER, 1), 'thumbnail')).toBe(a);
    // Another owner, another signature; the next window, another URL.
    expect(params(first.rendition(imageOf(OTHER), 'thumbnail')).get('Signature')).not.toBe(params(a).get('Signature'));
    now = WINDOW_START + IMAGE_URL_WINDOW_SECONDS * 1000;
    expect((await signer()).rendition(imageOf(OWNER, 1), 'thumbnail')).not.toBe(a);
  });

  it('pass the local CloudFront stand-in\'s check at any moment of their validity, and not after it', async () => {
    const url = (await signer()).rendition(imageOf(OWNER), 'thumbnail');
    const keys = new Map([[KEY_PAIR_ID, publicKey]]);
    const request = `http://127.0.0.1:5173${url}`;
    expect(verifySignedUrl(request, keys, { now })).toEqual({ ok: true, key: renditionKey(imageOf(OWNER), 'thumbnail') });
    const lastMoment = WINDOW_START + (IMAGE_URL_WINDOW_SECONDS + IMAGE_URL_TTL_SECONDS) * 1000 - 1;
    expect(verifySignedUrl(request, keys, { now: lastMoment }).ok).toBe(true);
    expect(verifySignedUrl(request, keys, { now: lastMoment + 1 })).toEqual({ ok: false, reason: 'Expired' });
    // The owner's signature opens none of another owner's renditions.
    const foreign = `http://127.0.0.1:5173/${renditionKey(imageOf(OTHER), 'thumbnail').replace(':', '%3A')}?${url.split('?')[1]}`;
    expect(verifySignedUrl(foreign, keys, { now })).toEqual({ ok: false, reason: 'The policy is for another resource' });
  });

  it('read the private key from the Secrets Manager secret in the cloud, once per container', async () => {
    const sm = mockClient(SecretsManagerClient);
    sm.on(GetSecretValueCommand).resolves({ SecretString: PEM });
    process.env.IMAGE_URL_KEY_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:image-url-key-AbCdEf';
    const url = (await imageUrls({ now: () => now })).rendition(imageOf(OWNER), 'thumbnail');
    await imageUrls({ now: () => now });
    expect(sm.commandCalls(GetSecretValueCommand).map((c) => c.args[0].input)).toEqual([{ SecretId: process.env.IMAGE_URL_KEY_SECRET_ARN }]);
    expect(verifySignedUrl(`https://portal.example.com${url}`, new Map([[KEY_PAIR_ID, createPublicKey(PEM)]]), { now }).ok).toBe(true);
    sm.restore();
  });

  it('without a key pair id or any key, fail as a deployment error', async () => {
    delete process.env.IMAGE_URL_KEY_PAIR_ID;
    await expect(imageUrls({ keySource })).rejects.toThrow('Missing environment variable IMAGE_URL_KEY_PAIR_ID');
    process.env.IMAGE_URL_KEY_PAIR_ID = KEY_PAIR_ID;
    await expect(imageUrls()).rejects.toThrow('IMAGE_URL_KEY_SECRET_ARN');
  });
});
