import { inject } from 'vitest';

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
