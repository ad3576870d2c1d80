import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { CognitoIdentityClient, GetIdCommand, NotAuthorizedException } from '@aws-sdk/client-cognito-identity';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { VendorCaller } from '../../../lambdas/shared/auth';
import { bearerToken, callerIdentityId } from '../../../lambdas/shared/identity';
import { apiEvent } from '../events';

process.env.COUNTERS_TABLE = 'counters-test';
const cognito = mockClient(CognitoIdentityClient);
const ddb = mockClient(DynamoDBDocumentClient);

const POOL = 'eu-central-1:11111111-2222-3333-4444-555555555555';
const ID = 'eu-central-1:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee';

const caller = (): VendorCaller => ({
  userId: '0b6c7f1e-2d3a-4c5b-8e9f-a1b2c3d4e5f6',
  email: 'vendor@example.com',
  groups: ['vendors'],
  vendor: { userId: '0b6c7f1e-2d3a-4c5b-8e9f-a1b2c3d4e5f6', email: 'vendor@example.com', status: 'approved', vendorId: 'V-10001', vendorName: 'Golden Harvest', language: 'en', createdAt: '', updatedAt: '' },
  member: { role: 'owner', memberId: 'holder', accountHolder: true },
  membershipRecord: null,
});

const withToken = (headers: Record<string, string>): APIGatewayProxyEvent => ({ ...apiEvent('POST', '/api/products'), headers });

const env = { ...process.env };
beforeEach(() => {
  cognito.reset();
  ddb.reset();
  process.env.AWS_REGION = 'eu-central-1';
  process.env.USER_POOL_ID = 'eu-central-1_Abc123';
});
afterEach(() => {
  process.env = { ...env };
});

describe('callerIdentityId locally (no identity pool)', () => {
  it('derives the id from the sub as the web’s local credentials provider does, without any call', async () => {
    delete process.env.IDENTITY_POOL_ID;
    expect(await callerIdentityId(withToken({}), caller())).toBe('eu-central-1:0b6c7f1e-2d3a-4c5b-8e9f-a1b2c3d4e5f6');
    expect(cognito.calls()).toHaveLength(0);
    expect(ddb.calls()).toHaveLength(0);
  });
});

describe('callerIdentityId in the cloud', () => {
  beforeEach(() => {
    process.env.IDENTITY_POOL_ID = POOL;
  });

  it('asks Cognito with the caller’s own ID token and caches the answer in the counters table, write-once — never on the vendor record', async () => {
    ddb.on(GetCommand).resolves({});
    cognito.on(GetIdCommand).resolves({ IdentityId: ID });
    ddb.on(PutCommand).resolves({});
    const id = await callerIdentityId(withToken({ Authorization: 'Bearer header.payload.signature' }), caller());
    expect(id).toBe(ID);
    expect(ddb.commandCalls(GetCommand)[0]!.args[0].input).toEqual({ TableName: 'counters-test', Key: { name: 'identity#V-10001' } });
    expect(cognito.commandCalls(GetIdCommand)[0]!.args[0].input).toEqual({
      IdentityPoolId: POOL,
      Logins: { 'cognito-idp.eu-central-1.amazonaws.com/eu-central-1_Abc123': 'header.payload.signature' },
    });
    expect(ddb.commandCalls(PutCommand).map((c) => c.args[0].input)).toEqual([
      {
        TableName: 'counters-test',
        Item: { name: 'identity#V-10001', identityId: ID, identityPoolId: POOL },
        ConditionExpression: 'attribute_not_exists(#name) OR #pool <> :pool',
        ExpressionAttributeNames: { '#name': 'name', '#pool': 'identityPoolId' },
        ExpressionAttributeValues: { ':pool': POOL },
      },
    ]);
    expect(ddb.commandCalls(UpdateCommand)).toEqual([]);
    expect(ddb.calls().map((c) => (c.args[0].input as { TableName?: string }).TableName)).not.toContain('vendors-test');
  });

  it('uses an id cached for this pool without calling Cognito or writing', async () => {
    ddb.on(GetCommand).resolves({ Item: { name: 'identity#V-10001', identityId: 'eu-central-1:cached', identityPoolId: POOL } });
    expect(await callerIdentityId(withToken({ authorization: 'Bearer t' }), caller())).toBe('eu-central-1:cached');
    expect(cognito.calls()).toHaveLength(0);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('ignores an id cached for a replaced pool: asks Cognito and replaces it', async () => {
    ddb.on(GetCommand).resolves({ Item: { name: 'identity#V-10001', identityId: 'eu-central-1:old', identityPoolId: 'eu-central-1:00000000-0000-0000-0000-000000000000' } });
    cognito.on(GetIdCommand).resolves({ IdentityId: ID });
    ddb.on(PutCommand).resolves({});
    expect(await callerIdentityId(withToken({ authorization: 'Bearer t' }), caller())).toBe(ID);
    expect(cognito.commandCalls(GetIdCommand)).toHaveLength(1);
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input.Item).toEqual({ name: 'identity#V-10001', identityId: ID, identityPoolId: POOL });
  });

  it('a concurrent first request that cached it already is fine; a failed cache write is only logged', async () => {
    ddb.on(GetCommand).resolves({});
    cognito.on(GetIdCommand).resolves({ IdentityId: ID });
    ddb.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    expect(await callerIdentityId(withToken({ authorization: 'Bearer t' }), caller())).toBe(ID);
    ddb.on(PutCommand).rejects(new Error('throttled'));
    expect(await callerIdentityId(withToken({ authorization: 'Bearer t' }), caller())).toBe(ID);
  });

  it('a token Cognito no longer accepts is a 401, not a 500', async () => {
    ddb.on(GetCommand).resolves({});
    cognito.on(GetIdCommand).rejects(new NotAuthorizedException({ message: 'Token expired', $metadata: {} }));
    await expect(callerIdentityId(withToken({ authorization: 'Bearer t' }), caller())).rejects.toMatchObject({ statusCode: 401 });
    await expect(callerIdentityId(withToken({}), caller())).rejects.toMatchObject({ statusCode: 401 });
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });
});

describe('bearerToken', () => {
  it('reads the Authorization header whatever its case', () => {
    expect(bearerToken(withToken({ AUTHORIZATION: 'bearer abc' }))).toBe('abc');
    expect(bearerToken(withToken({ 'content-type': 'application/json' }))).toBeNull();
  });
});
