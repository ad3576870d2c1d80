import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { LOCAL_USER_POOL_ID } from '../../scripts/local/cognito';
import { api, idTokenFor } from '../support/auth';

async function cognito(target: string, body: unknown): Promise<Record<string, unknown>> {
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
function confirmationCode(email: string): string {
  const file = path.join(inject('stack').dataDir, 'cognito', '.cognito', 'db', `${LOCAL_USER_POOL_ID}.json`);
  const pool = JSON.parse(readFileSync(file, 'utf8')) as { Users: Record<string, { Attributes: { Name: string; Value: string }[]; ConfirmationCode?: string }> };
  const user = Object.values(pool.Users).find((u) => u.Attributes.some((a) => a.Name === 'email' && a.Value === email));
  if (!user?.ConfirmationCode) throw new Error(`No confirmation code for ${email}`);
  return user.ConfirmationCode;
}

describe('sign-up through cognito-local runs the real post-confirmation trigger', () => {
  it('creates a pending vendor record with the business name and language given at sign-up', async () => {
    const { webConfig } = inject('stack');
    const email = `new.vendor.${Date.now()}@example.com`;
    const password = 'Fresh!Vendor2026';
    await cognito('SignUp', {
      ClientId: webConfig.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: '翠玉茶行 Jade Tea' },
        { Name: 'locale', Value: 'zh-TW' },
      ],
    });
    await cognito('ConfirmSignUp', { ClientId: webConfig.userPoolClientId, Username: email, ConfirmationCode: confirmationCode(email) });

    const res = await api('/api/me', { token: await idTokenFor(email, password) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, status: 'pending', vendorId: null, vendorName: '翠玉茶行 Jade Tea', language: 'zh-TW' });
  });
});
