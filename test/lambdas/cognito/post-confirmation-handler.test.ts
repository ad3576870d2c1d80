import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { handler } from '../../../lambdas/cognito/post-confirmation-handler';

process.env.VENDORS_TABLE = 'vendors-test';
process.env.NOTIFICATIONS_TABLE = 'notifications-test';
const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddb.reset());

const event = (triggerSource: string, attrs: Record<string, string>) =>
  ({ triggerSource, userName: 'u', request: { userAttributes: { sub: 'user-9', email: 'shop@example.com', ...attrs } }, response: {} }) as unknown as PostConfirmationTriggerEvent;

describe('post-confirmation trigger', () => {
  it('creates a pending vendor record from the sign-up attributes, only if absent', async () => {
    ddb.on(PutCommand).resolves({});
    const e = event('PostConfirmation_ConfirmSignUp', { name: '  Jade Garden Tea ', locale: 'zh-TW' });
    expect(await handler(e)).toBe(e);
    const input = ddb.commandCalls(PutCommand)[0]!.args[0].input;
    expect(input.ConditionExpression).toBe('attribute_not_exists(userId)');
    expect(input.Item).toMatchObject({ userId: 'user-9', email: 'shop@example.com', status: 'pending', vendorName: 'Jade Garden Tea', language: 'zh-TW' });
    expect(input.Item).not.toHaveProperty('vendorId');
  });

  it('falls back to en and the e-mail name when attributes are missing or odd', async () => {
    ddb.on(PutCommand).resolves({});
    await handler(event('PostConfirmation_ConfirmSignUp', { locale: 'fr' }));
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({ language: 'en', vendorName: 'shop' });
  });

  it('refuses a business name with a line break or another control character, and creates no record (issue 24, item 4)', async () => {
    ddb.on(PutCommand).resolves({});
    for (const name of ['Jade Garden\r\nBcc: x@example.com', 'Jade\u0000Garden', 'Jade\u009bGarden']) {
      await expect(handler(event('PostConfirmation_ConfirmSignUp', { name }))).rejects.toThrow('The business name may not contain line breaks or other control characters.');
    }
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('leaves an existing (possibly reviewed) record alone when Cognito retries', async () => {
    ddb.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    const e = event('PostConfirmation_ConfirmSignUp', {});
    await expect(handler(e)).resolves.toBe(e);
  });

  it('records the password-changed security notice after a forgotten-password confirmation, and touches no vendor record', async () => {
    ddb.on(GetCommand).resolves({ Item: { userId: 'user-9', vendorId: 'V-10009', status: 'approved' } });
    ddb.on(TransactWriteCommand).resolves({});
    await handler(event('PostConfirmation_ConfirmForgotPassword', {}));
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    const [notice] = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(notice!.Put).toMatchObject({ TableName: 'notifications-test', Item: { vendorId: 'V-10009', type: 'password_changed', category: 'security' } });
  });
});
