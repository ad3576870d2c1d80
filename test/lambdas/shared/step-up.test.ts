import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { tables } from '../../../contracts/tables';
import { handler as payoutMethodHandler } from '../../../lambdas/payouts/method-handler';
import { ADMIN_TOTP_CACHE_MS, AUTH_TIME_SKEW_SECONDS, forgetAdminTotpCache, requireAdminTotp, requireRecentSecondStep, STEP_UP_WINDOW_SECONDS } from '../../../lambdas/shared/step-up';
import { apiEvent, context, idClaims } from '../events';

for (const def of Object.values(tables)) process.env[def.envVar] = `${def.name}-test`;
process.env.USER_POOL_ID = 'pool-test';
process.env.AWS_REGION ??= 'us-west-2';
const idp = mockClient(CognitoIdentityProviderClient);
const ddb = mockClient(DynamoDBDocumentClient);

const NOW = new Date('2026-11-25T10:00:00.000Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);
const eventSignedInAgo = (seconds: number | null) =>
  apiEvent('PUT', '/api/payout-method', { claims: idClaims(seconds === null ? {} : { auth_time: String(nowSeconds - seconds) }) });
const totpOn = () => idp.on(AdminGetUserCommand).resolves({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' });
const totpOff = () => idp.on(AdminGetUserCommand).resolves({ UserMFASettingList: [] });
/** Two-step sign-in recorded on at `onAt` (the vendor record, as POST /api/me/two-step writes it). */
const ON_AT = new Date(NOW.getTime() - 60 * 60 * 1000);
const holder = (record: Record<string, unknown> = { mfaEnabled: true, mfaChangedAt: ON_AT.toISOString() }) => ({
  userId: 'user-1',
  vendor: { userId: 'user-1', vendorId: 'V-10001', ...record } as never,
  member: { role: 'owner' as const, memberId: 'holder', accountHolder: true },
  membershipRecord: null,
});

beforeEach(() => {
  idp.reset();
  ddb.reset();
  forgetAdminTotpCache();
});

describe('requireRecentSecondStep (issue 14 step-up)', () => {
  it('lets a caller with TOTP on who signed in within 5 minutes through, asking Cognito by the caller’s sub', async () => {
    totpOn();
    await expect(requireRecentSecondStep(holder(), eventSignedInAgo(STEP_UP_WINDOW_SECONDS), NOW)).resolves.toBeUndefined();
    expect(idp.commandCalls(AdminGetUserCommand)[0]!.args[0].input).toEqual({ UserPoolId: 'pool-test', Username: 'user-1' });
  });

  it('answers 403 step_up_required when the sign-in is older than 5 minutes or its time is unknown', async () => {
    totpOn();
    for (const ago of [STEP_UP_WINDOW_SECONDS + 1, 3600, null]) {
      await expect(requireRecentSecondStep(holder(), eventSignedInAgo(ago), NOW)).rejects.toMatchObject({ statusCode: 403, code: 'step_up_required' });
    }
  });

  it('answers 403 mfa_required when TOTP is off, however recent the sign-in', async () => {
    totpOff();
    await expect(requireRecentSecondStep(holder(), eventSignedInAgo(10), NOW)).rejects.toMatchObject({ statusCode: 403, code: 'mfa_required', message: 'Turn on two-step sign-in first.' });
  });
});

describe('the step-up proves the sign-in used the second factor (issue 24, item 2)', () => {
  it('refuses a sign-in from before two-step sign-in was turned on (a password-only session that turned it on itself)', async () => {
    totpOn();
    // Signed in 2 minutes ago, with the password alone; two-step went on 1 minute ago.
    const turnedOnAfter = holder({ mfaEnabled: true, mfaChangedAt: new Date(NOW.getTime() - 60_000).toISOString() });
    await expect(requireRecentSecondStep(turnedOnAfter, eventSignedInAgo(120), NOW)).rejects.toMatchObject({ statusCode: 403, code: 'step_up_required' });
    // A sign-in after it (so through the code) passes.
    await expect(requireRecentSecondStep(turnedOnAfter, eventSignedInAgo(30), NOW)).resolves.toBeUndefined();
  });

  it('reads auth_time in whole seconds: a sign-in in the same second as the turn-on is not proven after it', async () => {
    totpOn();
    const onAt = new Date(NOW.getTime() - 10_500); // 10.5 s ago
    const record = holder({ mfaEnabled: true, mfaChangedAt: onAt.toISOString() });
    await expect(requireRecentSecondStep(record, eventSignedInAgo(11), NOW)).rejects.toMatchObject({ code: 'step_up_required' });
    await expect(requireRecentSecondStep(record, eventSignedInAgo(10), NOW)).resolves.toBeUndefined();
  });

  it('refuses a sign-in from before an ops reset and a turn-on again', async () => {
    totpOn();
    // Reset by ops, then turned on again 2 minutes ago: the record holds the later time.
    const again = holder({ mfaEnabled: true, mfaChangedAt: new Date(NOW.getTime() - 120_000).toISOString() });
    await expect(requireRecentSecondStep(again, eventSignedInAgo(200), NOW)).rejects.toMatchObject({ code: 'step_up_required' });
  });

  it('refuses an auth_time in the future (beyond a small clock skew)', async () => {
    totpOn();
    await expect(requireRecentSecondStep(holder(), eventSignedInAgo(-(AUTH_TIME_SKEW_SECONDS + 1)), NOW)).rejects.toMatchObject({ statusCode: 403, code: 'step_up_required' });
    await expect(requireRecentSecondStep(holder(), eventSignedInAgo(-AUTH_TIME_SKEW_SECONDS), NOW)).resolves.toBeUndefined();
    await expect(requireRecentSecondStep(holder(), eventSignedInAgo(-10 * 365 * 24 * 3600), NOW)).rejects.toMatchObject({ code: 'step_up_required' });
  });

  it('Cognito says on but nothing recorded it (the web never reported it): records it on now, with the security notice, and refuses this sign-in', async () => {
    totpOn();
    ddb.on(TransactWriteCommand).resolves({});
    await expect(requireRecentSecondStep(holder({}), eventSignedInAgo(30), NOW)).rejects.toMatchObject({ statusCode: 403, code: 'step_up_required' });
    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items[0]!.Update).toMatchObject({ TableName: 'vendors-test', Key: { userId: 'user-1' }, ExpressionAttributeValues: { ':on': true, ':at': NOW.toISOString() } });
    expect(items[1]!.Put).toMatchObject({ TableName: 'notifications-test', Item: { vendorId: 'V-10001', type: 'security_mfa_on', category: 'security' } });
    // A record saying "off" (a reset, or turned off) is the same: the time it went on again is now.
    ddb.reset();
    ddb.on(TransactWriteCommand).resolves({});
    await expect(requireRecentSecondStep(holder({ mfaEnabled: false, mfaChangedAt: ON_AT.toISOString() }), eventSignedInAgo(30), NOW)).rejects.toMatchObject({ code: 'step_up_required' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('a team member’s own membership item holds their two-step time, not the shop’s record', async () => {
    totpOn();
    const member = {
      userId: 'member-1',
      vendor: { userId: 'user-1', vendorId: 'V-10001', mfaEnabled: true, mfaChangedAt: ON_AT.toISOString() } as never,
      member: { role: 'owner' as const, memberId: 'M-1', accountHolder: false },
      membershipRecord: { userId: 'member-1', email: 'm@example.com', mfaEnabled: true, mfaChangedAt: new Date(NOW.getTime() - 60_000).toISOString(), createdAt: '', updatedAt: '' },
    };
    await expect(requireRecentSecondStep(member, eventSignedInAgo(120), NOW)).rejects.toMatchObject({ code: 'step_up_required' });
    await expect(requireRecentSecondStep(member, eventSignedInAgo(30), NOW)).resolves.toBeUndefined();
  });
});

describe('PUT /api/payout-method with step-up', () => {
  const vendor = { userId: 'user-1', email: 'vendor@example.com', status: 'approved', vendorId: 'V-10001', vendorName: 'Golden Harvest Foods', language: 'en', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
  const put = async (claims: Record<string, string>) => {
    ddb.on(GetCommand).resolves({ Item: vendor });
    const res = await payoutMethodHandler(apiEvent('PUT', '/api/payout-method', { claims, body: JSON.stringify({ method: 'email', email: 'pay@example.com' }) }), context);
    return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
  };

  it('refuses a sign-in older than 5 minutes with 403 step_up_required and writes nothing', async () => {
    totpOn();
    const res = await put(idClaims({ auth_time: String(Math.floor(Date.now() / 1000) - 301) }));
    expect(res).toEqual({ status: 403, body: { error: 'step_up_required', message: expect.any(String) } });
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('refuses a vendor without TOTP with 403 mfa_required', async () => {
    totpOff();
    expect((await put(idClaims({ auth_time: String(Math.floor(Date.now() / 1000)) }))).body).toMatchObject({ error: 'mfa_required' });
  });

  it('still answers a malformed body 400 before asking anything of Cognito', async () => {
    totpOff();
    ddb.on(GetCommand).resolves({ Item: vendor });
    const res = await payoutMethodHandler(apiEvent('PUT', '/api/payout-method', { body: JSON.stringify({ method: 'cheque' }) }), context);
    expect(res.statusCode).toBe(400);
    expect(idp.commandCalls(AdminGetUserCommand)).toHaveLength(0);
  });
});

describe('requireAdminTotp (issue 14: required for admins)', () => {
  it('answers 403 admin_mfa_required for an admin without TOTP, and asks again next time (no cached refusal)', async () => {
    totpOff();
    await expect(requireAdminTotp({ userId: 'ops-1' }, 0)).rejects.toMatchObject({ statusCode: 403, code: 'admin_mfa_required' });
    idp.reset();
    totpOn();
    await expect(requireAdminTotp({ userId: 'ops-1' }, 1)).resolves.toBeUndefined();
  });

  it('believes "on" for the cache time, then asks Cognito again', async () => {
    totpOn();
    await requireAdminTotp({ userId: 'ops-1' }, 0);
    await requireAdminTotp({ userId: 'ops-1' }, ADMIN_TOTP_CACHE_MS - 1);
    expect(idp.commandCalls(AdminGetUserCommand)).toHaveLength(1);
    idp.reset();
    totpOff();
    await expect(requireAdminTotp({ userId: 'ops-1' }, ADMIN_TOTP_CACHE_MS)).rejects.toMatchObject({ code: 'admin_mfa_required' });
  });

  it('guards every admin route through the route table: an admin without TOTP gets 403 before the handler reads anything', async () => {
    totpOff();
    const { handler } = await import('../../../lambdas/admin/handler');
    const res = await handler(apiEvent('GET', '/api/admin/overview', { claims: idClaims({ sub: 'ops-2', 'cognito:groups': 'admins' }) }), context);
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'admin_mfa_required' });
    expect(ddb.calls()).toHaveLength(0);
  });
});
