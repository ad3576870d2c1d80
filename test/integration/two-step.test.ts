import {
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  NotAuthorizedException,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCAL_USER_POOL_ID } from '../../scripts/local/cognito';
import { demoAccounts } from '../../scripts/demo/accounts';
import { generate } from 'otplib';
import { adminGetUser, api, cognitoCall, idTokenFor, nextSecond, testCognitoCredentials, tokensFor, turnOnTotp } from '../support/auth';
import { rememberTotpSecret } from '../support/totp-keys';
import { claimsOf, cognitoLocalKey, signJwt } from '../support/tokens';
import { approvedVendor, type TestVendor } from './orders-fixtures';

/**
 * Issue 14, two-step sign-in, through the local API server with real cognito-local tokens: the
 * payout method's step-up (TOTP on and `auth_time` within 5 minutes), the console's refusal of an
 * admin without TOTP, the vendor's on/off record and notice, the ops reset; and the two admin
 * targets the portal added to cognito-local (patches/cognito-local+5.3.0.patch), called through the AWS SDK.
 */
const PASSWORD = 'Fresh!Vendor2026';
let cognito: CognitoIdentityProviderClient;

beforeAll(() => {
  cognito = new CognitoIdentityProviderClient({ endpoint: inject('stack').cognitoEndpoint, region: 'us-east-1', credentials: testCognitoCredentials() });
});
afterAll(() => cognito?.destroy());

/** The same verified claims, signed as cognito-local signs, with the sign-in `agoSeconds` in the past (and a fresh expiry). */
function signedInAgo(token: string, agoSeconds: number): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ ...claimsOf(token), auth_time: now - agoSeconds, iat: now - 60, exp: now + 3000 }, cognitoLocalKey());
}

/** A password-only sign-in that turns TOTP on with its own access token (as Amplify does) and tells the server nothing. */
async function turnOnUnreported(email: string) {
  const session = await tokensFor(email, PASSWORD, undefined);
  const { SecretCode } = (await cognitoCall('AssociateSoftwareToken', { AccessToken: session.AccessToken })) as { SecretCode: string };
  await cognitoCall('VerifySoftwareToken', { AccessToken: session.AccessToken, UserCode: await generate({ secret: SecretCode }) });
  await cognitoCall('SetUserMFAPreference', { AccessToken: session.AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
  rememberTotpSecret(email, SecretCode);
  return { session, secret: SecretCode };
}

const putEmailMethod = (token: string, email = 'step.up@example.com') => api('/api/payout-method', { method: 'PUT', token, body: JSON.stringify({ method: 'email', email }) });

describe('cognito-local admin targets (patch)', () => {
  it('AdminSetUserMFAPreference turns a user’s TOTP off: the next sign-in asks for no code', async () => {
    const v = await approvedVendor('cl.mfa', 'Patch Foods');
    await turnOnTotp(v.email, PASSWORD);
    expect((await cognito.send(new AdminGetUserCommand({ UserPoolId: LOCAL_USER_POOL_ID, Username: v.userId }))).UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    const asked = await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: inject('stack').webConfig.userPoolClientId, AuthParameters: { USERNAME: v.email, PASSWORD } }));
    expect(asked.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

    await cognito.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: LOCAL_USER_POOL_ID, Username: v.userId, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }));
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: LOCAL_USER_POOL_ID, Username: v.email }));
    expect(user.UserMFASettingList ?? []).toEqual([]);
    expect(user.PreferredMfaSetting).toBeUndefined();
    const plain = await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: inject('stack').webConfig.userPoolClientId, AuthParameters: { USERNAME: v.email, PASSWORD } }));
    expect(plain.ChallengeName).toBeUndefined();
    expect(plain.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('AdminUserGlobalSignOut revokes every refresh token of the user, and only theirs', async () => {
    const [v, other] = [await approvedVendor('cl.signout', 'Signout Foods'), await approvedVendor('cl.keep', 'Kept Foods')];
    const [first, second, kept] = [await tokensFor(v.email, PASSWORD), await tokensFor(v.email, PASSWORD), await tokensFor(other.email, PASSWORD)];
    const refresh = (token: string) =>
      cognito.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: inject('stack').webConfig.userPoolClientId, AuthParameters: { REFRESH_TOKEN: token } }));
    expect((await refresh(first.RefreshToken)).AuthenticationResult?.IdToken).toBeTruthy();

    await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: LOCAL_USER_POOL_ID, Username: v.email }));
    for (const t of [first, second]) await expect(refresh(t.RefreshToken)).rejects.toBeInstanceOf(NotAuthorizedException);
    expect((await refresh(kept.RefreshToken)).AuthenticationResult?.IdToken).toBeTruthy();
  });
});

