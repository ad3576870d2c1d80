import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { parseGroups, resolveCaller } from '../../../lambdas/shared/auth';
import { apiHandler, route } from '../../../lambdas/shared/http';
import { requireAdminTotp } from '../../../lambdas/shared/step-up';
import { ForbiddenError, UnauthorizedError } from '../../../lambdas/shared/errors';
import { apiEvent, idClaims } from '../events';

process.env.VENDORS_TABLE = 'vendors-test';
const ddb = mockClient(DynamoDBDocumentClient);
process.env.USER_POOL_ID = 'pool-test';
process.env.AWS_REGION ??= 'us-west-2';
// Admins need two-step sign-in on (issue 14; lambdas/shared/step-up.ts, tested there).
mockClient(CognitoIdentityProviderClient).on(AdminGetUserCommand).resolves({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });
const approved = { userId: 'user-1', email: 'v@example.com', status: 'approved', vendorId: 'V-10001', vendorName: 'Golden Harvest Foods', language: 'en' };

beforeEach(() => ddb.reset());

describe('parseGroups', () => {
  it.each([
    ['admins', ['admins']],
    ['admins,vendors', ['admins', 'vendors']],
    ['[admins vendors]', ['admins', 'vendors']],
    ['', []],
    [undefined, []],
  ])('reads %j', (raw, groups) => expect(parseGroups(raw)).toEqual(groups));
});

describe('resolveCaller', () => {
  it('rejects a request without verified claims or with an access token', async () => {
    await expect(resolveCaller(apiEvent('GET', '/api/me', { claims: null }), 'signed-in')).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(resolveCaller(apiEvent('GET', '/api/me', { claims: idClaims({ token_use: 'access' }) }), 'signed-in')).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
  });

  it('takes the vendor from the stored record of the token subject, reading by that key only', async () => {
    ddb.on(GetCommand, { Key: { userId: 'user-1' } }).resolves({ Item: approved });
    const caller = await resolveCaller(apiEvent('GET', '/api/x'), 'vendor');
    expect(caller.vendor?.vendorId).toBe('V-10001');
    expect(ddb.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({ TableName: 'vendors-test', Key: { userId: 'user-1' } });
  });

  it.each(['pending', 'rejected'])('forbids a %s vendor on vendor routes but lets it read /api/me', async (status) => {
    ddb.on(GetCommand).resolves({ Item: { ...approved, status, vendorId: undefined } });
    await expect(resolveCaller(apiEvent('GET', '/api/x'), 'vendor')).rejects.toBeInstanceOf(ForbiddenError);
    await expect(resolveCaller(apiEvent('GET', '/api/me'), 'signed-in')).resolves.toMatchObject({ vendor: { status } });
  });

  it('forbids a user without a vendor record on vendor routes', async () => {
    ddb.on(GetCommand).resolves({});
    await expect(resolveCaller(apiEvent('GET', '/api/x'), 'vendor')).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('admits admins only on admin routes', async () => {
    await expect(resolveCaller(apiEvent('GET', '/api/admin/x'), 'admin', undefined, requireAdminTotp)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(resolveCaller(apiEvent('GET', '/api/admin/x', { claims: idClaims({ 'cognito:groups': 'admins' }) }), 'admin', undefined, requireAdminTotp)).resolves.toMatchObject({
      groups: ['admins'],
    });
  });

  it('fails closed on an admin route without the admin check (issue 24, item 26: handed in, not imported)', async () => {
    const admin = apiEvent('GET', '/api/admin/x', { claims: idClaims({ 'cognito:groups': 'admins' }) });
    await expect(resolveCaller(admin, 'admin')).rejects.toThrow(/without the admin check/);
    // And a function with admin routes built without it does not load.
    expect(() => apiHandler('adminOverview', { 'GET /api/admin/overview': route({ access: 'admin', handler: async () => ({}) }) })).toThrow(/adminApiHandler/);
  });
});
