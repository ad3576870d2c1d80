import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * ID tokens made outside cognito-local, for the authorizer's negative cases. cognito-local signs every
 * token with the key pair shipped in its package (`lib/keys/cognitoLocal.private.json`, kid
 * `CognitoLocal`) and publishes the public half as the pool's JWKS, which the local API server
 * verifies against; signing with that key makes a token the server cannot tell from cognito-local's.
 */
const require = createRequire(import.meta.url);
const cognitoLocalKeyFile = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
export const COGNITO_LOCAL_KID = 'CognitoLocal';

let realKey: KeyObject | undefined;
/** The private key cognito-local signs with (the key the local JWKS publishes). */
export function cognitoLocalKey(): KeyObject {
  realKey ??= createPrivateKey((JSON.parse(readFileSync(cognitoLocalKeyFile, 'utf8')) as { pem: string }).pem);
  return realKey;
}

let otherKey: KeyObject | undefined;
/** A fresh RSA key nobody published: a forger's. */
export function foreignKey(): KeyObject {
  otherKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  return otherKey;
}

export const claimsOf = (token: string): Record<string, unknown> => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

/** An RS256 JWT of `claims` signed by `key`, with cognito-local's key id in the header. */
export function signJwt(claims: Record<string, unknown>, key: KeyObject, kid = COGNITO_LOCAL_KID): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const input = `${part({ alg: 'RS256', typ: 'JWT', kid })}.${part(claims)}`;
  return `${input}.${sign('RSA-SHA256', Buffer.from(input), key).toString('base64url')}`;
}

/** `token` with its payload changed and its original signature kept. */
export function tampered(token: string, change: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${Buffer.from(JSON.stringify({ ...claimsOf(token), ...change })).toString('base64url')}.${signature}`;
}

/** The same claims, signed with the real key, expired `agoSeconds` ago. */
export function expired(token: string, agoSeconds = 3600): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ ...claimsOf(token), iat: now - agoSeconds - 3600, auth_time: now - agoSeconds - 3600, exp: now - agoSeconds }, cognitoLocalKey());
}

/** The same claims with a fresh expiry, signed with a key the pool never published (same kid). */
export function forged(token: string): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ ...claimsOf(token), iat: now, exp: now + 3600 }, foreignKey());
}

/** The same claims with a fresh expiry, re-signed with the real key: the control that the signer itself is right. */
export function resigned(token: string): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ ...claimsOf(token), iat: now, exp: now + 3600 }, cognitoLocalKey());
}
