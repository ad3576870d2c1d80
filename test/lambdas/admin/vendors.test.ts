/**
 * The ops console's vendor review and directory (issue 13), with DynamoDB and Cognito mocked: the
 * audit entry travels in the very transaction of the change, a decision someone else made first is a
 * 409 naming them (and writes nothing), the commission change is conditional on the rate the operator
 * saw, and the directory search reads indexes, never a scan.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, ScanCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { tables } from '../../../contracts/tables';
import { vendorDetailSchema } from '../../../contracts/admin-vendors';
import { reviewVendor } from '../../../lambdas/vendor/review';
import { changeCommission } from '../../../lambdas/admin/vendor-changes';
import { directoryQuery, listApplications, listVendors, vendorDetail } from '../../../lambdas/admin/vendors';
import { handler as changesHandler } from '../../../lambdas/admin/vendor-changes-handler';
import { handler as readHandler } from '../../../lambdas/admin/vendors-handler';
import { apiEvent, context, idClaims } from '../events';

for (const def of Object.values(tables)) process.env[def.envVar] = `${def.name}-test`;
process.env.USER_POOL_ID = 'pool-test';
process.env.AWS_REGION = 'us-west-2';
const ddb = mockClient(DynamoDBDocumentClient);
const idp = mockClient(CognitoIdentityProviderClient);

const ops = { userId: 'ops-1', email: 'ops@example.com' };
const pending = { userId: 'u-1', email: 'shop@example.com', status: 'pending', vendorName: 'Sunrise Noodle Co.', language: 'en', createdAt: '2026-03-01T00:00:00.000Z', updatedAt: '2026-03-01T00:00:00.000Z' };
const canceled = () =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }] });

const items = () => ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
const adminClaims = idClaims({ sub: 'ops-1', email: 'ops@example.com', 'cognito:groups': 'admins' });

beforeEach(() => {
  ddb.reset();
  idp.reset();
  // The admin check (issue 14) asks AdminGetUser too: the operator has TOTP on.
  idp.on(AdminGetUserCommand).resolves({ UserAttributes: [{ Name: 'sub', Value: 'u-1' }], UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });
  idp.on(AdminUpdateUserAttributesCommand).resolves({});
  idp.on(AdminAddUserToGroupCommand).resolves({});
  idp.on(AdminRemoveUserFromGroupCommand).resolves({});
});

describe('reviewVendor (console and CLI)', () => {
  it('approves with the vendor update, the notification and the audit entry in one transaction', async () => {
    ddb.on(GetCommand).resolvesOnce({ Item: pending }).resolves({ Item: { ...pending, status: 'approved', vendorId: 'V-10007', reviewedBy: ops.email } });
    ddb.on(UpdateCommand).resolves({ Attributes: { value: 10_007 } });
    ddb.on(TransactWriteCommand).resolves({});
    const { vendor, changed } = await reviewVendor(pending.email, { decision: 'approve' }, ops, { expectedStatus: 'pending', now: new Date('2026-03-05T10:00:00.000Z') });
    expect(changed).toBe(true);
    expect(vendor.vendorId).toBe('V-10007');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
    const audit = items().find((i) => i.Put?.TableName === 'audit-test')!.Put!;
    expect(audit.ConditionExpression).toBe('attribute_not_exists(entryKey)');
    expect(audit.Item).toMatchObject({
      action: 'vendor.approved',
      actor: ops,
      target: { type: 'vendor', id: 'V-10007' },
      targetKey: 'vendor#V-10007',
      before: { status: 'pending' },
      after: { status: 'approved', vendorId: 'V-10007' },
      reason: null,
      at: '2026-03-05T10:00:00.000Z',
    });
    expect(items()[0]!.Update).toMatchObject({ TableName: 'vendors-test', ConditionExpression: '#status = :from' });
    expect(items()[0]!.Update!.ExpressionAttributeValues).toMatchObject({ ':reviewer': ops.email });
    expect(items().some((i) => i.Put?.TableName === 'notifications-test')).toBe(true);
    expect(idp.commandCalls(AdminAddUserToGroupCommand)).toHaveLength(1);
  });

  it('rejects with the reason in the audit entry, targeted at the applicant (no vendor id yet)', async () => {
    ddb.on(GetCommand).resolvesOnce({ Item: pending }).resolves({ Item: { ...pending, status: 'rejected' } });
    ddb.on(TransactWriteCommand).resolves({});
    await reviewVendor(pending.email, { decision: 'reject', reason: 'Licence expired' }, ops, { expectedStatus: 'pending' });
    const audit = items().find((i) => i.Put?.TableName === 'audit-test')!.Put!;
    expect(audit.Item).toMatchObject({ action: 'vendor.rejected', target: { type: 'vendor', id: 'u-1' }, before: { status: 'pending' }, after: { status: 'rejected' }, reason: 'Licence expired' });
  });

  it('answers 409 application_decided naming who decided first, and writes nothing', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...pending, status: 'approved', vendorId: 'V-10002', reviewedBy: 'ann@example.com', reviewedAt: '2026-03-02T00:00:00.000Z' } });
    await expect(reviewVendor(pending.email, { decision: 'reject', reason: 'x' }, ops, { expectedStatus: 'pending' })).rejects.toMatchObject({
      statusCode: 409,
      code: 'application_decided',
      message: expect.stringContaining('approved by ann@example.com'),
    });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(idp.commandCalls(AdminUpdateUserAttributesCommand)).toHaveLength(0);
  });

  it('turns a lost race (the transaction condition failed) into the same 409, with no Cognito change', async () => {
    ddb.on(GetCommand)
      .resolvesOnce({ Item: pending })
      .resolves({ Item: { ...pending, status: 'rejected', reviewedBy: 'bob@example.com', reviewedAt: '2026-03-05T09:59:59.000Z' } });
    ddb.on(TransactWriteCommand).rejects(canceled());
    await expect(reviewVendor(pending.email, { decision: 'reject', reason: 'Other' }, ops, { expectedStatus: 'pending' })).rejects.toMatchObject({
      statusCode: 409,
      code: 'application_decided',
      message: expect.stringContaining('rejected by bob@example.com'),
    });
    expect(idp.commandCalls(AdminUpdateUserAttributesCommand)).toHaveLength(0);
  });

  it('keeps the CLI idempotent: reviewing into the current state writes no entry', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...pending, status: 'approved', vendorId: 'V-10002' } });
    const { changed } = await reviewVendor(pending.email, { decision: 'approve' }, { userId: 'cli:me', email: 'cli:me' });
    expect(changed).toBe(false);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('POST /api/admin/applications/{userId}/decision', () => {
  const post = async (body: unknown, claims = adminClaims) => {
    const event = apiEvent('POST', '/api/admin/applications/{userId}/decision', { claims, body: JSON.stringify(body) });
    event.pathParameters = { userId: 'u-1' };
    const res = await changesHandler(event, context);
    return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
  };

  it('needs a reason to reject (400 with the field), and admins only (403 not_admin)', async () => {
    expect(await post({ decision: 'reject', reason: '   ' })).toMatchObject({ status: 400, body: { error: 'validation_error', fields: { reason: 'admin_apps_reason_required' } } });
    expect(await post({ decision: 'maybe' })).toMatchObject({ status: 400, body: { error: 'validation_error' } });
    expect(await post({ decision: 'approve' }, idClaims())).toMatchObject({ status: 403, body: { error: 'not_admin' } });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('records the verified caller as the actor, not anything in the body', async () => {
    ddb.on(GetCommand).resolvesOnce({ Item: pending }).resolvesOnce({ Item: pending }).resolves({ Item: { ...pending, status: 'rejected', rejectionReason: 'No licence', reviewedBy: 'ops@example.com', reviewedAt: '2026-03-05T10:00:00.000Z' } });
    ddb.on(TransactWriteCommand).resolves({});
    const res = await post({ decision: 'reject', reason: 'No licence' });
    expect(res).toMatchObject({ status: 200, body: { application: { status: 'rejected', rejectionReason: 'No licence', reviewedBy: 'ops@example.com' } } });
    expect(items().find((i) => i.Put?.TableName === 'audit-test')!.Put!.Item).toMatchObject({ actor: { userId: 'ops-1', email: 'ops@example.com' } });
  });
});

describe('changeCommission', () => {
  it('writes the rate and its audit entry in one transaction, conditional on the rate the operator saw', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...pending, status: 'approved', vendorId: 'V-10001', commissionRateBps: 1500 } });
    ddb.on(QueryCommand).resolves({ Items: [{ userId: 'u-1' }] });
    ddb.on(TransactWriteCommand).resolves({});
    expect(await changeCommission('V-10001', { commissionRateBps: 1250, expectedRateBps: 1500 }, ops)).toEqual({ rateBps: 1250, storedRateBps: 1250 });
    const [update, audit] = items();
    expect(update!.Update).toMatchObject({ Key: { userId: 'u-1' }, ConditionExpression: 'attribute_exists(userId) AND commissionRateBps = :expected' });
    expect(update!.Update!.ExpressionAttributeValues).toMatchObject({ ':rate': 1250, ':expected': 1500 });
    expect(audit!.Put!.Item).toMatchObject({ action: 'vendor.commission_changed', target: { type: 'vendor', id: 'V-10001' }, before: { commissionRateBps: 1500 }, after: { commissionRateBps: 1250 } });
  });

  it('expects no stored rate when the operator saw the default', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...pending, status: 'approved', vendorId: 'V-10001' } });
    ddb.on(QueryCommand).resolves({ Items: [{ userId: 'u-1' }] });
    ddb.on(TransactWriteCommand).resolves({});
    await changeCommission('V-10001', { commissionRateBps: 1000, expectedRateBps: null }, ops);
    expect(items()[0]!.Update!.ConditionExpression).toBe('attribute_exists(userId) AND attribute_not_exists(commissionRateBps)');
  });

  it('answers 409 commission_changed when someone changed the rate meanwhile', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...pending, status: 'approved', vendorId: 'V-10001', commissionRateBps: 900 } });
    ddb.on(QueryCommand).resolves({ Items: [{ userId: 'u-1' }] });
    ddb.on(TransactWriteCommand).rejects(canceled());
    await expect(changeCommission('V-10001', { commissionRateBps: 1000, expectedRateBps: 1500 }, ops)).rejects.toMatchObject({ statusCode: 409, code: 'commission_changed' });
  });

  it('refuses rates outside 0..10000 bps and fractions (400)', async () => {
    for (const commissionRateBps of [-1, 10_001, 12.5, '1500']) {
      const event = apiEvent('PUT', '/api/admin/vendors/{vendorId}/commission', { claims: adminClaims, body: JSON.stringify({ commissionRateBps, expectedRateBps: null }) });
      event.pathParameters = { vendorId: 'V-10001' };
      const res = await changesHandler(event, context);
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ error: 'validation_error', fields: { commissionRateBps: expect.any(String) } });
    }
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('the queue and the directory read indexes, never a scan', () => {
  it('lists pending applications oldest first from byStatus, with a cursor bound to the list', async () => {
    ddb.on(QueryCommand).resolves({ Items: [pending], LastEvaluatedKey: { userId: 'u-1', status: 'pending', createdAt: pending.createdAt } });
    const page = await listApplications(undefined, new Date('2026-03-05T00:00:00.000Z'));
    expect(page.items).toEqual([{ userId: 'u-1', email: pending.email, vendorName: pending.vendorName, language: 'en', createdAt: pending.createdAt }]);
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({ IndexName: 'byStatus', ExpressionAttributeValues: { ':pending': 'pending' }, ScanIndexForward: true });
    await listApplications(page.nextCursor!);
    expect(ddb.commandCalls(QueryCommand)[1]!.args[0].input.ExclusiveStartKey).toEqual({ userId: 'u-1', status: 'pending', createdAt: pending.createdAt });
    // A directory cursor is not an applications cursor.
    await expect(listVendors({ cursor: page.nextCursor! })).rejects.toMatchObject({ statusCode: 400, code: 'invalid_cursor' });
    expect(ddb.commandCalls(ScanCommand)).toHaveLength(0);
  });

  it('chooses the index by what was typed', () => {
    expect(directoryQuery({ q: 'v-10001' }).input).toMatchObject({ IndexName: 'byVendorId', ExpressionAttributeValues: { ':v': 'V-10001' } });
    expect(directoryQuery({ q: 'Shop@Example' }).input).toMatchObject({ IndexName: 'byDirectoryEmail', ExpressionAttributeValues: { ':prefix': 'shop@example' } });
    expect(directoryQuery({ q: '  Golden  Harvest ', status: 'approved' }).input).toMatchObject({
      IndexName: 'byDirectoryName',
      KeyConditionExpression: '#directory = :directory AND begins_with(#key, :prefix)',
      FilterExpression: '#status = :status',
      ExpressionAttributeValues: { ':prefix': 'golden harvest', ':status': 'approved' },
    });
    expect(directoryQuery({ status: 'rejected' }).input).toMatchObject({ IndexName: 'byStatus', ExpressionAttributeValues: { ':status': 'rejected' } });
    expect(directoryQuery({}).input).toMatchObject({ IndexName: 'byDirectoryName', KeyConditionExpression: '#directory = :directory' });
  });

  it('GET /api/admin/vendors answers a page and refuses vendors (403 not_admin)', async () => {
    ddb.on(QueryCommand).resolves({ Items: [{ ...pending, status: 'approved', vendorId: 'V-10001' }] });
    const ok = await readHandler(apiEvent('GET', '/api/admin/vendors', { claims: adminClaims, query: { q: 'sun' } }), context);
    expect(JSON.parse(ok.body)).toEqual({
      items: [{ userId: 'u-1', vendorId: 'V-10001', email: pending.email, vendorName: pending.vendorName, status: 'approved', createdAt: pending.createdAt }],
      nextCursor: null,
    });
    const vendor = await readHandler(apiEvent('GET', '/api/admin/vendors', { claims: idClaims() }), context);
    expect(vendor.statusCode).toBe(403);
    const bad = await readHandler(apiEvent('GET', '/api/admin/vendors', { claims: adminClaims, query: { status: 'sleeping' } }), context);
    expect(bad.statusCode).toBe(400);
  });
});

describe('vendorDetail', () => {
  it('answers the record, commission, balance, orders, product counts, the masked payout method, payouts and the trail', async () => {
    const record = {
      ...pending,
      status: 'approved',
      vendorId: 'V-10001',
      commissionRateBps: 1250,
      payoutMethod: { method: 'bank', payoutAccountId: 'PA-V-10001-2', destination: '•••• 6789', accountNumberLast4: '6789', bankName: 'Bank', updatedAt: '2026-03-01T00:00:00.000Z' },
    };
    ddb.on(QueryCommand, { IndexName: 'byVendorId' }).resolves({ Items: [{ userId: 'u-1' }] });
    ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: record });
    ddb.on(GetCommand, { TableName: 'ledger-test' }).resolves({ Item: { balanceCents: 8_500 } });
    ddb.on(QueryCommand, { TableName: 'orders-test' }).resolves({
      Items: [{ vendorId: 'V-10001', orderKey: 'k', orderId: 'o-1', orderNumber: 'MK-1', placedAt: '2026-03-09T10:00:00.000Z', status: 'paid', totalCents: 4_500, lines: [] }],
    });
    ddb.on(QueryCommand, { TableName: 'ledger-test' }).resolves({
      Items: [{ vendorId: 'V-10001', sk: 'PAYOUT#2026-02-2', payoutId: 'P-1', periodId: '2026-02-2', periodFrom: '2026-02-16', periodTo: '2026-02-28', status: 'paid', amountCents: 8_000, feeCents: 100, paidCents: 7_900, method: 'bank', destinationMasked: '•••• 6789', payoutAccountId: 'PA-V-10001-2', createdAt: '2026-03-01T00:00:00.000Z', updatedAt: '2026-03-01T00:00:00.000Z' }],
    });
    ddb.on(QueryCommand, { TableName: 'products-test' }).callsFake((input: { ExpressionAttributeValues: Record<string, string> }) => ({
      Count: ({ 'V-10001': 4, 'V-10001#draft': 2, 'V-10001#pending': 1, 'V-10001#rejected': 0 } as Record<string, number>)[input.ExpressionAttributeValues[':pk']!] ?? 0,
    }));
    ddb.on(QueryCommand, { TableName: 'audit-test' }).resolves({ Items: [] });
    const detail = await vendorDetail('V-10001');
    expect(detail).toMatchObject({
      vendor: { vendorId: 'V-10001', status: 'approved' },
      commission: { rateBps: 1250, storedRateBps: 1250 },
      balanceCents: 8_500,
      recentOrders: [{ orderNumber: 'MK-1', totalCents: 4_500 }],
      products: { live: 4, draft: 2, pending: 1, rejected: 0 },
      payoutMethod: { method: 'bank', destination: '•••• 6789', payoutAccountId: 'PA-V-10001-2', holdUntil: null },
      payouts: [{ payoutId: 'P-1', amountCents: 8_000, paidCents: 7_900 }],
      audit: [],
    });
    expect(JSON.stringify(detail)).not.toContain('accountNumber');
    expect(vendorDetailSchema.parse(detail)).toEqual(detail);
    expect(ddb.commandCalls(ScanCommand)).toHaveLength(0);
  });
});