describe('step-up on PUT /api/payout-method', () => {
  let v: TestVendor;
  let secret: string;
  beforeAll(async () => {
    v = await approvedVendor('stepup', 'Step Up Foods');
  });

  it('refuses a vendor without two-step sign-in: 403 mfa_required, nothing saved', async () => {
    const res = await putEmailMethod(v.token);
    expect(res).toMatchObject({ status: 403, body: { error: 'mfa_required' } });
    expect((await api('/api/payout-method', { token: v.token })).body).toMatchObject({ method: null });
  });

  it('accepts a sign-in with the code just now, and refuses the same claims signed in 6 minutes ago (step_up_required)', async () => {
    secret = await turnOnTotp(v.email, PASSWORD);
    const token = await idTokenFor(v.email, PASSWORD, secret);
    const stale = signedInAgo(token, 6 * 60);
    const refused = await putEmailMethod(stale, 'stale@example.com');
    expect(refused).toMatchObject({ status: 403, body: { error: 'step_up_required' } });
    // The control: the same claims signed again as they are pass, so the refusal is the age, not the signature.
    const now = Math.floor(Date.now() / 1000);
    expect((await putEmailMethod(signJwt({ ...claimsOf(token), exp: now + 3000 }, cognitoLocalKey()), 'recent@example.com')).status).toBe(200);
    const saved = await putEmailMethod(token, 'fresh@example.com');
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ method: 'email' });
  });
});

describe('the step-up proves the second factor was used (issue 24, item 2)', () => {
  it('a password-only session that turns TOTP on with its own access token gets 403 with the same ID token (payout method, Owner invite); a fresh sign-in with the code is allowed', async () => {
    const v = await approvedVendor('stepup.pwonly', 'Password Only Foods');
    // The attacker's session: the password alone, then TOTP turned on with its own access token, as Amplify does.
    const { session, secret: SecretCode } = await turnOnUnreported(v.email);

    const invite = (token: string) => api('/api/team/invitations', { method: 'POST', token, body: JSON.stringify({ email: `owner.${Date.now()}@example.com`, role: 'owner' }) });
    // Not reported to the server (no POST /api/me/two-step): the step-up finds it on and records it now.
    expect(await putEmailMethod(session.IdToken, 'attacker@example.com')).toMatchObject({ status: 403, body: { error: 'step_up_required' } });
    expect(await invite(session.IdToken)).toMatchObject({ status: 403, body: { error: 'step_up_required' } });
    // Reported as the web does: still the same sign-in, still refused.
    expect((await api('/api/me/two-step', { method: 'POST', token: session.IdToken, body: '{}' })).status).toBe(200);
    expect(await putEmailMethod(session.IdToken, 'attacker@example.com')).toMatchObject({ status: 403, body: { error: 'step_up_required' } });
    expect(await invite(session.IdToken)).toMatchObject({ status: 403, body: { error: 'step_up_required' } });
    expect((await api('/api/payout-method', { token: session.IdToken })).body).toMatchObject({ method: null });
    // The vendor was told it went on (a security notice, e-mailed too).
    const inbox = (await api('/api/notifications', { token: session.IdToken })).body as { items: { type: string }[] };
    expect(inbox.items.filter((i) => i.type === 'security_mfa_on')).toHaveLength(1);

    // A fresh sign-in through the code (in a later second than the record) is allowed.
    await nextSecond();
    const fresh = await idTokenFor(v.email, PASSWORD, SecretCode);
    expect((await putEmailMethod(fresh, 'owner.choice@example.com')).status).toBe(200);
    expect((await invite(fresh)).status).toBe(201);
  });
});

