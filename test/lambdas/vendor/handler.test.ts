import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { handler } from '../../../lambdas/vendor/handler';
import { apiEvent, context, idClaims } from '../events';

process.env.VENDORS_TABLE = 'vendors-test';
const ddb = mockClient(DynamoDBDocumentClient);
const record = {
  userId: 'user-1',
  email: 'vendor@example.com',
  status: 'approved',
  vendorId: 'V-10001',
  vendorName: 'Golden Harvest Foods',
  language: 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const call = async (method: string, body?: string, claims = idClaims()) => {
  const res = await handler(apiEvent(method, '/api/me', { body, claims }), context);
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown>, headers: res.headers };
};

beforeEach(() => ddb.reset());

describe('GET /api/me', () => {
  it('returns the vendor view without internal fields', async () => {
    ddb.on(GetCommand).resolves({ Item: record });
    const res = await call('GET');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      userId: 'user-1',
      email: 'vendor@example.com',
      groups: ['vendors'],
      roles: ['vendor'],
      status: 'approved',
      vendorId: 'V-10001',
      vendorName: 'Golden Harvest Foods',
      language: 'en',
      payoutAccountId: null,
      memberRole: 'owner',
      accountHolder: true,
    });
    expect(res.headers).toMatchObject({ 'content-type': expect.stringContaining('application/json'), 'cache-control': 'no-store' });
  });

  it('returns the language exactly as stored, for the client to judge', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...record, language: 'zh-tw' } });
    expect((await call('GET')).body.language).toBe('zh-tw');
  });

  it('never hands out a vendor id unless approved, and gives the rejection reason', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...record, status: 'rejected', rejectionReason: 'Missing licence' } });
    expect((await call('GET')).body).toMatchObject({ status: 'rejected', vendorId: null, rejectionReason: 'Missing licence' });
  });

  it('answers 404 vendor_not_found naming the user when there is no record', async () => {
    ddb.on(GetCommand).resolves({});
    expect(await call('GET')).toMatchObject({ status: 404, body: { error: 'vendor_not_found', message: 'Vendor not found for user user-1' } });
    expect(await call('GET', undefined, idClaims({ 'cognito:groups': '' }))).toMatchObject({ status: 404 });
  });

  it('answers an admin without a vendor record with the groups and the admin role (issue 11), not 404', async () => {
    ddb.on(GetCommand).resolves({});
    const res = await call('GET', undefined, idClaims({ sub: 'ops-1', email: 'ops@example.com', 'cognito:groups': '[admins]' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      userId: 'ops-1',
      email: 'ops@example.com',
      groups: ['admins'],
      roles: ['admin'],
      status: null,
      vendorId: null,
      vendorName: null,
      language: null,
      payoutAccountId: null,
      memberRole: null,
      accountHolder: false,
    });
  });

  // Issue 14: a team member's item points at the shop's account holder, whose record is the vendor record.
  const shop = { ...record, userId: 'holder-1', email: 'owner@example.com', payoutAccountId: 'PA-1', language: 'zh-TW' };
  const membership = (role: string, extra: Record<string, unknown> = {}) => ({
    userId: 'user-1',
    email: 'staff@example.com',
    membership: { holderUserId: 'holder-1', vendorId: 'V-10001', memberId: 'M-1', role },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...extra,
  });
  const byKey = (items: Record<string, unknown>) => ddb.on(GetCommand).callsFake((input: { Key: { userId: string } }) => ({ Item: items[input.Key.userId] }));

  it('answers a team member with the shop, their own identity, language and role, and no payout account unless their role sees payouts', async () => {
    byKey({ 'holder-1': shop, 'user-1': membership('inventory', { language: 'en' }) });
    const res = await call('GET', undefined, idClaims({ email: 'staff@example.com' }));
    expect(res.body).toMatchObject({ userId: 'user-1', email: 'staff@example.com', status: 'approved', vendorId: 'V-10001', vendorName: 'Golden Harvest Foods', language: 'en', payoutAccountId: null, memberRole: 'inventory', accountHolder: false, roles: ['vendor'] });
    byKey({ 'holder-1': shop, 'user-1': membership('finance') });
    expect((await call('GET', undefined, idClaims({ email: 'staff@example.com' }))).body).toMatchObject({ payoutAccountId: 'PA-1', memberRole: 'finance', language: 'zh-TW' });
  });

  it('tells a removed member their access ended (403 membership_ended), not "no record"', async () => {
    byKey({ 'user-1': { userId: 'user-1', email: 'staff@example.com', membershipEnded: { vendorName: 'Golden Harvest Foods', at: '2026-11-20T00:00:00.000Z' }, createdAt: '', updatedAt: '' } });
    expect(await call('GET')).toMatchObject({ status: 403, body: { error: 'membership_ended', message: 'Your access to Golden Harvest Foods has ended.' } });
  });

  it('gives a member of a shop that is no longer approved nothing', async () => {
    byKey({ 'holder-1': { ...shop, vendorId: 'V-99999' }, 'user-1': membership('manager') });
    expect(await call('GET')).toMatchObject({ status: 404, body: { error: 'vendor_not_found' } });
  });

  it('gives the vendor role only to an approved vendor with an id, whatever the groups say', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...record, status: 'pending', vendorId: undefined } });
    expect((await call('GET')).body).toMatchObject({ groups: ['vendors'], roles: [], status: 'pending' });
    ddb.on(GetCommand).resolves({ Item: record });
    expect((await call('GET', undefined, idClaims({ 'cognito:groups': 'vendors,admins' }))).body).toMatchObject({ roles: ['vendor', 'admin'] });
    expect((await call('GET', undefined, idClaims({ 'cognito:groups': '' }))).body).toMatchObject({ groups: [], roles: ['vendor'] });
  });

  it('answers 500 with a reference and no internals when the store fails', async () => {
    ddb.on(GetCommand).rejects(new Error('socket hang up at 10.0.0.1'));
    const res = await call('GET');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'internal_error', message: expect.stringContaining('aws-req-1') });
    expect(JSON.stringify(res.body)).not.toContain('socket');
  });
});

