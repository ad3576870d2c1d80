/**
 * The bulk worker (issue 15): applies or undoes one bulk price and stock job per SQS message
 * (lib/bulk.ts, batch size 1). A message that fails is retried by SQS, then goes to the DLQ; a
 * redelivery resumes where the job stopped (lambdas/bulk/jobs.ts `runBulkJob`).
 */
import type { SQSEvent } from 'aws-lambda';
import { logger } from '../shared/logger';
import { runBulkJob } from './jobs';
import { bulkMessageSchema } from './queue';

export async function handler(event: SQSEvent): Promise<void> {
  for (const record of event.Records) {
    const parsed = bulkMessageSchema.safeParse(JSON.parse(record.body));
    if (!parsed.success) {
      // Not a message this queue's sender writes: dropped with a log line rather than retried forever.
      logger.error('bulk message malformed, dropped', { messageId: record.messageId });
      continue;
    }
    await runBulkJob(parsed.data);
  }
}
