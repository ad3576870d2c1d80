import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { env } from '../shared/env';
import { logger } from '../shared/logger';
import type { SupportCase } from './store';

let sns: SNSClient | undefined;

export function caseSummary(c: SupportCase): { subject: string; body: string } {
  return {
    subject: `[Seller Portal] Support case ${c.caseId} (${c.category}) from ${c.vendorId}`.slice(0, 99),
    body: [
      `Case:      ${c.caseId}`,
      `Vendor:    ${c.vendorId} (${c.email})`,
      `Category:  ${c.category}`,
      `Opened at: ${c.createdAt}`,
      '',
      c.message,
      '',
      'Reply to the vendor within 24 hours.',
    ].join('\n'),
  };
}

/**
 * Tells ops about a new case: the SNS topic in the cloud (SUPPORT_TOPIC_ARN; e-mail subscribers get
 * it), the local outbox folder and the console locally (LOCAL_OUTBOX_DIR). A failed notification
 * is logged, not thrown: the case is stored and ops also see it in the table.
 */
export async function notifyOps(c: SupportCase): Promise<void> {
  const { subject, body } = caseSummary(c);
  try {
    const topicArn = env.supportTopicArn();
    const outboxDir = topicArn ? undefined : env.localOutboxDir();
    if (topicArn) {
      sns ??= new SNSClient({});
      await sns.send(
        new PublishCommand({
          TopicArn: topicArn,
          Subject: subject,
          Message: body,
          MessageAttributes: { category: { DataType: 'String', StringValue: c.category } },
        }),
      );
    } else if (outboxDir) {
      mkdirSync(outboxDir, { recursive: true });
      writeFileSync(path.join(outboxDir, `${c.caseId}.json`), JSON.stringify({ subject, body, case: c }, null, 2));
      console.log(`✉  ${subject}`);
    } else {
      logger.warn('no support notification channel configured', { caseId: c.caseId });
    }
  } catch (error) {
    logger.error('support notification failed', { caseId: c.caseId, error: error as Error });
  }
}
