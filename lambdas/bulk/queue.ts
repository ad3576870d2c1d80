/**
 * Handing an apply or an undo to the bulk worker (issue 15): in the cloud an SQS message to env
 * `BULK_QUEUE_URL` (lib/bulk.ts: the worker's event source); the local stack injects a queue that
 * runs the worker's code in its own process (scripts/local/stand-ins.ts), asynchronously as SQS would.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { env } from '../shared/env';

export const BULK_ACTIONS = ['apply', 'undo'] as const;
export const bulkMessageSchema = z.strictObject({ vendorId: z.string().min(1), jobId: z.string().min(1), action: z.enum(BULK_ACTIONS) });
export type BulkMessage = z.infer<typeof bulkMessageSchema>;

export interface BulkQueue {
  send(message: BulkMessage): Promise<void>;
}

let injected: BulkQueue | undefined;
let sqsClient: SQSClient | undefined;

/** Replaces the queue of this process; `undefined` restores the default (SQS). Never called in the cloud. */
export function useBulkQueue(queue: BulkQueue | undefined): void {
  injected = queue;
}

export function bulkQueue(): BulkQueue {
  if (injected) return injected;
  const client = (sqsClient ??= new SQSClient({}));
  return {
    async send(message) {
      await client.send(new SendMessageCommand({ QueueUrl: env.bulkQueueUrl(), MessageBody: JSON.stringify(message) }));
    },
  };
}