describe('two-step sign-in is required for admins', () => {
  it('an admin without TOTP is refused every console route (403 admin_mfa_required) but still reads /api/me; with TOTP on, gets in', async () => {
    const email = `admin.nototp.${Date.now()}@example.com`;
    await cognitoCall('AdminCreateUser', { UserPoolId: LOCAL_USER_POOL_ID, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }] });
    await cognitoCall('AdminSetUserPassword', { UserPoolId: LOCAL_USER_POOL_ID, Username: email, Password: PASSWORD, Permanent: true });
    await cognitoCall('AdminAddUserToGroup', { UserPoolId: LOCAL_USER_POOL_ID, Username: email, GroupName: 'admins' });
    const token = await idTokenFor(email, PASSWORD);
    expect(await api('/api/admin/overview', { token })).toMatchObject({ status: 403, body: { error: 'admin_mfa_required' } });
    expect(await api('/api/me', { token })).toMatchObject({ status: 200, body: { roles: ['admin'] } });

    const secret = await turnOnTotp(email, PASSWORD);
    expect((await api('/api/admin/overview', { token: await idTokenFor(email, PASSWORD, secret) })).status).toBe(200);
  });

  it('the seeded ops account has TOTP on with the demo key (the helpers answer its code)', async () => {
    expect((await adminGetUser(demoAccounts.admin.email)).UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect((await api('/api/admin/overview', { token: await idTokenFor(demoAccounts.admin.email, demoAccounts.admin.password) })).status).toBe(200);
  });
});

describe('on/off recorded and announced, and the ops reset', () => {
  const notices = async (token: string) => ((await api('/api/notifications', { token })).body as { items: { type: string; params: Record<string, unknown> }[] }).items.filter((i) => i.type === 'security_mfa_off');

  it('POST /api/me/two-step records Cognito’s state; "on" and "off" each send one security notice, a repeat nothing', async () => {
    const v = await approvedVendor('twostep', 'Two Step Foods');
    const { secret } = await turnOnUnreported(v.email);
    const token = await idTokenFor(v.email, PASSWORD, secret);
    expect((await api('/api/me/two-step', { method: 'POST', token, body: '{}' })).body).toEqual({ totp: true, changed: true });
    expect((await api('/api/me/two-step', { method: 'POST', token, body: '{}' })).body).toEqual({ totp: true, changed: false });
    expect(await notices(token)).toEqual([]);
    const on = ((await api('/api/notifications', { token })).body as { items: { type: string }[] }).items.filter((i) => i.type === 'security_mfa_on');
    expect(on).toHaveLength(1);

    const { AccessToken } = await tokensFor(v.email, PASSWORD, secret);
    await cognitoCall('SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } });
    expect((await api('/api/me/two-step', { method: 'POST', token, body: '{}' })).body).toEqual({ totp: false, changed: true });
    expect((await api('/api/me/two-step', { method: 'POST', token, body: '{}' })).body).toEqual({ totp: false, changed: false });
    expect(await notices(token)).toEqual([expect.objectContaining({ params: { by: 'vendor' } })]);
  });

  it('ops reset a vendor’s TOTP: Cognito off, an audit entry with the reason, the vendor told; an unknown user is 404', async () => {
    const v = await approvedVendor('reset', 'Reset Foods');
    await turnOnTotp(v.email, PASSWORD);
    const ops = await idTokenFor(demoAccounts.admin.email, demoAccounts.admin.password);
    const res = await api(`/api/admin/users/${v.userId}/mfa-reset`, { method: 'POST', token: ops, body: JSON.stringify({ reason: 'Lost phone; identity checked.' }) });
    expect(res).toEqual({ status: 200, body: { userId: v.userId, totp: false, wasOn: true } });
    expect((await adminGetUser(v.userId)).UserMFASettingList ?? []).toEqual([]);
    // Signing in is the password alone again (the old key no longer matters).
    expect(claimsOf(await idTokenFor(v.email, PASSWORD, undefined)).sub).toBe(v.userId);

    const audit = await api(`/api/admin/audit?targetType=user&targetId=${encodeURIComponent(v.userId)}`, { token: ops });
    expect((audit.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({ action: 'mfa.reset', target: { type: 'user', id: v.userId }, vendorId: v.vendorId, reason: 'Lost phone; identity checked.', before: { totp: true }, after: { totp: false }, actor: expect.objectContaining({ email: demoAccounts.admin.email }) }),
    ]);
    expect(await notices(v.token)).toEqual([expect.objectContaining({ params: { by: 'operations' } })]);

    expect(await api('/api/admin/users/no-such-user/mfa-reset', { method: 'POST', token: ops, body: JSON.stringify({ reason: 'x' }) })).toMatchObject({ status: 404, body: { error: 'user_not_found' } });
    expect(await api(`/api/admin/users/${v.userId}/mfa-reset`, { method: 'POST', token: ops, body: JSON.stringify({ reason: '' }) })).toMatchObject({ status: 400, body: { fields: { reason: 'admin_mfa_reason_required' } } });
  });
});
