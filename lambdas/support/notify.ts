import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { oneLine } from '../../contracts/typed-text';
import { env } from '../shared/env';
import { logger } from '../shared/logger';
import { injectedOpsNotifier, type OpsNotifier } from './ops-notifier';
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

/** The support topic (SUPPORT_TOPIC_ARN; e-mail subscribers get it). */
export function snsOpsNotifier(topicArn: string): OpsNotifier {
  return {
    async notify(c, { subject, body }) {
      sns ??= new SNSClient({});
      await sns.send(
        new PublishCommand({
          TopicArn: topicArn,
          // SNS refuses line breaks and control characters in a subject (and it becomes an e-mail header).
          Subject: oneLine(subject),
          Message: body,
          MessageAttributes: { category: { DataType: 'String', StringValue: c.category } },
        }),
      );
    },
  };
}

function opsNotifier(): OpsNotifier | null {
  const injected = injectedOpsNotifier();
  if (injected) return injected;
  const topicArn = env.supportTopicArn();
  return topicArn ? snsOpsNotifier(topicArn) : null;
}

/**
 * Tells ops about a new case through the notifier (the SNS topic, SUPPORT_TOPIC_ARN, unless one was
 * injected). A failed notification is logged, not thrown: the case is stored and ops also see it in
 * the table.
 */
export async function notifyOps(c: SupportCase): Promise<void> {
  try {
    const notifier = opsNotifier();
    if (!notifier) {
      logger.warn('no support notification channel configured', { caseId: c.caseId });
      return;
    }
    await notifier.notify(c, caseSummary(c));
  } catch (error) {
    logger.error('support notification failed', { caseId: c.caseId, error: error as Error });
  }
}
