import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth, configure, signedInUser, stubFetch } from '../amplify-mock';
import { apiRequest } from '../../../web/src/lib/api';
import { resetAuthForTests, STORED_TOKEN_MARGIN_MS, storedIdToken } from '../../../web/src/lib/auth-client';
import { resetConfigForTests } from '../../../web/src/lib/config';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const b64url = (o: object) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o)))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (payload: object) => `${b64url({ alg: 'RS256' })}.${b64url(payload)}.signature`;

/** What Amplify leaves in localStorage after a sign-in. */
function storeSession(payload: object, clientId = 'client-1', username = 'user-1'): string {
  const token = jwt(payload);
  localStorage.setItem(`CognitoIdentityServiceProvider.${clientId}.LastAuthUser`, username);
  localStorage.setItem(`CognitoIdentityServiceProvider.${clientId}.${username}.idToken`, token);
  return token;
}

const inSeconds = (ms: number) => Math.floor((Date.now() + ms) / 1000);

describe("the stored ID token (used without loading Amplify while it is fresh)", () => {
  beforeEach(() => {
    localStorage.clear();
    resetConfigForTests();
    resetAuthForTests();
  });
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('reads the user, e-mail and groups of a token valid for long enough', () => {
    const token = storeSession({ sub: 'user-1', email: '陳.vendor@example.com', 'cognito:groups': ['admins'], exp: inSeconds(30 * 60_000) });
    expect(storedIdToken()).toMatchObject({ token, userId: 'user-1', email: '陳.vendor@example.com', groups: ['admins'] });
  });

  it('leaves a token about to expire, a broken one, or none at all to Amplify', () => {
    expect(storedIdToken()).toBeNull();
    storeSession({ sub: 'user-1', exp: inSeconds(STORED_TOKEN_MARGIN_MS - 10_000) });
    expect(storedIdToken()).toBeNull();
    localStorage.setItem('CognitoIdentityServiceProvider.client-1.user-1.idToken', 'not-a-jwt');
    expect(storedIdToken()).toBeNull();
  });

  it('API calls send it without asking Amplify', async () => {
    const token = storeSession({ sub: 'user-1', exp: inSeconds(30 * 60_000) });
    const calls = stubFetch(() => ({ status: 200, body: { ok: true } }));
    await expect(apiRequest('/api/me')).resolves.toEqual({ ok: true });
    expect(calls[0]).toMatchObject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(auth.fetchAuthSession).not.toHaveBeenCalled();
    expect(configure).not.toHaveBeenCalled();
  });

  it('a 401 for the stored token is asked again once, with fresh tokens from Amplify', async () => {
    storeSession({ sub: 'user-1', exp: inSeconds(30 * 60_000) });
    signedInUser('demo.vendor@example.com', 'refreshed-token');
    const calls = stubFetch((req) => (req.headers.authorization === 'Bearer refreshed-token' ? { status: 200, body: { ok: true } } : { status: 401, body: { error: 'unauthenticated', message: 'Token revoked' } }));
    await expect(apiRequest('/api/me')).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.headers.authorization)).toEqual([expect.stringMatching(/^Bearer ey/), 'Bearer refreshed-token']);
    expect(auth.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
  });
});
