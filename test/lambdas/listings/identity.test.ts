import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { CognitoIdentityClient, GetIdCommand, NotAuthorizedException } from '@aws-sdk/client-cognito-identity';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Caller } from '../../../lambdas/shared/auth';
import { bearerToken, callerIdentityId } from '../../../lambdas/shared/identity';
import { apiEvent } from '../events';

process.env.VENDORS_TABLE = 'vendors-test';
const cognito = mockClient(CognitoIdentityClient);
const ddb = mockClient(DynamoDBDocumentClient);

const caller = (vendor: Record<string, unknown> = {}): Caller => ({
  userId: '0b6c7f1e-2d3a-4c5b-8e9f-a1b2c3d4e5f6',
  email: 'vendor@example.com',
  groups: ['vendors'],
  vendor: { userId: '0b6c7f1e-2d3a-4c5b-8e9f-a1b2c3d4e5f6', email: 'vendor@example.com', status: 'approved', vendorId: 'V-10001', vendorName: 'Golden Harvest', language: 'en', createdAt: '', updatedAt: '', ...vendor } as Caller['vendor'],
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
    process.env.IDENTITY_POOL_ID = 'eu-central-1:11111111-2222-3333-4444-555555555555';
  });

  it('asks Cognito with the caller’s own ID token and caches the answer on the vendor record, write-once', async () => {
    cognito.on(GetIdCommand).resolves({ IdentityId: 'eu-central-1:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee' });
    ddb.on(UpdateCommand).resolves({});
    const id = await callerIdentityId(withToken({ Authorization: 'Bearer header.payload.signature' }), caller());
    expect(id).toBe('eu-central-1:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee');
    expect(cognito.commandCalls(GetIdCommand)[0]!.args[0].input).toEqual({
      IdentityPoolId: 'eu-central-1:11111111-2222-3333-4444-555555555555',
      Logins: { 'cognito-idp.eu-central-1.amazonaws.com/eu-central-1_Abc123': 'header.payload.signature' },
    });
    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input).toEqual({
      TableName: 'vendors-test',
      Key: { userId: '0b6c7f1e-2d3a-4c5b-8e9f-a1b2c3d4e5f6' },
      UpdateExpression: 'SET identityId = :identityId',
      ConditionExpression: 'attribute_exists(userId) AND attribute_not_exists(identityId)',
      ExpressionAttributeValues: { ':identityId': 'eu-central-1:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee' },
    });
  });

  it('uses the cached id without calling Cognito', async () => {
    expect(await callerIdentityId(withToken({ authorization: 'Bearer t' }), caller({ identityId: 'eu-central-1:cached' }))).toBe('eu-central-1:cached');
    expect(cognito.calls()).toHaveLength(0);
  });

  it('a concurrent first request that cached it already is fine', async () => {
    cognito.on(GetIdCommand).resolves({ IdentityId: 'eu-central-1:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee' });
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    expect(await callerIdentityId(withToken({ authorization: 'Bearer t' }), caller())).toBe('eu-central-1:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee');
  });

  it('a token Cognito no longer accepts is a 401, not a 500', async () => {
    cognito.on(GetIdCommand).rejects(new NotAuthorizedException({ message: 'Token expired', $metadata: {} }));
    await expect(callerIdentityId(withToken({ authorization: 'Bearer t' }), caller())).rejects.toMatchObject({ statusCode: 401 });
    await expect(callerIdentityId(withToken({}), caller())).rejects.toMatchObject({ statusCode: 401 });
    expect(ddb.calls()).toHaveLength(0);
  });
});

describe('bearerToken', () => {
  it('reads the Authorization header whatever its case', () => {
    expect(bearerToken(withToken({ AUTHORIZATION: 'bearer abc' }))).toBe('abc');
    expect(bearerToken(withToken({ 'content-type': 'application/json' }))).toBeNull();
  });
});
