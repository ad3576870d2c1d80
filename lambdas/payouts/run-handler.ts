/**
 * The scheduled payout run Lambda (EventBridge Scheduler, docs/operations.md "Payout runs"). The
 * period is that of `date` (a marketplace day `yyyy-mm-dd`, for a rerun), else of the schedule's
 * `scheduledTime`, else of now; every payable vendor goes to the worker queue (env
 * `PAYOUT_QUEUE_URL`) as one message, ten per SendMessageBatch with sixteen calls in flight (issue 23:
 * 100,000 vendors in well under the five-minute timeout). Running a period again is safe: the
 * worker pays a vendor at most once per period.
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { isDay } from '../shared/dates';
import { limiter } from '../shared/concurrency';
import { env } from '../shared/env';
import { logger } from '../shared/logger';
import { runPayouts, type RunSummary } from './run';
import type { PayoutMessage } from './settlement';

export const runEvent = z.object({
  /** A marketplace day for a rerun: `{ "date": "2026-11-30" }`. */
  date: z.string().refine(isDay, 'date must be a calendar day yyyy-mm-dd').optional(),
  /** Set by the schedule (`<aws.scheduler.scheduled-time>`), so a late retry still closes the scheduled period. */
  scheduledTime: z.iso.datetime({ offset: true }).optional(),
});
export type RunEvent = z.infer<typeof runEvent>;

/** SQS takes at most ten entries per SendMessageBatch. */
export const SQS_BATCH_SIZE = 10;
/**
 * SendMessageBatch calls in flight at once, across all the run's enqueues: 100,000 vendors are
 * 10,000 calls, which one after another took most of the run's five minutes (issue 23).
 */
export const SQS_SENDS_IN_FLIGHT = 16;
const SEND_ATTEMPTS = 3;

const sqs = new SQSClient({});

async function sendBatch(client: SQSClient, queueUrl: string, messages: PayoutMessage[]): Promise<void> {
  let entries = messages.map((m, i) => ({ Id: String(i), MessageBody: JSON.stringify(m) }));
  for (let attempt = 1; entries.length; attempt++) {
    const out = await client.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
    const failed = new Set((out.Failed ?? []).map((f) => f.Id));
    const retry = entries.filter((e) => failed.has(e.Id));
    if (retry.length && (attempt >= SEND_ATTEMPTS || (out.Failed ?? []).some((f) => f.SenderFault))) {
      const reasons = [...new Set((out.Failed ?? []).map((f) => f.Code ?? 'unknown'))].join(', ');
      throw new Error(`SQS refused ${retry.length} payout message(s) after ${attempt} attempt(s): ${reasons}`);
    }
    entries = retry;
  }
}

/**
 * An `enqueue` for runPayouts: batches of ten, `inFlight` SendMessageBatch calls at once over all
 * calls of this enqueue; entries SQS refuses are sent again (only they: the others are queued), then
 * the run fails. A failed run is retried whole, which is safe: one payout per vendor and period.
 */
export function sqsEnqueue(queueUrl: string, client: SQSClient = sqs, inFlight: number = SQS_SENDS_IN_FLIGHT): (messages: PayoutMessage[]) => Promise<void> {
  const slot = limiter(inFlight);
  return async (messages) => {
    const batches: Promise<void>[] = [];
    for (let start = 0; start < messages.length; start += SQS_BATCH_SIZE) {
      const batch = messages.slice(start, start + SQS_BATCH_SIZE);
      batches.push(slot(() => sendBatch(client, queueUrl, batch)));
    }
    const failed = (await Promise.allSettled(batches)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  };
}

/** Runs the payout run for one event (the handler, and tests with their own client). */
export async function runFromEvent(event: unknown, queueUrl: string | undefined, client: SQSClient = sqs): Promise<RunSummary> {
  if (!queueUrl) throw new Error('Missing environment variable PAYOUT_QUEUE_URL');
  const parsed = runEvent.safeParse(event ?? {});
  if (!parsed.success) throw new Error(`Bad payout run event: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const { date, scheduledTime } = parsed.data;
  const summary = await runPayouts(date ?? (scheduledTime ? new Date(scheduledTime) : new Date()), sqsEnqueue(queueUrl, client));
  logger.info('payout run done', { periodId: summary.period.id, enqueued: summary.enqueued, rolledOver: summary.rolledOver, ...(date ? { rerun: date } : {}) });
  return summary;
}

export const handler = async (event: unknown): Promise<RunSummary> => runFromEvent(event, env.payoutQueueUrl());
