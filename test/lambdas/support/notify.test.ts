import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { caseSummary, snsOpsNotifier } from '../../../lambdas/support/notify';
import type { SupportCase } from '../../../lambdas/support/store';

const sns = mockClient(SNSClient);
beforeEach(() => sns.reset());

const supportCase = { caseId: 'C-1', vendorId: 'V-10001', email: 'shop@example.com', category: 'ask_question', message: 'Hello\r\nthere', createdAt: '2026-11-30T10:00:00.000Z' } as SupportCase;

describe('the ops notice of a support case (issue 24, item 4)', () => {
  it('publishes a subject without line breaks or control characters (SNS refuses them; a header must not be split), the body as written', async () => {
    sns.on(PublishCommand).resolves({});
    await snsOpsNotifier('arn:aws:sns:eu-west-1:123456789012:support').notify(supportCase, { subject: 'Case C-1\r\nfrom\u0000 V-1', body: caseSummary(supportCase).body });
    const input = sns.commandCalls(PublishCommand)[0]!.args[0].input;
    expect(input.Subject).toBe('Case C-1 from V-1');
    expect(input.Message).toContain('Hello\r\nthere');
  });
});
