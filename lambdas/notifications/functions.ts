/**
 * The notification Lambdas outside the API: what the CDK construct (lib/vendor-email.ts) deploys and
 * the local stack runs in-process (scripts/local/streams.ts, scripts/local/ses.ts).
 */
import type { TableAccess } from '../../contracts/tables';
import { INBOX_PREFIX } from './model';

/** SES's usual starting maximum send rate (e-mails per second): the stack setting sesMaxSendRate's default. */
export { DEFAULT_SES_MAX_SEND_RATE } from '../shared/env';

/** The notifier's timeout; a claim older than this belongs to an attempt that is surely over. */
export const NOTIFIER_TIMEOUT_SECONDS = 30;

/**
 * The notifier: new inbox items from the notifications table's stream → one e-mail each.
 * The stream filter (the same locally): INSERTs of `N#` items only, never STATE changes or
 * read-marks (MODIFY).
 */
export const notifierFunction = {
  entry: 'notifications/notifier-handler.ts',
  description: 'Vendor notifications: e-mails each new inbox item through SES v2 in the vendor language, once',
  // members: an invitation e-mail's token is made as it is sent, its SHA-256 set on the invitation (issue 24, item 5).
  tables: { notifications: 'r', vendors: 'r', idempotency: 'rw', emailSuppressions: 'r', members: 'w' },
  /** Lambda event source filter pattern (a JSON rule of EventBridge syntax). */
  filterPattern: { eventName: ['INSERT'], dynamodb: { Keys: { sk: { S: [{ prefix: INBOX_PREFIX }] } } } },
  batchSize: 25,
  /** Retries of a failing batch before its description goes to the on-failure destination (the DLQ). */
  retryAttempts: 5,
  timeoutSeconds: NOTIFIER_TIMEOUT_SECONDS,
} as const satisfies { entry: string; description: string; tables: TableAccess } & Record<string, unknown>;

/** Bounces and complaints (SES configuration set → EventBridge) → the address is suppressed. */
export const emailFeedbackFunction = {
  entry: 'notifications/feedback-handler.ts',
  description: 'Vendor notifications: records addresses SES reports as bouncing or complaining',
  tables: { emailSuppressions: 'w' },
  detailTypes: ['Email Bounced', 'Email Complaint Received'],
} as const satisfies { entry: string; description: string; tables: TableAccess } & Record<string, unknown>;

/** Does a stream record pass the notifier's filter (what Lambda's filter does in the cloud)? */
export function matchesNotifierFilter(record: { eventName?: string; dynamodb?: { Keys?: Record<string, { S?: string }> } }): boolean {
  return record.eventName === 'INSERT' && (record.dynamodb?.Keys?.sk?.S ?? '').startsWith(INBOX_PREFIX);
}
