import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { AdminGetUserCommand, AdminSetUserMFAPreferenceCommand, CognitoIdentityProviderClient, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { tables } from '../../../contracts/tables';
import { handler as mfaHandler } from '../../../lambdas/admin/mfa-handler';
import { forgetAdminTotpCache } from '../../../lambdas/shared/step-up';
import { handler as meHandler } from '../../../lambdas/vendor/handler';
import { resetTwoStep } from '../../../lambdas/vendor/two-step';
import { apiEvent, context, idClaims } from '../events';

for (const def of Object.values(tables)) process.env[def.envVar] = `${def.name}-test`;
process.env.USER_POOL_ID = 'pool-test';
process.env.AWS_REGION ??= 'us-west-2';
const idp = mockClient(CognitoIdentityProviderClient);
const ddb = mockClient(DynamoDBDocumentClient);

const vendor = { userId: 'user-1', email: 'vendor@example.com', status: 'approved', vendorId: 'V-10001', vendorName: 'Golden Harvest Foods', language: 'en', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const items = (n = 0) => ddb.commandCalls(TransactWriteCommand)[n]!.args[0].input.TransactItems!;
const TOTP_ON = { UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' };

beforeEach(() => {
  idp.reset();
  ddb.reset();
  forgetAdminTotpCache();
});

describe('POST /api/me/two-step (issue 14)', () => {
  const post = async (body = '{}', record: Record<string, unknown> = { ...vendor, mfaEnabled: true }) => {
    ddb.on(GetCommand).resolves({ Item: record });
    const res = await meHandler(apiEvent('POST', '/api/me/two-step', { claims: idClaims(), body }), context);
    return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
  };

  it('reads "off" from Cognito (not the body), records it and sends the security notice in the same transaction', async () => {
    idp.on(AdminGetUserCommand).resolves({ UserMFASettingList: [] });
    ddb.on(TransactWriteCommand).resolves({});
    expect(await post()).toEqual({ status: 200, body: { totp: false, changed: true } });
    const [update, inbox, unread] = items();
    expect(update!.Update).toMatchObject({ TableName: 'vendors-test', Key: { userId: 'user-1' }, ExpressionAttributeValues: { ':on': false } });
    // Off only from a recorded "on": the notice cannot go to someone who never had it on (issue 24, item 7).
    expect(update!.Update!.ConditionExpression).toContain('mfaEnabled = :wasOn');
    expect(update!.Update!.ExpressionAttributeValues).toMatchObject({ ':wasOn': true });
    expect(inbox!.Put).toMatchObject({ TableName: 'notifications-test', Item: { vendorId: 'V-10001', type: 'security_mfa_off', category: 'security', params: { by: 'vendor' } } });
    expect(unread!.Update).toMatchObject({ UpdateExpression: 'ADD unread :one' });
  });

  it('a vendor who never had two-step on (nothing recorded, or recorded off) gets no "turned off" notice and nothing is written (issue 24, item 7)', async () => {
    idp.on(AdminGetUserCommand).resolves({ UserMFASettingList: [] });
    ddb.on(TransactWriteCommand).resolves({});
    expect(await post('{}', vendor)).toEqual({ status: 200, body: { totp: false, changed: false } });
    expect(await post('{}', { ...vendor, mfaEnabled: false })).toEqual({ status: 200, body: { totp: false, changed: false } });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('records "on" with the security_mfa_on notice (issue 24, item 2: a vendor who did not turn it on learns it at once)', async () => {
    idp.on(AdminGetUserCommand).resolves(TOTP_ON);
    ddb.on(TransactWriteCommand).resolves({});
    expect((await post()).body).toEqual({ totp: true, changed: true });
    // The record's update (the time the step-up counts sign-ins from), the notice (inbox item and unread
    // count) and the activity log's entry (issue 14).
    const [update, inbox, unread, activity] = items();
    expect(update!.Update).toMatchObject({ Key: { userId: 'user-1' }, ExpressionAttributeValues: { ':on': true } });
    expect(inbox!.Put).toMatchObject({ TableName: 'notifications-test', Item: { vendorId: 'V-10001', type: 'security_mfa_on', category: 'security' } });
    expect(unread!.Update).toMatchObject({ UpdateExpression: 'ADD unread :one' });
    expect(activity!.Put!.Item).toMatchObject({ action: 'mfa.enabled' });
  });

  it('changes and announces nothing when the state is the one recorded already (a repeated call)', async () => {
    idp.on(AdminGetUserCommand).resolves({ UserMFASettingList: [] });
    ddb.on(TransactWriteCommand).rejects(new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }] }));
    expect((await post()).body).toEqual({ totp: false, changed: false });
  });

  it('refuses a body that claims a state (400), asking Cognito nothing', async () => {
    const res = await post('{"totp":false}');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_error' });
    expect(idp.commandCalls(AdminGetUserCommand)).toHaveLength(0);
  });
});

describe('ops reset (POST /api/admin/users/{userId}/mfa-reset)', () => {
  const ops = { userId: 'ops-1', email: 'ops@example.com' };

  it('turns TOTP off in Cognito first, then writes the audit entry, the record and the notice in one transaction', async () => {
    idp.on(AdminGetUserCommand).resolves(TOTP_ON);
    idp.on(AdminSetUserMFAPreferenceCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { ...vendor, mfaEnabled: true } });
    ddb.on(TransactWriteCommand).resolves({});
    const answer = await resetTwoStep('user-1', 'Lost phone; identity checked by video call', ops, new Date('2026-11-25T10:00:00.000Z'));
    expect(answer).toEqual({ userId: 'user-1', totp: false, wasOn: true });
    expect(idp.commandCalls(AdminSetUserMFAPreferenceCommand)[0]!.args[0].input).toEqual({ UserPoolId: 'pool-test', Username: 'user-1', SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } });
    const [audit, update, inbox] = items();
    expect(audit!.Put).toMatchObject({
      TableName: 'audit-test',
      Item: { action: 'mfa.reset', target: { type: 'user', id: 'user-1' }, vendorId: 'V-10001', actor: ops, before: { totp: true }, after: { totp: false }, reason: 'Lost phone; identity checked by video call' },
    });
    expect(update!.Update!.ConditionExpression).toBe('attribute_exists(userId)');
    expect(inbox!.Put).toMatchObject({ Item: { type: 'security_mfa_off', params: { by: 'operations' } } });
  });

  it('a retry after a failed transaction (TOTP already off in Cognito, the record still on) writes the entry and the notice', async () => {
    idp.on(AdminGetUserCommand).resolves({ UserMFASettingList: [] });
    idp.on(AdminSetUserMFAPreferenceCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { ...vendor, mfaEnabled: true } });
    ddb.on(TransactWriteCommand).resolves({});
    expect(await resetTwoStep('user-1', 'retry', ops)).toMatchObject({ wasOn: false });
    expect(items().map((i) => i.Put?.TableName ?? i.Update?.TableName)).toEqual(['audit-test', 'vendors-test', 'notifications-test', 'notifications-test']);
  });

  it('a reset of a vendor who never had two-step on (Cognito off, nothing recorded) is audited but sends no "turned off" notice (issue 24, item 7)', async () => {
    idp.on(AdminGetUserCommand).resolves({ UserMFASettingList: [] });
    idp.on(AdminSetUserMFAPreferenceCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});
    for (const record of [vendor, { ...vendor, mfaEnabled: false }]) {
      ddb.on(GetCommand).resolves({ Item: record });
      expect(await resetTwoStep('user-1', 'Asked to reset; it was never on', ops)).toEqual({ userId: 'user-1', totp: false, wasOn: false });
    }
    for (const n of [0, 1]) {
      expect(items(n).map((i) => i.Put?.TableName ?? i.Update?.TableName)).toEqual(['audit-test', 'vendors-test']);
      expect(items(n).some((i) => i.Put?.Item?.type === 'security_mfa_off')).toBe(false);
    }
  });

  it('answers 404 user_not_found for a user Cognito does not know, changing nothing', async () => {
    idp.on(AdminGetUserCommand).rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata: {} }));
    await expect(resetTwoStep('nobody', 'x', ops)).rejects.toMatchObject({ statusCode: 404, code: 'user_not_found' });
    expect(idp.commandCalls(AdminSetUserMFAPreferenceCommand)).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('through the handler: needs a reason (400 with the field) and the actor is the verified caller', async () => {
    idp.on(AdminGetUserCommand).resolves(TOTP_ON);
    idp.on(AdminSetUserMFAPreferenceCommand).resolves({});
    ddb.on(GetCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});
    const event = (body: string) => ({ ...apiEvent('POST', '/api/admin/users/{userId}/mfa-reset', { claims: idClaims({ sub: 'ops-1', email: 'ops@example.com', 'cognito:groups': 'admins' }), body }), pathParameters: { userId: 'user-9' } });
    const bad = await mfaHandler(event('{"reason":"  "}'), context);
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ error: 'validation_error', fields: { reason: 'admin_mfa_reason_required' } });
    const ok = await mfaHandler(event('{"reason":"Lost phone","actor":{"email":"someone@else"}}'), context);
    expect(ok.statusCode).toBe(400);
    const good = await mfaHandler(event('{"reason":"Lost phone"}'), context);
    expect(good.statusCode).toBe(200);
    expect(JSON.parse(good.body)).toEqual({ userId: 'user-9', totp: false, wasOn: true });
    expect(items()[0]!.Put!.Item).toMatchObject({ actor: { userId: 'ops-1', email: 'ops@example.com' }, vendorId: null });
    expect(items()).toHaveLength(1);
  });
});
