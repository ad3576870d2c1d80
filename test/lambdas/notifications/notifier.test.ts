import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { handler } from '../../../lambdas/notifications/notifier-handler';
import { useNotifierTestEnv } from './notifier-env';
import { inboxItemOf } from '../../../lambdas/notifications/record';
import { hasControlCharacters } from '../../../contracts/typed-text';
import { matchesNotifierFilter, notifierFunction } from '../../../lambdas/notifications/functions';

useNotifierTestEnv({ SUPPORT_EMAIL: 'support@example.com' });

const ddb = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);

const vendor = { userId: 'user-1', vendorId: 'V-10001', email: 'Shop@Example.com', vendorName: 'Harbor Fresh', language: 'zh-TW', status: 'approved' };
const paid = inboxItemOf({
  vendorId: 'V-10001',
  type: 'payout_paid',
  subject: 'P-V-10001-2026-11-2',
  params: { payoutId: 'P-V-10001-2026-11-2', period: '2026-11-2', amountCents: 123_456, feeCents: 100, paidCents: 123_356 },
  createdAt: '2026-11-30T10:00:00.000Z',
});
const methodChanged = inboxItemOf({ vendorId: 'V-10001', type: 'payout_method_changed', subject: 'PA-1', params: { method: 'bank' }, createdAt: '2026-11-30T10:00:00.000Z' });

const record = (item: object, seq: string): DynamoDBRecord => ({
  eventName: 'INSERT',
  eventSource: 'aws:dynamodb',
  dynamodb: { Keys: marshall({ vendorId: (item as { vendorId: string }).vendorId, sk: (item as { sk: string }).sk }) as never, NewImage: marshall(item) as never, SequenceNumber: seq },
});

