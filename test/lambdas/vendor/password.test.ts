import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { ChangePasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { handler } from '../../../lambdas/vendor/handler';
import { apiEvent, context, idClaims } from '../events';

process.env.VENDORS_TABLE = 'vendors-test';
process.env.NOTIFICATIONS_TABLE = 'notifications-test';
const ddb = mockClient(DynamoDBDocumentClient);
const idp = mockClient(CognitoIdentityProviderClient);

const vendor = {
  userId: 'user-1',
  email: 'vendor@example.com',
  status: 'approved',
  vendorId: 'V-10001',
  vendorName: 'Golden Harvest Foods',
  language: 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const jwt = (claims: Record<string, unknown>) => ['eyJhbGciOiJSUzI1NiJ9', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'c2ln'].join('.');
const ACCESS = jwt({ sub: 'user-1', token_use: 'access', username: 'user-1', client_id: 'web' });
const CURRENT = 'Demo!Vendor2026';
const NEW = 'Fresh!Harvest2027';

const post = async (body: unknown, claims = idClaims()) => {
  const res = await handler(apiEvent('POST', '/api/me/password', { body: JSON.stringify(body), claims }), context);
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Record<string, unknown>) : undefined };
};
const named = (name: string, message: string) => Object.assign(new Error(message), { name });

beforeEach(() => {
  ddb.reset();
  idp.reset();
  ddb.on(GetCommand).resolves({ Item: vendor });
  ddb.on(TransactWriteCommand).resolves({});
  idp.on(ChangePasswordCommand).resolves({});
});

describe('POST /api/me/password', () => {
  it("changes the password with the caller's access token and records the security notice in their inbox", async () => {
    const res = await post({ accessToken: ACCESS, previousPassword: CURRENT, proposedPassword: NEW });
    expect(res.status).toBe(204);
    expect(idp.commandCalls(ChangePasswordCommand).map((c) => c.args[0].input)).toEqual([{ AccessToken: ACCESS, PreviousPassword: CURRENT, ProposedPassword: NEW }]);
    const writes = ddb.commandCalls(TransactWriteCommand);
    expect(writes).toHaveLength(1);
    const [put, count] = writes[0]!.args[0].input.TransactItems!;
    expect(put!.Put).toMatchObject({
      TableName: 'notifications-test',
      ConditionExpression: 'attribute_not_exists(sk)',
      Item: { vendorId: 'V-10001', type: 'password_changed', category: 'security', params: {} },
    });
    expect(String(put!.Put!.Item!.id)).toMatch(/^password_changed\.user-1\.[0-9a-f-]{36}$/);
    expect(count!.Update).toMatchObject({ Key: { vendorId: 'V-10001', sk: 'STATE' }, UpdateExpression: 'ADD unread :one' });
  });

  it('two changes are two notices (a fresh event id each)', async () => {
    await post({ accessToken: ACCESS, previousPassword: CURRENT, proposedPassword: NEW });
    await post({ accessToken: ACCESS, previousPassword: NEW, proposedPassword: CURRENT });
    const ids = ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems![0]!.Put!.Item!.id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("refuses another user's access token (403) without calling Cognito or recording anything", async () => {
    const res = await post({ accessToken: jwt({ sub: 'user-2', token_use: 'access', username: 'user-2' }), previousPassword: CURRENT, proposedPassword: NEW });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'forbidden' });
    expect(idp.commandCalls(ChangePasswordCommand)).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it.each([
    ['an ID token', jwt({ sub: 'user-1', token_use: 'id' })],
    ['not a JWT', 'not-a-token'],
  ])('refuses %s as the access token (400)', async (_what, token) => {
    const res = await post({ accessToken: token, previousPassword: CURRENT, proposedPassword: NEW });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'bad_request' });
    expect(idp.commandCalls(ChangePasswordCommand)).toHaveLength(0);
  });

  it.each([
    [{ accessToken: ACCESS, previousPassword: CURRENT, proposedPassword: 'weakpassword' }, { proposedPassword: 'password_too_weak' }],
    [{ accessToken: ACCESS, previousPassword: CURRENT, proposedPassword: CURRENT }, { proposedPassword: 'password_same_as_current' }],
    [{ accessToken: ACCESS, previousPassword: '', proposedPassword: NEW }, { previousPassword: 'too_small' }],
    [{ previousPassword: CURRENT, proposedPassword: NEW }, { accessToken: 'invalid_type' }],
    [{ accessToken: ACCESS, previousPassword: CURRENT, proposedPassword: NEW, vendorId: 'V-2' }, { vendorId: 'unrecognized_keys' }],
  ])('checks the body with the shared rules: %j → 400 %j', async (body, fields) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_error', fields });
    expect(idp.commandCalls(ChangePasswordCommand)).toHaveLength(0);
  });

  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.', 400, 'current_password_incorrect'],
    ['InvalidPasswordException', 'Invalid password', 400, 'current_password_incorrect'], // cognito-local's wrong password
    ['InvalidPasswordException', 'Password does not conform to policy: Password must have symbol characters', 400, 'validation_error'],
    ['NotAuthorizedException', 'Access Token has been revoked', 401, 'unauthorized'],
    ['LimitExceededException', 'Attempt limit exceeded, please try after some time.', 429, 'too_many_requests'],
    ['TooManyRequestsException', 'Too many requests', 429, 'too_many_requests'],
  ])('maps Cognito %s (%s) to %i %s, and records no notice', async (name, message, status, error) => {
    idp.on(ChangePasswordCommand).rejects(named(name, message));
    const res = await post({ accessToken: ACCESS, previousPassword: 'Wrong!Password1', proposedPassword: NEW });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ error });
    expect(typeof res.body!.message).toBe('string');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('a Cognito outage is a 500 without details, and no notice', async () => {
    idp.on(ChangePasswordCommand).rejects(named('InternalErrorException', 'boom'));
    const res = await post({ accessToken: ACCESS, previousPassword: CURRENT, proposedPassword: NEW });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ error: 'internal_error' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it("a pending applicant's notice goes to the inbox under their user id; a user without a vendor record (ops) has none", async () => {
    ddb.on(GetCommand).resolves({ Item: { ...vendor, status: 'pending', vendorId: undefined } });
    expect((await post({ accessToken: ACCESS, previousPassword: CURRENT, proposedPassword: NEW })).status).toBe(204);
    expect(ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Put!.Item).toMatchObject({ vendorId: 'user-1' });

    ddb.reset();
    ddb.on(GetCommand).resolves({});
    expect((await post({ accessToken: ACCESS, previousPassword: CURRENT, proposedPassword: NEW }, idClaims({ 'cognito:groups': 'admins' }))).status).toBe(204);
    expect(idp.commandCalls(ChangePasswordCommand)).toHaveLength(2);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('needs a verified ID token (401 without claims)', async () => {
    const res = await handler(apiEvent('POST', '/api/me/password', { body: JSON.stringify({ accessToken: ACCESS, previousPassword: CURRENT, proposedPassword: NEW }), claims: null }), context);
    expect(res.statusCode).toBe(401);
    expect(idp.commandCalls(ChangePasswordCommand)).toHaveLength(0);
  });
});
