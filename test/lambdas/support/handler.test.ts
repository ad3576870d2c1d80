import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { handler } from '../../../lambdas/support/handler';
import { openSupportCase } from '../../../lambdas/support/store';
import { apiEvent, context } from '../events';

process.env.VENDORS_TABLE = 'vendors-test';
process.env.SUPPORT_CASES_TABLE = 'cases-test';
process.env.NOTIFICATIONS_TABLE = 'notifications-test';
process.env.SUPPORT_TOPIC_ARN = 'arn:aws:sns:us-east-1:000000000000:support';
const ddb = mockClient(DynamoDBDocumentClient);
const sns = mockClient(SNSClient);
const vendor = { userId: 'user-1', email: 'vendor@example.com', status: 'approved', vendorId: 'V-10001', vendorName: 'Golden Harvest Foods', language: 'en' };

function givenVendor(record: Record<string, unknown> | undefined = vendor, recent: string[] = []) {
  ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: record });
  ddb.on(GetCommand, { TableName: 'cases-test' }).resolves({ Item: recent.length ? { recent, version: recent.length } : undefined });
  ddb.on(TransactWriteCommand).resolves({});
}
const post = async (body: unknown) => {
  const res = await handler(apiEvent('POST', '/api/support', { body: typeof body === 'string' ? body : JSON.stringify(body) }), context);
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
};
const good = { category: 'ask_question', message: '  When is my next payout?  ', vendorId: 'V-10001' };

beforeEach(() => {
  ddb.reset();
  sns.reset();
});

describe('POST /api/support', () => {
  it('stores an open case for the caller, trimmed, and notifies ops', async () => {
    givenVendor();
    const res = await post(good);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ caseId: expect.stringMatching(/^SC-\d{8}-\d{6}-[0-9A-F]{4}$/), status: 'open' });
    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items[1]!.Put!.Item).toMatchObject({ vendorId: 'V-10001', category: 'ask_question', message: 'When is my next payout?', status: 'open', email: 'vendor@example.com' });
    expect(sns.commandCalls(PublishCommand)[0]!.args[0].input).toMatchObject({ TopicArn: process.env.SUPPORT_TOPIC_ARN, Message: expect.stringContaining('When is my next payout?') });
  });

  it.each([
    ['an unknown category', { ...good, category: 'refund' }, { category: 'invalid_value' }],
    ['a blank message', { ...good, message: '   \n ' }, { message: 'too_small' }],
    ['a message over 5,000 characters', { ...good, message: 'x'.repeat(5001) }, { message: 'too_big' }],
    ['a missing vendor id', { category: 'report_bug', message: 'hi' }, { vendorId: 'invalid_type' }],
    ['an extra field', { ...good, status: 'closed' }, { status: 'unrecognized_keys' }],
    ['invalid JSON', '{"category":', undefined],
  ])('answers 400 { error, message, fields } for %s, naming the field, and writes nothing', async (_what, body, fields) => {
    givenVendor();
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(fields ? { error: 'validation_error', message: expect.any(String), fields } : { error: 'invalid_json', message: expect.any(String) });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('accepts exactly 5,000 characters', async () => {
    givenVendor();
    expect((await post({ ...good, message: 'x'.repeat(5000) })).status).toBe(201);
  });

  it('answers 403 for another vendor’s id', async () => {
    givenVendor();
    expect(await post({ ...good, vendorId: 'V-10002' })).toMatchObject({ status: 403, body: { error: 'vendor_mismatch' } });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it.each([['pending'], ['rejected']])('answers 403 to a %s vendor', async (status) => {
    givenVendor({ ...vendor, status, vendorId: undefined });
    expect((await post(good)).status).toBe(403);
  });

  it('answers 429 with a clear message once ten cases were opened in the last hour', async () => {
    const now = Date.now();
    givenVendor(vendor, Array.from({ length: 10 }, (_, i) => new Date(now - (50 - i) * 60_000).toISOString()));
    const res = await post(good);
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/at most 10 support cases an hour.*try again in 10 minutes/);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('still answers 201 when the notification fails: the case is stored', async () => {
    givenVendor();
    sns.on(PublishCommand).rejects(new Error('throttled'));
    expect((await post(good)).status).toBe(201);
  });
});

describe('openSupportCase window', () => {
  it('forgets cases older than an hour and guards the window by version', async () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const old = Array.from({ length: 10 }, (_, i) => new Date(now.getTime() - 61 * 60_000 - i).toISOString());
    ddb.on(GetCommand).resolves({ Item: { recent: old, version: 7 } });
    ddb.on(TransactWriteCommand).resolves({});
    await openSupportCase({ vendorId: 'V-1', userId: 'u', email: 'e', category: 'report_bug', message: 'm' }, now);
    const rate = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Put!;
    expect(rate.Item).toMatchObject({ recent: [now.toISOString()], version: 8 });
    expect(rate.ConditionExpression).toBe('version = :version');
  });

  it('reads the window again when a concurrent case won the race', async () => {
    ddb.on(GetCommand).resolves({});
    ddb.on(TransactWriteCommand)
      .rejectsOnce(new TransactionCanceledException({ message: 'cancelled', $metadata: {} }))
      .resolves({});
    await openSupportCase({ vendorId: 'V-1', userId: 'u', email: 'e', category: 'report_bug', message: 'm' });
    expect(ddb.commandCalls(GetCommand)).toHaveLength(2);
  });
});