/** The table as the notifier finds it. */
function given(opts: { prefs?: Record<string, boolean>; suppressed?: boolean; claim?: Record<string, unknown> } = {}) {
  ddb.on(QueryCommand, { TableName: 'vendors-test' }).resolves({ Items: [vendor] });
  ddb.on(GetCommand, { TableName: 'notifications-test' }).resolves({ Item: opts.prefs ? { vendorId: 'V-10001', sk: 'STATE', emailPreferences: opts.prefs } : undefined });
  ddb.on(GetCommand, { TableName: 'suppressions-test' }).resolves({ Item: opts.suppressed ? { email: 'shop@example.com', reason: 'bounce' } : undefined });
  ddb.on(GetCommand, { TableName: 'idempotency-test' }).resolves({ Item: opts.claim });
  if (opts.claim) ddb.on(PutCommand, { TableName: 'idempotency-test' }).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
  else ddb.on(PutCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
  ddb.on(DeleteCommand).resolves({});
}

/** The claims marked sent (other updates: the send-rate window, lambdas/notifications/send-rate.ts). */
const marks = () => ddb.commandCalls(UpdateCommand).filter((c) => String(c.args[0].input.Key?.key).startsWith('EMAIL#'));

beforeEach(() => {
  ddb.reset();
  ses.reset();
  ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
});

describe('notifier', () => {
  it('e-mails a new inbox item once, in the vendor’s language, with the configuration set, claimed before and marked after', async () => {
    given();
    expect(await handler({ Records: [record(paid, '1')] })).toEqual({ batchItemFailures: [] });
    const sent = ses.commandCalls(SendEmailCommand).map((c) => c.args[0].input);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ FromEmailAddress: 'no-reply@example.com', Destination: { ToAddresses: ['Shop@Example.com'] }, ConfigurationSetName: 'seller-portal-test' });
    expect(sent[0]!.Content!.Simple!.Subject!.Data).toBe('撥款已送出：US$1,233.56');
    expect(sent[0]!.Content!.Simple!.Body!.Text!.Data).toContain('https://sellers.example.com/payouts?payout=P-V-10001-2026-11-2');
    const claim = ddb.commandCalls(PutCommand)[0]!.args[0].input;
    expect(claim).toMatchObject({ TableName: 'idempotency-test', Item: { key: 'EMAIL#V-10001#payout_paid.P-V-10001-2026-11-2', status: 'sending' } });
    expect(claim.ConditionExpression).toContain('attribute_not_exists(#key)');
    expect(marks()[0]!.args[0].input).toMatchObject({ Key: { key: 'EMAIL#V-10001#payout_paid.P-V-10001-2026-11-2' }, ExpressionAttributeValues: { ':sent': 'sent', ':id': 'm-1' } });
    // The send took a slot of its second from the shared rate window (issue 23).
    expect(ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input.Key!.key as string).filter((k) => k.startsWith('SES_RATE#'))).toHaveLength(1);
  });

  it('sends nothing for an event already e-mailed (a replay or a retried batch)', async () => {
    given({ claim: { key: 'EMAIL#V-10001#payout_paid.P-V-10001-2026-11-2', status: 'sent' } });
    expect(await handler({ Records: [record(paid, '1'), record(paid, '2')] })).toEqual({ batchItemFailures: [] });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('respects a category turned off (the inbox item stays), but always sends security notices', async () => {
    given({ prefs: { payouts: false } });
    await handler({ Records: [record(paid, '1')] });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);

    ddb.reset();
    given({ prefs: { payouts: false, account: false, products: false, balance: false, support: false } });
    await handler({ Records: [record(methodChanged, '2')] });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
    expect(ses.commandCalls(SendEmailCommand)[0]!.args[0].input.Content!.Simple!.Subject!.Data).toBe('安全通知：您的收款方式已變更');
  });

  it('sends a subject without line breaks or control characters, whatever a stored name holds (issue 24, item 4)', async () => {
    given();
    const approved = inboxItemOf({ vendorId: 'V-10001', type: 'product_approved', subject: 'P-1.v2', params: { productId: 'P-1', productName: 'Oolong\r\nBcc: all@example.com\u0000 Tea' }, createdAt: '2026-11-30T10:00:00.000Z' });
    await handler({ Records: [record(approved, '1')] });
    const subject = ses.commandCalls(SendEmailCommand)[0]!.args[0].input.Content!.Simple!.Subject!.Data!;
    expect(subject).toContain('Oolong Bcc: all@example.com Tea');
    expect(hasControlCharacters(subject)).toBe(false);
  });

  it('sends nothing to a suppressed address (bounced or complained)', async () => {
    given({ suppressed: true });
    await handler({ Records: [record(methodChanged, '1')] });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    expect(ddb.commandCalls(GetCommand, { TableName: 'suppressions-test' })[0]!.args[0].input.Key).toEqual({ email: 'shop@example.com' });
  });

  it('SES failing: the record fails and its claim is released, every retry fails the same way, and once SES is back exactly one e-mail goes', async () => {
    given();
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('Sending paused'), { name: 'SendingPausedException' }));
    for (let attempt = 0; attempt <= notifierFunction.retryAttempts; attempt++) {
      expect(await handler({ Records: [record(paid, '7')] })).toEqual({ batchItemFailures: [{ itemIdentifier: '7' }] });
    }
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(1 + notifierFunction.retryAttempts);
    expect(ddb.commandCalls(DeleteCommand)[0]!.args[0].input).toMatchObject({ Key: { key: 'EMAIL#V-10001#payout_paid.P-V-10001-2026-11-2' }, ConditionExpression: '#status = :sending AND claimedAt = :mine' });
    expect(marks()).toHaveLength(0);

    // Replayed from the DLQ's stream position (or a later retry): the claim was released, so it is sent now.
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-2' });
    expect(await handler({ Records: [record(paid, '7')] })).toEqual({ batchItemFailures: [] });
    expect(ses.commandCalls(SendEmailCommand).filter((c) => c.args[0].input.Destination?.ToAddresses?.[0] === 'Shop@Example.com')).toHaveLength(1 + notifierFunction.retryAttempts + 1);
    expect(marks()).toHaveLength(1);
  });

  it('looks the vendor up again when the vendor-id index lags behind the approval that wrote both', async () => {
    given();
    ddb.on(QueryCommand, { TableName: 'vendors-test' }).resolvesOnce({ Items: [] }).resolves({ Items: [vendor] });
    await handler({ Records: [record(paid, '1')] });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(2);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
  });

  it('reports only the failing record of a batch', async () => {
    given();
    ses.on(SendEmailCommand, { ConfigurationSetName: 'seller-portal-test' }).callsFake((input: { Content: { Simple: { Subject: { Data: string } } } }) => {
      if (input.Content.Simple.Subject.Data.startsWith('撥款')) throw new Error('throttled');
      return { MessageId: 'ok' };
    });
    expect(await handler({ Records: [record(methodChanged, '1'), record(paid, '2')] })).toEqual({ batchItemFailures: [{ itemIdentifier: '2' }] });
  });

  it('the stream filter passes INSERTs of inbox items only (the cloud filter pattern says the same)', () => {
    expect(matchesNotifierFilter(record(paid, '1'))).toBe(true);
    expect(matchesNotifierFilter({ ...record(paid, '1'), eventName: 'MODIFY' })).toBe(false);
    expect(matchesNotifierFilter({ eventName: 'INSERT', dynamodb: { Keys: { sk: { S: 'STATE' } } } })).toBe(false);
    expect(notifierFunction.filterPattern).toEqual({ eventName: ['INSERT'], dynamodb: { Keys: { sk: { S: [{ prefix: 'N#' }] } } } });
  });
});
