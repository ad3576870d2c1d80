import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import { inject } from 'vitest';
import { rememberTotpSecret, totpSecretFor } from './totp-keys';
import * as idp from '@aws-sdk/client-cognito-identity-provider';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { LOCAL_REGION, LOCAL_USER_POOL_ID, localCognitoCredentials, readSeedToken } from '../../scripts/local/cognito';
import { testPorts } from '../../scripts/local/ports';
import { useLocalLambdaEnv } from '../../scripts/local/stack';

/**
 * Signs in against the test stack's cognito-local exactly as the web app does locally (USER_PASSWORD_AUTH);
 * a user with two-step sign-in on answers the SOFTWARE_TOKEN_MFA challenge with a code computed by otplib
 * from `totpSecret` (by default the demo key of that account, e.g. ops@example.com, or the key a test
 * turned on with turnOnTotp: issue 14).
 */
export async function idTokenFor(email: string, password: string, totpSecret: string | undefined = totpSecretFor(email)): Promise<string> {
  return (await tokensFor(email, password, totpSecret)).IdToken;
}

export interface SignedInTokens {
  IdToken: string;
  AccessToken: string;
  RefreshToken: string;
}

/** The three tokens of a sign-in (see idTokenFor). */
export async function tokensFor(email: string, password: string, totpSecret: string | undefined = totpSecretFor(email)): Promise<SignedInTokens> {
  const { cognitoEndpoint, webConfig } = inject('stack');
  const call = async (target: string, body: unknown) => {
    const res = await fetch(cognitoEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { AuthenticationResult?: Partial<SignedInTokens>; ChallengeName?: string; Session?: string; message?: string; status?: number };
  };
  let body = await call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: webConfig.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } });
  if (body.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    if (!totpSecret) throw new Error(`Sign-in for ${email} asks for a two-step code and no key was given`);
    body = await call('RespondToAuthChallenge', {
      ClientId: webConfig.userPoolClientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: body.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: await generate({ secret: totpSecret }) },
    });
  }
  const tokens = body.AuthenticationResult;
  if (!tokens?.IdToken || !tokens.AccessToken || !tokens.RefreshToken) throw new Error(`Sign-in failed for ${email}: ${body.message ?? body.ChallengeName ?? 'no tokens'}`);
  return tokens as SignedInTokens;
}

