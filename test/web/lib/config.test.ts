import { afterEach, describe, expect, it, vi } from 'vitest';
import { amplifyConfigFor, ConfigError, loadConfig, parseWebConfig, resetConfigForTests } from '../../../web/src/lib/config';

const valid = {
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_abc',
  userPoolClientId: 'client',
  identityPoolId: 'eu-west-1:pool',
  authFlowType: 'USER_SRP_AUTH',
  marketplaceTimeZone: 'America/Los_Angeles',
  apiBaseUrl: '',
  productImagesBucket: 'images',
};

describe('parseWebConfig', () => {
  it('accepts the cloud config', () => {
    expect(parseWebConfig(valid)).toEqual(valid);
  });

  it('accepts the local config with its endpoints and trims a trailing slash of the API base', () => {
    const local = { ...valid, identityPoolId: undefined, apiBaseUrl: 'http://127.0.0.1:8787/', local: { userPoolEndpoint: 'http://127.0.0.1:9229', s3Endpoint: 'http://localhost:20005' } };
    const parsed = parseWebConfig(local);
    expect(parsed.apiBaseUrl).toBe('http://127.0.0.1:8787');
    expect(parsed.local?.userPoolEndpoint).toBe('http://127.0.0.1:9229');
    expect(parsed).not.toHaveProperty('identityPoolId');
  });

  it("takes vendor support's address when the stack has one (the /contact page)", () => {
    expect(parseWebConfig({ ...valid, supportEmail: 'support@example.com' }).supportEmail).toBe('support@example.com');
  });

  it.each([
    ['not an object', []],
    ['no user pool', { ...valid, userPoolId: '' }],
    ['an unknown auth flow', { ...valid, authFlowType: 'CUSTOM_AUTH' }],
    ['no API base', { ...valid, apiBaseUrl: undefined }],
    ['a broken local block', { ...valid, local: { userPoolEndpoint: 5 } }],
    ['a support address that is not an e-mail', { ...valid, supportEmail: 'support@@example' }],
  ])('rejects %s, naming the field', (_what, data) => {
    expect(() => parseWebConfig(data)).toThrow(ConfigError);
  });
});

describe('amplifyConfigFor', () => {
  it('configures the user pool with e-mail sign-in and the identity pool in the cloud', () => {
    expect(amplifyConfigFor(parseWebConfig(valid))).toEqual({
      Auth: { Cognito: { userPoolId: 'eu-west-1_abc', userPoolClientId: 'client', identityPoolId: 'eu-west-1:pool', loginWith: { email: true } } },
      Storage: { S3: { bucket: 'images', region: 'eu-west-1' } },
    });
  });

  it("points Amplify at cognito-local's endpoint locally", () => {
    const config = parseWebConfig({ ...valid, identityPoolId: undefined, local: { userPoolEndpoint: 'http://127.0.0.1:9229', s3Endpoint: 'http://localhost:20005' } });
    expect(amplifyConfigFor(config)).toEqual({
      Auth: { Cognito: { userPoolId: 'eu-west-1_abc', userPoolClientId: 'client', userPoolEndpoint: 'http://127.0.0.1:9229', loginWith: { email: true } } },
      Storage: { S3: { bucket: 'images', region: 'eu-west-1', dangerouslyConnectToHttpEndpointForTesting: 'true' } },
    });
  });
});

describe('loadConfig', () => {
  afterEach(() => {
    resetConfigForTests();
    vi.unstubAllGlobals();
  });

  it('fetches /config.json once', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(valid)));
    vi.stubGlobal('fetch', fetch);
    await expect(loadConfig()).resolves.toEqual(valid);
    await loadConfig();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/config.json', expect.anything());
  });

  it('may be retried after a failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('nope', { status: 503 })));
    await expect(loadConfig()).rejects.toThrow('503');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(valid))));
    await expect(loadConfig()).resolves.toEqual(valid);
  });
});
