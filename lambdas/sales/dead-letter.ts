import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { env } from '../shared/env';

/**
 * Why the ingest set an event aside instead of applying it. `reason` is a stable code (also the
 * `reason` message attribute in the DLQ); `message` says what exactly is wrong.
 */
export interface Rejection {
  reason: 'invalid_event' | 'unknown_vendor' | 'invalid_commission_rate';
  message: string;
}

/** SQS allows 256 KiB per message including attributes; the detail attribute is kept short. */
const MAX_DETAIL_CHARS = 1_000;

/**
 * Sets an event the ingest will never be able to apply aside, unchanged, with the reason: in the
 * cloud on the ingest DLQ (INGEST_DLQ_URL; the same queue receives events that failed all retries),
 * locally as a JSON file in LOCAL_DEAD_LETTER_DIR. With neither configured it throws: an event must
 * never be dropped silently (the invocation fails and Lambda's own retry and on-failure path take over).
 */
export async function sendToDeadLetter(event: unknown, rejection: Rejection, context: { eventId?: string; detailType?: string } = {}): Promise<void> {
  const detail = rejection.message.length > MAX_DETAIL_CHARS ? `${rejection.message.slice(0, MAX_DETAIL_CHARS - 1)}…` : rejection.message;
  const queueUrl = env.ingestDlqUrl();
  if (queueUrl) {
    // Loaded only in the cloud: the local stack never needs the SQS client.
    const { sendToQueue } = await import('./dead-letter-sqs');
    await sendToQueue(queueUrl, JSON.stringify(event), {
      reason: rejection.reason,
      reasonDetail: detail || rejection.reason,
      origin: 'ingest-handler',
      ...(context.eventId ? { eventId: context.eventId } : {}),
      ...(context.detailType ? { detailType: context.detailType } : {}),
    });
    return;
  }
  const dir = env.localDeadLetterDir();
  if (dir) {
    mkdirSync(dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${(context.eventId ?? 'event').replace(/[^\w.-]/g, '_').slice(0, 80)}-${randomBytes(3).toString('hex')}.json`;
    writeFileSync(path.join(dir, name), JSON.stringify({ reason: rejection.reason, reasonDetail: detail, event }, null, 2));
    return;
  }
  throw new Error(`No dead-letter destination configured (INGEST_DLQ_URL or LOCAL_DEAD_LETTER_DIR); event ${context.eventId ?? '?'} rejected: ${rejection.reason}`);
}
