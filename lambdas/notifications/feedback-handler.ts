/**
 * Bounces and complaints: the SES configuration set's event destination sends them to EventBridge
 * (detail types `Email Bounced`, `Email Complaint Received`; lib/vendor-email.ts), and this function
 * records each address concerned in the email-suppressions table. A permanent bounce or any
 * complaint suppresses the address: the notifier sends it nothing more until ops delete the item
 * (docs/operations.md). Transient bounces (mailbox full, ...) are only logged.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import * as z from 'zod';
import { dynamo } from '../shared/clients';
import { normalizeEmail } from '../../contracts/email';
import { logger } from '../shared/logger';
import { tableName } from '../shared/tables';

/** The parts of SES's event publishing record this function reads. */
const sesEvent = z.object({
  eventType: z.string(),
  mail: z.object({ messageId: z.string().optional() }).partial().optional(),
  bounce: z
    .object({
      bounceType: z.string(),
      bounceSubType: z.string().optional(),
      bouncedRecipients: z.array(z.object({ emailAddress: z.string() })),
      timestamp: z.string().optional(),
    })
    .optional(),
  complaint: z
    .object({
      complainedRecipients: z.array(z.object({ emailAddress: z.string() })),
      complaintFeedbackType: z.string().optional(),
      timestamp: z.string().optional(),
    })
    .optional(),
});

export interface SuppressionItem {
  email: string;
  reason: 'bounce' | 'complaint';
  detail: string;
  at: string;
  messageId?: string;
}

/** The addresses an SES event suppresses (empty for a transient bounce or another event type). */
export function suppressionsOf(detail: unknown, now: Date): SuppressionItem[] {
  const parsed = sesEvent.safeParse(detail);
  if (!parsed.success) return [];
  const e = parsed.data;
  const messageId = e.mail?.messageId;
  if (e.bounce && e.bounce.bounceType === 'Permanent') {
    return e.bounce.bouncedRecipients.map((r) => ({
      email: normalizeEmail(r.emailAddress),
      reason: 'bounce',
      detail: `${e.bounce!.bounceType}/${e.bounce!.bounceSubType ?? ''}`,
      at: e.bounce!.timestamp ?? now.toISOString(),
      ...(messageId ? { messageId } : {}),
    }));
  }
  if (e.complaint) {
    return e.complaint.complainedRecipients.map((r) => ({
      email: normalizeEmail(r.emailAddress),
      reason: 'complaint',
      detail: e.complaint!.complaintFeedbackType ?? 'complaint',
      at: e.complaint!.timestamp ?? now.toISOString(),
      ...(messageId ? { messageId } : {}),
    }));
  }
  return [];
}

export async function handler(event: EventBridgeEvent<string, unknown>): Promise<{ suppressed: number }> {
  const items = suppressionsOf(event.detail, new Date());
  for (const item of items) {
    await dynamo.send(new PutCommand({ TableName: tableName('emailSuppressions'), Item: item }));
  }
  if (!items.length) logger.info('SES event without a suppression', { detailType: event['detail-type'] });
  else logger.warn('e-mail addresses suppressed', { count: items.length, reason: items[0]!.reason });
  return { suppressed: items.length };
}
