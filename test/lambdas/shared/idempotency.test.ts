import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { fingerprintOf, idempotencyOf, recordItem, replayOf } from '../../../lambdas/shared/idempotency';
import { handler } from '../../../lambdas/support/handler';
import { apiEvent, context } from '../events';

Object.assign(process.env, {
  IDEMPOTENCY_TABLE: 'idempotency-test',
  VENDORS_TABLE: 'vendors-test',
  SUPPORT_CASES_TABLE: 'cases-test',
  NOTIFICATIONS_TABLE: 'notifications-test',
  SUPPORT_TOPIC_ARN: 'arn:aws:sns:us-east-1:000000000000:support',
});
const ddb = mockClient(DynamoDBDocumentClient);
const sns = mockClient(SNSClient);
const NOW = new Date('2026-11-24T12:00:00.000Z');
const withKey = (key: string | undefined, name = 'Idempotency-Key') => {
  const event = apiEvent('POST', '/api/support');
  if (key !== undefined) event.headers = { [name]: key };
  return event;
};

beforeEach(() => {
  ddb.reset();
  sns.reset();
});

describe('the Idempotency-Key header', () => {
  it('is optional, read in any case, scoped by route and vendor, and fingerprints the body whatever its key order', () => {
    expect(idempotencyOf(withKey(undefined), 'POST /api/support', 'V-1', {})).toBeNull();
    const a = idempotencyOf(withKey('6f1c2a4e-5b7d-4e8f-9a0b-1c2d3e4f5a6b', 'idempotency-key'), 'POST /api/support', 'V-1', { a: 1, b: [1, { c: 2, d: 3 }] });
    expect(a).toEqual({ recordKey: 'POST /api/support#V-1#6f1c2a4e-5b7d-4e8f-9a0b-1c2d3e4f5a6b', fingerprint: fingerprintOf({ b: [1, { d: 3, c: 2 }], a: 1 }) });
    expect(fingerprintOf({ a: 1 })).not.toBe(fingerprintOf({ a: 2 }));
    expect(fingerprintOf([1, 2])).not.toBe(fingerprintOf([2, 1]));
  });

  it.each(['short', '', 'x'.repeat(129), 'with space1', 'key/with/slash', 'ключ-ключ-ключ'])('refuses %j with 400 invalid_idempotency_key', (key) => {
    expect(() => idempotencyOf(withKey(key), 'POST /api/support', 'V-1', {})).toThrow(expect.objectContaining({ statusCode: 400, code: 'invalid_idempotency_key' }));
  });
});

describe('replay', () => {
  const req = { recordKey: 'POST /api/support#V-1#k-12345678', fingerprint: fingerprintOf({ a: 1 }) };
  const record = (over: Record<string, unknown> = {}) => ({
    Item: { key: req.recordKey, fingerprint: req.fingerprint, statusCode: 201, body: '{"caseId":"SC-1"}', createdAt: NOW.toISOString(), expiresAt: NOW.getTime() / 1000 + 60, ...over },
  });

  it('answers the first answer to the same request, 422 to another body, nothing for an expired or missing record', async () => {
    ddb.on(GetCommand).resolves(record());
    expect(await replayOf(req, NOW)).toEqual({ statusCode: 201, body: { caseId: 'SC-1' }, headers: { 'idempotent-replayed': 'true' } });
    ddb.on(GetCommand).resolves(record({ fingerprint: 'another' }));
    await expect(replayOf(req, NOW)).rejects.toMatchObject({ statusCode: 422, code: 'idempotency_key_reused' });
    ddb.on(GetCommand).resolves(record({ expiresAt: NOW.getTime() / 1000 }));
    expect(await replayOf(req, NOW)).toBeNull();
    ddb.on(GetCommand).resolves({});
    expect(await replayOf(req, NOW)).toBeNull();
    expect(await replayOf(null, NOW)).toBeNull();
  });

  it('records with a condition that fails while a live record exists, expiring after a day', () => {
    expect(recordItem(req, { statusCode: 201, body: { caseId: 'SC-1' } }, NOW)).toEqual({
      Put: {
        TableName: 'idempotency-test',
        Item: { key: req.recordKey, fingerprint: req.fingerprint, statusCode: 201, body: '{"caseId":"SC-1"}', createdAt: NOW.toISOString(), expiresAt: NOW.getTime() / 1000 + 86_400 },
        ConditionExpression: 'attribute_not_exists(#key) OR #expiresAt <= :now',
        ExpressionAttributeNames: { '#key': 'key', '#expiresAt': 'expiresAt' },
        ExpressionAttributeValues: { ':now': NOW.getTime() / 1000 },
      },
    });
  });
});

describe('POST /api/support with a key', () => {
  const vendor = { userId: 'user-1', email: 'vendor@example.com', status: 'approved', vendorId: 'V-10001', vendorName: 'Golden Harvest Foods', language: 'en' };
  const body = { category: 'ask_question', message: 'When is my next payout?', vendorId: 'V-10001' };
  const post = (key: string) => {
    const event = apiEvent('POST', '/api/support', { body: JSON.stringify(body) });
    event.headers = { 'Idempotency-Key': key };
    return handler(event, context);
  };

  it('writes the record in the case’s transaction; a repeat replays without a case or an ops message', async () => {
    ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: vendor });
    ddb.on(GetCommand, { TableName: 'cases-test' }).resolves({});
    ddb.on(GetCommand, { TableName: 'idempotency-test' }).resolves({});
    ddb.on(TransactWriteCommand).resolves({});
    const first = await post('key-000001');
    expect(first.statusCode).toBe(201);
    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    // The rate window, the case, the answer's record, and (issue 12) the vendor's notification and unread count.
    expect(items).toHaveLength(5);
    const stored = items[2]!.Put!.Item as { key: string; body: string };
    expect(stored.key).toBe('POST /api/support#V-10001#key-000001');
    expect(JSON.parse(stored.body)).toEqual(JSON.parse(first.body));
    expect(sns.commandCalls(PublishCommand)).toHaveLength(1);

    ddb.on(GetCommand, { TableName: 'idempotency-test' }).resolves({ Item: { ...stored, expiresAt: Date.now() / 1000 + 60 } });
    const again = await post('key-000001');
    expect({ status: again.statusCode, body: JSON.parse(again.body) as unknown, replayed: again.headers?.['idempotent-replayed'] }).toEqual({ status: 201, body: JSON.parse(first.body), replayed: 'true' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(sns.commandCalls(PublishCommand)).toHaveLength(1);
  });

  it('an attempt that loses to a concurrent one of the same request replays its answer', async () => {
    ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: vendor });
    ddb.on(GetCommand, { TableName: 'cases-test' }).resolves({});
    const winner = { key: 'POST /api/support#V-10001#key-000002', statusCode: 201, body: '{"caseId":"SC-W","status":"open"}', expiresAt: Date.now() / 1000 + 60 };
    ddb.on(GetCommand, { TableName: 'idempotency-test' }).resolvesOnce({}).resolves({ Item: { ...winner, fingerprint: fingerprintOf(body) } });
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'None' }, { Code: 'None' }, { Code: 'ConditionalCheckFailed' }] }),
    );
    const res = await post('key-000002');
    expect({ status: res.statusCode, body: JSON.parse(res.body) as unknown }).toEqual({ status: 201, body: { caseId: 'SC-W', status: 'open' } });
    expect(sns.commandCalls(PublishCommand)).toHaveLength(0);
  });
});
