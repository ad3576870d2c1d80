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

/** What is set aside with the event: the reason code, the (shortened) message and where the event came from. */
export interface DeadLetter {
  reason: Rejection['reason'];
  reasonDetail: string;
  eventId?: string;
  detailType?: string;
}

/** Where rejected events go: the ingest DLQ in the cloud; the local stack injects its dead-letter folder. */
export interface DeadLetterSink {
  put(event: unknown, letter: DeadLetter): Promise<void>;
}

/** The ingest DLQ (INGEST_DLQ_URL): the event unchanged as the body, the letter as string message attributes. */
export function sqsDeadLetterSink(queueUrl: string): DeadLetterSink {
  return {
    async put(event, letter) {
      // Loaded only when used: a function that never rejects never loads the SQS client.
      const { sendToQueue } = await import('./dead-letter-sqs');
      await sendToQueue(queueUrl, JSON.stringify(event), {
        reason: letter.reason,
        reasonDetail: letter.reasonDetail || letter.reason,
        origin: 'ingest-handler',
        ...(letter.eventId ? { eventId: letter.eventId } : {}),
        ...(letter.detailType ? { detailType: letter.detailType } : {}),
      });
    },
  };
}

let injected: DeadLetterSink | undefined;

/**
 * Replaces the dead-letter sink of this process (the local stack's folder, scripts/local/stand-ins.ts);
 * `undefined` restores the default. Never called in the cloud.
 */
export function useDeadLetterSink(sink: DeadLetterSink | undefined): void {
  injected = sink;
}

/**
 * Sets an event the ingest will never be able to apply aside, unchanged, with the reason: in the
 * cloud on the ingest DLQ (INGEST_DLQ_URL; the same queue receives events that failed all retries),
 * locally wherever the local stack's injected sink puts it. With neither it throws: an event must
 * never be dropped silently (the invocation fails and Lambda's own retry and on-failure path take over).
 */
export async function sendToDeadLetter(event: unknown, rejection: Rejection, context: { eventId?: string; detailType?: string } = {}): Promise<void> {
  const detail = rejection.message.length > MAX_DETAIL_CHARS ? `${rejection.message.slice(0, MAX_DETAIL_CHARS - 1)}…` : rejection.message;
  const queueUrl = env.ingestDlqUrl();
  const sink = injected ?? (queueUrl ? sqsDeadLetterSink(queueUrl) : undefined);
  if (!sink) throw new Error(`No dead-letter destination configured (INGEST_DLQ_URL); event ${context.eventId ?? '?'} rejected: ${rejection.reason}`);
  await sink.put(event, {
    reason: rejection.reason,
    reasonDetail: detail,
    ...(context.eventId ? { eventId: context.eventId } : {}),
    ...(context.detailType ? { detailType: context.detailType } : {}),
  });
}