describe('PATCH /api/me', () => {
  it('updates only the language of the caller’s own record', async () => {
    ddb.on(GetCommand).resolves({ Item: record });
    ddb.on(UpdateCommand).resolves({ Attributes: { ...record, language: 'zh-TW' } });
    const res = await call('PATCH', JSON.stringify({ language: 'zh-TW' }));
    expect(res).toMatchObject({ status: 200, body: { language: 'zh-TW', roles: ['vendor'] } });
    const input = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.Key).toEqual({ userId: 'user-1' });
    expect(input.ExpressionAttributeValues).toMatchObject({ ':language': 'zh-TW' });
  });

  it.each([
    ['{"language":"fr"}', { language: 'invalid_value' }],
    ['{"language":"zh-tw"}', { language: 'invalid_value' }],
    ['{"language":"en","vendorId":"V-2"}', { vendorId: 'unrecognized_keys' }],
    ['{}', { language: 'invalid_value' }],
    ['not json', undefined],
  ])(
    'answers 400 { error, message, fields } for %s and writes nothing',
    async (body, fields) => {
      ddb.on(GetCommand).resolves({ Item: record });
      const res = await call('PATCH', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(fields ? { error: 'validation_error', message: expect.any(String), fields } : { error: 'invalid_json', message: expect.any(String) });
      expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    },
  );

  it('answers 404 for an admin without a vendor record: the language has nowhere to be saved', async () => {
    ddb.on(GetCommand).resolves({});
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    expect((await call('PATCH', '{"language":"en"}', idClaims({ 'cognito:groups': 'admins' }))).status).toBe(404);
  });

  it('answers 404 when the record vanished between read and write', async () => {
    ddb.on(GetCommand).resolves({});
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    expect((await call('PATCH', '{"language":"en"}')).status).toBe(404);
  });
});
