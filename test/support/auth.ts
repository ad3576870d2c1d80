import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { LOCAL_USER_POOL_ID } from '../../scripts/local/cognito';
import { testPorts } from '../../scripts/local/ports';
import { useLocalLambdaEnv } from '../../scripts/local/stack';

/** Signs in against the test stack's cognito-local exactly as the web app does locally (USER_PASSWORD_AUTH). */
export async function idTokenFor(email: string, password: string): Promise<string> {
  const { cognitoEndpoint, webConfig } = inject('stack');
  const res = await fetch(cognitoEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: webConfig.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { IdToken?: string }; message?: string };
  const token = body.AuthenticationResult?.IdToken;
  if (!token) throw new Error(`Sign-in failed for ${email}: ${body.message ?? res.status}`);
  return token;
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

export async function cognitoCall(target: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(inject('stack').cognitoEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${target}: ${JSON.stringify(json)}`);
  return json;
}

/** cognito-local keeps the pending confirmation code in its pool file. */
export function confirmationCode(email: string): string {
  const file = path.join(inject('stack').dataDir, 'cognito', '.cognito', 'db', `${LOCAL_USER_POOL_ID}.json`);
  type Pool = { Users: Record<string, { Attributes: { Name: string; Value: string }[]; ConfirmationCode?: string }> };
  // cognito-local rewrites the file in place; a read can catch it half-written, so read again.
  let pool: Pool | undefined;
  for (let attempt = 0; !pool; attempt += 1) {
    try {
      pool = JSON.parse(readFileSync(file, 'utf8')) as Pool;
    } catch (err) {
      if (attempt >= 40) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
    }
  }
  const user = Object.values(pool.Users).find((u) => u.Attributes.some((a) => a.Name === 'email' && a.Value === email));
  if (!user?.ConfirmationCode) throw new Error(`No confirmation code for ${email}`);
  return user.ConfirmationCode;
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
