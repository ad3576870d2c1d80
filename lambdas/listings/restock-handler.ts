/**
 * The listings' background function (lib/restock.ts):
 * - the scheduled restock run (EventBridge Scheduler): ./restock.ts. A run with failed products fails
 *   after doing the rest, so Lambda's retries and its on-failure queue see it;
 * - the default low-stock level's re-check (issue 16; SQS, one message at a time): ./low-stock-recheck.ts.
 *   A message that fails is retried by SQS, then goes to the dead-letter queue; each step is idempotent.
 * One function for both keeps the stack within CloudFormation's 500 resources (docs/decisions.md).
 */
import type { SQSEvent } from 'aws-lambda';
import { logger } from '../shared/logger';
import { runRecheckStep } from './low-stock-recheck';
import { recheckMessageSchema } from './recheck-queue';
import { runRestock, type RestockSummary } from './restock';

const isSqsEvent = (event: unknown): event is SQSEvent =>
  typeof event === 'object' && event !== null && Array.isArray((event as { Records?: unknown }).Records);

async function recheck(event: SQSEvent): Promise<void> {
  for (const record of event.Records) {
    let body: unknown;
    try {
      body = JSON.parse(record.body);
    } catch {
      body = undefined;
    }
    const parsed = recheckMessageSchema.safeParse(body);
    if (!parsed.success) {
      // Not a message this queue's senders write: dropped with a log line rather than retried forever.
      logger.error('low-stock re-check message malformed, dropped', { messageId: record.messageId });
      continue;
    }
    await runRecheckStep(parsed.data);
  }
}

export const handler = async (event?: unknown): Promise<RestockSummary | void> => {
  if (isSqsEvent(event)) return recheck(event);
  const summary = await runRestock();
  logger.info('restock run done', { ...summary });
  if (summary.failed > 0) throw new Error(`Restock run: ${summary.failed} of ${summary.due} product(s) could not be restocked`);
  return summary;
};