export async function api(path: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: unknown }> {
  const { apiUrl } = inject('stack');
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body) headers.set('content-type', 'application/json');
  const res = await fetch(`${apiUrl}${path}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** The test stack's credentials for cognito-local's IAM-authorised targets (Admin*, the groups): its seed token. */
export function testCognitoCredentials(): { accessKeyId: string; secretAccessKey: string } {
  return localCognitoCredentials(readSeedToken(path.join(inject('stack').dataDir, 'cognito')));
}

let cognitoClient: CognitoIdentityProviderClient | undefined;

/**
 * Calls a Cognito target through the AWS SDK, as the Lambdas and the seed do: the IAM-authorised ones
 * (Admin*...) go signed with the test stack's secret, the public ones (SignUp, InitiateAuth...) unsigned.
 * A refusal throws `<target>: {"__type": ..., "message": ...}`.
 */
export async function cognitoCall(target: string, body: unknown): Promise<Record<string, unknown>> {
  type AnyCommand = new (input: unknown) => Parameters<CognitoIdentityProviderClient['send']>[0];
  const Command = (idp as unknown as Record<string, AnyCommand | undefined>)[`${target}Command`];
  if (!Command) throw new Error(`${target}: no such Cognito target in the SDK`);
  cognitoClient ??= new CognitoIdentityProviderClient({ endpoint: inject('stack').cognitoEndpoint, region: LOCAL_REGION, credentials: testCognitoCredentials() });
  try {
    const { $metadata: _metadata, ...out } = (await cognitoClient.send(new Command(body))) as unknown as Record<string, unknown>;
    return out;
  } catch (err) {
    const { name, message } = err as Error;
    throw new Error(`${target}: ${JSON.stringify({ __type: name, message })}`);
  }
}

/**
 * cognito-local keeps the pending confirmation code in its pool file, which it writes after answering:
 * on a loaded machine the user may not be in the file yet when SignUp has answered, so read until it is
 * (a condition, up to 30 s).
 */
export function confirmationCode(email: string): string {
  const file = path.join(inject('stack').dataDir, 'cognito', '.cognito', 'db', `${LOCAL_USER_POOL_ID}.json`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const user = Object.values(readPool(file).Users).find((u) => u.Attributes.some((a) => a.Name === 'email' && a.Value === email));
    if (user?.ConfirmationCode) return user.ConfirmationCode;
    if (Date.now() > deadline) throw new Error(`No confirmation code for ${email}`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}

type Pool = { Users: Record<string, { Attributes: { Name: string; Value: string }[]; ConfirmationCode?: string }> };

/** cognito-local's pool file as it stands: it rewrites the file in place, so a read that catches it half-written reads again. */
function readPool(file: string): Pool {
  for (let attempt = 0; ; attempt += 1) {
    const text = readFileSync(file, 'utf8');
    try {
      return JSON.parse(text) as Pool;
    } catch (err) {
      // Two rewrites racing can leave a whole pool followed by the tail of a longer one until the
      // next write: the whole pool at the start is the current one.
      const at = /after JSON at position (\d+)/.exec(String(err))?.[1];
      if (at) {
        try {
          return JSON.parse(text.slice(0, Number(at))) as Pool;
        } catch {
          // Not that case: read again below.
        }
      }
      if (attempt >= 160) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
    }
  }
}

/** Signs a new business up and confirms it, as the sign-up page does; the post-confirmation trigger runs. */
export async function signUpVendor(email: string, password: string, vendorName: string, locale = 'en'): Promise<void> {
  const clientId = inject('stack').webConfig.userPoolClientId;
  await cognitoCall('SignUp', {
    ClientId: clientId,
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'name', Value: vendorName },
      { Name: 'locale', Value: locale },
    ],
  });
  await cognitoCall('ConfirmSignUp', { ClientId: clientId, Username: email, ConfirmationCode: confirmationCode(email) });
}

/** Points this test process's Lambda code at the test stack, as the local API server does for itself. */
export function useTestStackEnv(): void {
  const { dataDir } = inject('stack');
  Object.assign(process.env, testStackPortsEnv());
  useLocalLambdaEnv(testPorts(), dataDir, { LOG_LEVEL: 'SILENT' });
}

/** TEST_*_PORT variables of this run's stack, for scripts started with `--profile test`. */
export function testStackPortsEnv(): Record<string, string> {
  const { ports, dataDir } = inject('stack');
  return { ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])), LOCAL_DATA_DIR: dataDir };
}

/**
 * Turns two-step sign-in (TOTP) on for a user as the account settings do through Amplify
 * (AssociateSoftwareToken, VerifySoftwareToken with a code computed by otplib, SetUserMFAPreference),
 * then reports it as the web does (`POST /api/me/two-step`: the server records when it went on, and the
 * step-up counts only sign-ins from then on, issue 24 item 2), and answers the key (also remembered:
 * idTokenFor and the browser's signIn then answer the code by themselves). It returns once the clock is in
 * a later second than the record, so that the next sign-in's `auth_time` (whole seconds) is after it.
 */
export async function turnOnTotp(email: string, password: string): Promise<string> {
  const { AccessToken, IdToken } = await tokensFor(email, password, undefined);
  const { SecretCode } = (await cognitoCall('AssociateSoftwareToken', { AccessToken })) as { SecretCode: string };
  await cognitoCall('VerifySoftwareToken', { AccessToken, UserCode: await generate({ secret: SecretCode }) });
  await cognitoCall('SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
  rememberTotpSecret(email, SecretCode);
  const recorded = await api('/api/me/two-step', { method: 'POST', token: IdToken, body: '{}' });
  if (recorded.status !== 200) throw new Error(`POST /api/me/two-step answered ${recorded.status} for ${email}`);
  await nextSecond();
  return SecretCode;
}

/** Resolves once the clock has entered the next whole second (a condition, not a fixed sleep). */
export async function nextSecond(): Promise<void> {
  const second = Math.floor(Date.now() / 1000);
  while (Math.floor(Date.now() / 1000) <= second) await new Promise((resolve) => setTimeout(resolve, 25));
}

/** The user as Cognito's AdminGetUser answers it (the local pool). */
export async function adminGetUser(username: string): Promise<{ UserMFASettingList?: string[]; PreferredMfaSetting?: string; Username: string }> {
  return (await cognitoCall('AdminGetUser', { UserPoolId: LOCAL_USER_POOL_ID, Username: username })) as { UserMFASettingList?: string[]; PreferredMfaSetting?: string; Username: string };
}
