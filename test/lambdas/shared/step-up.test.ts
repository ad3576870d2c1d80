import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tables } from '../../../contracts/tables';
import { handler as payoutMethodHandler } from '../../../lambdas/payouts/method-handler';
import { ADMIN_TOTP_CACHE_MS, forgetAdminTotpCache, requireAdminTotp, requireRecentSecondStep, STEP_UP_WINDOW_SECONDS } from '../../../lambdas/shared/step-up';
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

beforeEach(() => {
  idp.reset();
  ddb.reset();
  forgetAdminTotpCache();
});

describe('requireRecentSecondStep (issue 14 step-up)', () => {
  it('lets a caller with TOTP on who signed in within 5 minutes through, asking Cognito by the caller’s sub', async () => {
    totpOn();
    await expect(requireRecentSecondStep({ userId: 'user-1' }, eventSignedInAgo(STEP_UP_WINDOW_SECONDS), NOW)).resolves.toBeUndefined();
    expect(idp.commandCalls(AdminGetUserCommand)[0]!.args[0].input).toEqual({ UserPoolId: 'pool-test', Username: 'user-1' });
  });

  it('answers 403 step_up_required when the sign-in is older than 5 minutes or its time is unknown', async () => {
    totpOn();
    for (const ago of [STEP_UP_WINDOW_SECONDS + 1, 3600, null]) {
      await expect(requireRecentSecondStep({ userId: 'user-1' }, eventSignedInAgo(ago), NOW)).rejects.toMatchObject({ statusCode: 403, code: 'step_up_required' });
    }
  });

  it('answers 403 mfa_required when TOTP is off, however recent the sign-in', async () => {
    totpOff();
    await expect(requireRecentSecondStep({ userId: 'user-1' }, eventSignedInAgo(10), NOW)).rejects.toMatchObject({ statusCode: 403, code: 'mfa_required', message: 'Turn on two-step sign-in first.' });
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
