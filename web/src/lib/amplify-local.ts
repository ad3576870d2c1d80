/**
 * Amplify Storage on the local stack (docs/local.md). There is no identity pool there,
 * so the browser hands Amplify its own credentials provider: s3rver accepts any signature (the key
 * pair is its documented default), and the identity id is derived from the signed-in user's sub
 * exactly as the products API derives it (`localIdentityId`), so object keys have the cloud's
 * `private/<region>:<uuid>/...` shape and the API accepts them.
 */
import type { Amplify } from 'aws-amplify';
import { localIdentityId } from '@contracts/buckets';

type LibraryOptions = NonNullable<Parameters<typeof Amplify.configure>[1]>;
export type CredentialsProvider = NonNullable<NonNullable<LibraryOptions['Auth']>['credentialsProvider']>;
export type TokenProvider = NonNullable<NonNullable<LibraryOptions['Auth']>['tokenProvider']>;

/** s3rver's default key pair; it checks no signature, so nothing secret is involved. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** Credentials for a signed-in user only (signed out: none, as with the identity pool's authenticated role). */
export function localCredentialsProvider(region: string): CredentialsProvider {
  return {
    async getCredentialsAndIdentityId(options) {
      if (!options.authenticated) return undefined;
      const sub = options.tokens.idToken?.payload.sub ?? options.tokens.accessToken.payload.sub;
      if (typeof sub !== 'string' || sub === '') return undefined;
      return { credentials: { ...LOCAL_S3_CREDENTIALS }, identityId: localIdentityId(region, sub) };
    },
    // Nothing is cached: each call derives the identity from the tokens Amplify passes in.
    clearCredentialsAndIdentityId() {},
  };
}

/**
 * The library options for the local stack. Custom `Auth` options switch Amplify's own wiring off, so
 * the user pool's token provider comes along explicitly (lib/amplify.ts also gives it the pool's config).
 */
export function localLibraryOptions(region: string, tokenProvider: TokenProvider): LibraryOptions {
  return { Auth: { tokenProvider, credentialsProvider: localCredentialsProvider(region) } };
}
