import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure } from '../amplify-mock';
import { localCredentialsProvider, LOCAL_S3_CREDENTIALS } from '../../../web/src/lib/amplify-local';
import { amplifyConfigFor, parseWebConfig, usesLocalCredentials } from '../../../web/src/lib/config';

const tokenProvider = vi.hoisted(() => ({ setAuthConfig: vi.fn(), getTokens: vi.fn() }));
vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth/cognito', () => ({ cognitoUserPoolsTokenProvider: tokenProvider }));
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const cloud = parseWebConfig({
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_abc',
  userPoolClientId: 'client',
  identityPoolId: 'eu-west-1:pool',
  authFlowType: 'USER_SRP_AUTH',
  marketplaceTimeZone: 'America/Los_Angeles',
  apiBaseUrl: '',
  productImagesBucket: 'images-bucket',
});
const local = parseWebConfig({
  ...cloud,
  identityPoolId: undefined,
  authFlowType: 'USER_PASSWORD_AUTH',
  region: 'us-east-1',
  local: { userPoolEndpoint: 'http://127.0.0.1:9229', s3Endpoint: 'http://localhost:20005' },
});

const tokens = (sub: string | undefined) => ({ accessToken: { payload: { sub: 'access-sub' }, toString: () => 'a' }, idToken: { payload: sub ? { sub } : {}, toString: () => 'i' } });

describe('Amplify Storage configuration', () => {
  afterEach(() => {
    vi.clearAllMocks();
    vi.resetModules();
  });

  it('gives Storage the product-images bucket and region; the identity pool supplies credentials in the cloud', () => {
    expect(usesLocalCredentials(cloud)).toBe(false);
    expect(amplifyConfigFor(cloud)).toEqual({
      Auth: { Cognito: { userPoolId: 'eu-west-1_abc', userPoolClientId: 'client', identityPoolId: 'eu-west-1:pool', loginWith: { email: true } } },
      Storage: { S3: { bucket: 'images-bucket', region: 'eu-west-1' } },
    });
  });

  it('locally sends uploads to s3rver through Amplify’s test endpoint', () => {
    expect(usesLocalCredentials(local)).toBe(true);
    expect(amplifyConfigFor(local).Storage).toEqual({ S3: { bucket: 'images-bucket', region: 'us-east-1', dangerouslyConnectToHttpEndpointForTesting: 'true' } });
  });

  it('in the cloud configures Amplify with its defaults (no library options)', async () => {
    const { configureAmplify } = await import('../../../web/src/lib/amplify');
    configureAmplify(cloud);
    expect(configure).toHaveBeenCalledWith(amplifyConfigFor(cloud));
    expect(configure.mock.calls[0]).toHaveLength(1);
    expect(tokenProvider.setAuthConfig).not.toHaveBeenCalled();
  });

  it('locally hands Amplify the user-pool token provider (configured with the pool) and the local credentials provider', async () => {
    const { configureAmplify } = await import('../../../web/src/lib/amplify');
    configureAmplify(local);
    const resources = amplifyConfigFor(local);
    // Custom Auth library options switch Amplify's own token-provider set-up off: sign-in needs this.
    expect(tokenProvider.setAuthConfig).toHaveBeenCalledWith(resources.Auth);
    expect(configure).toHaveBeenCalledTimes(1);
    const [given, options] = configure.mock.calls[0]!;
    expect(given).toEqual(resources);
    expect(options.Auth.tokenProvider).toBe(tokenProvider);
    await expect(options.Auth.credentialsProvider.getCredentialsAndIdentityId({ authenticated: true, tokens: tokens('5f0c1d2e-aaaa-4bbb-8ccc-000000000001'), authConfig: resources.Auth })).resolves.toEqual({
      credentials: LOCAL_S3_CREDENTIALS,
      identityId: 'us-east-1:5f0c1d2e-aaaa-4bbb-8ccc-000000000001',
    });
  });
});

describe('localCredentialsProvider', () => {
  const provider = localCredentialsProvider('us-east-1');

  it("derives the identity id from the ID token's sub (as the products API does), else the access token's", async () => {
    await expect(provider.getCredentialsAndIdentityId({ authenticated: true, tokens: tokens(undefined), authConfig: undefined } as never)).resolves.toMatchObject({ identityId: 'us-east-1:access-sub' });
  });

  it('gives a signed-out visitor no credentials, and clearing is harmless', async () => {
    await expect(provider.getCredentialsAndIdentityId({ authenticated: false, authConfig: undefined })).resolves.toBeUndefined();
    expect(() => provider.clearCredentialsAndIdentityId()).not.toThrow();
  });
});
