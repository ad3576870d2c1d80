import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import { handler } from '../../../lambdas/notifications/feedback-handler';

process.env.EMAIL_SUPPRESSIONS_TABLE = 'suppressions-test';
const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  ddb.reset();
  ddb.on(PutCommand).resolves({});
});

const event = (detailType: string, detail: unknown) => ({ 'detail-type': detailType, source: 'aws.ses', detail }) as EventBridgeEvent<string, unknown>;

describe('SES bounce and complaint feedback', () => {
  it('suppresses every recipient of a permanent bounce, by normalized address', async () => {
    const out = await handler(
      event('Email Bounced', {
        eventType: 'Bounce',
        mail: { messageId: 'm-1' },
        bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: ' Gone@Example.com ' }], timestamp: '2026-11-30T10:00:00.000Z' },
      }),
    );
    expect(out).toEqual({ suppressed: 1 });
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input).toEqual({
      TableName: 'suppressions-test',
      Item: { email: 'gone@example.com', reason: 'bounce', detail: 'Permanent/General', at: '2026-11-30T10:00:00.000Z', messageId: 'm-1' },
    });
  });

  it('suppresses a complaining address, and leaves a transient bounce alone', async () => {
    await handler(event('Email Complaint Received', { eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: 'angry@example.com' }], complaintFeedbackType: 'abuse' } }));
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({ email: 'angry@example.com', reason: 'complaint', detail: 'abuse' });
    ddb.resetHistory();
    expect(await handler(event('Email Bounced', { eventType: 'Bounce', bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: 'full@example.com' }] } }))).toEqual({ suppressed: 0 });
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });
});
