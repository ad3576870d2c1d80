import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminCreateUserCommand, AdminGetUserCommand, AdminSetUserPasswordCommand, AdminUserGlobalSignOutCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { setLocalTotpSecret } from '../../scripts/demo/seed';
import { LOCAL_CLIENT_ID, LOCAL_REGION, LOCAL_USER_POOL_ID, localCognitoCredentials, readSeedToken, startCognito } from '../../scripts/local/cognito';
import { claimsOf } from '../support/tokens';

/**
 * Issue 24, item 11: the local Cognito stand-in's refresh (scripts/local/cognito-server.mjs) behaves as
 * Cognito's. A user with two-step sign-in (TOTP) signs in through the SOFTWARE_TOKEN_MFA challenge; the
 * refresh token that sign-in gave must refresh (cognito-local never stored it, so every two-step session
 * ended at its first refresh), by both targets Amplify and the SDK use, and the refreshed tokens keep the
 * sign-in's `auth_time` (Cognito does; cognito-local stamped the refresh time, which the step-up reads).
 */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const SECRET = 'REFRESHSHIMTESTKEYABCDEFGHIJ2345';
const EMAIL = 'refresh.totp@example.com';
const PASSWORD = 'Refresh!Totp2026';
let dir: string;
let running: { stop(): Promise<void> } | undefined;
let endpoint: string;
let admin: CognitoIdentityProviderClient;

async function call(target: string, body: unknown): Promise<Record<string, unknown> & { status: number }> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target.includes('.') ? target : `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
  return { ...((await res.json()) as Record<string, unknown>), status: res.status };
}

interface Result {
  IdToken: string;
  AccessToken: string;
  RefreshToken?: string;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cognito-refresh-'));
  const port = await freePort();
  running = await startCognito({ port, dir, lambdaEndpoint: 'http://127.0.0.1:9' });
  endpoint = `http://127.0.0.1:${port}`;
  // The admin targets are signed with this start's secret, as the seed signs them (cognito-server.mjs).
  const seedToken = readSeedToken(dir);
  admin = new CognitoIdentityProviderClient({ endpoint, region: LOCAL_REGION, credentials: localCognitoCredentials(seedToken) });
  await admin.send(new AdminCreateUserCommand({ UserPoolId: LOCAL_USER_POOL_ID, Username: EMAIL, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: EMAIL }, { Name: 'email_verified', Value: 'true' }] }));
  await admin.send(new AdminSetUserPasswordCommand({ UserPoolId: LOCAL_USER_POOL_ID, Username: EMAIL, Password: PASSWORD, Permanent: true }));
  // The local-only target registers the pool through AdminGetUser first (as the seed does).
  await admin.send(new AdminGetUserCommand({ UserPoolId: LOCAL_USER_POOL_ID, Username: EMAIL }));
  await setLocalTotpSecret(endpoint, LOCAL_USER_POOL_ID, EMAIL, SECRET, seedToken);
}, 60_000);
afterAll(async () => {
  await running?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function signInWithCode(): Promise<Result> {
  const asked = await call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: LOCAL_CLIENT_ID, AuthParameters: { USERNAME: EMAIL, PASSWORD } });
  expect(asked.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  const done = await call('RespondToAuthChallenge', {
    ClientId: LOCAL_CLIENT_ID,
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    Session: asked.Session,
    ChallengeResponses: { USERNAME: EMAIL, SOFTWARE_TOKEN_MFA_CODE: await generate({ secret: SECRET }) },
  });
  return done.AuthenticationResult as Result;
}

/** Resolves once the clock has moved past `second` (a condition, not a fixed sleep). */
async function pastSecond(second: number): Promise<void> {
  while (Math.floor(Date.now() / 1000) <= second) await new Promise((r) => setTimeout(r, 50));
}

describe('refresh of a two-step (TOTP) session on the local Cognito stand-in', () => {
  it('GetTokensFromRefreshToken (Amplify) and InitiateAuth REFRESH_TOKEN_AUTH both refresh it, keeping the sign-in’s auth_time', { timeout: 60_000 }, async () => {
    const signedIn = await signInWithCode();
    expect(signedIn.RefreshToken).toBeTruthy();
    const authTime = claimsOf(signedIn.IdToken).auth_time as number;
    await pastSecond(authTime);

    const amplify = await call('GetTokensFromRefreshToken', { ClientId: LOCAL_CLIENT_ID, RefreshToken: signedIn.RefreshToken });
    expect(amplify.status).toBe(200);
    const viaAmplify = amplify.AuthenticationResult as Result;
    const sdk = await call('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: LOCAL_CLIENT_ID, AuthParameters: { REFRESH_TOKEN: signedIn.RefreshToken } });
    expect(sdk.status).toBe(200);
    const viaSdk = sdk.AuthenticationResult as Result;

    for (const refreshed of [viaAmplify, viaSdk]) {
      const id = claimsOf(refreshed.IdToken);
      const access = claimsOf(refreshed.AccessToken);
      expect(id).toMatchObject({ token_use: 'id', email: EMAIL, auth_time: authTime });
      expect(access).toMatchObject({ token_use: 'access', auth_time: authTime });
      // A new token: issued now, after the sign-in.
      expect(id.iat as number).toBeGreaterThan(authTime);
    }
  });

  it('a revoked or unknown refresh token is still refused (NotAuthorizedException)', { timeout: 60_000 }, async () => {
    const signedIn = await signInWithCode();
    await admin.send(new AdminUserGlobalSignOutCommand({ UserPoolId: LOCAL_USER_POOL_ID, Username: EMAIL }));
    const refused = await call('GetTokensFromRefreshToken', { ClientId: LOCAL_CLIENT_ID, RefreshToken: signedIn.RefreshToken });
    expect(refused.status).toBe(400);
    expect(String(refused.__type)).toContain('NotAuthorized');
  });
});
