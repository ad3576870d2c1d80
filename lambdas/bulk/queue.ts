/**
 * Handing an apply or an undo to the bulk worker (issue 15): in the cloud an SQS message to env
 * `BULK_QUEUE_URL` (lib/bulk.ts: the worker's event source); the local stack injects a queue that
 * runs the worker's code in its own process (scripts/local/stand-ins.ts), asynchronously as SQS would.
 */
import * as z from 'zod';
import { env } from '../shared/env';
import { messageQueue, type MessageQueue } from '../shared/message-queue';

export const BULK_ACTIONS = ['apply', 'undo'] as const;
export const bulkMessageSchema = z.strictObject({ vendorId: z.string().min(1), jobId: z.string().min(1), action: z.enum(BULK_ACTIONS) });
export type BulkMessage = z.infer<typeof bulkMessageSchema>;

export type BulkQueue = MessageQueue<BulkMessage>;

const queue = messageQueue<BulkMessage>(() => env.bulkQueueUrl());
/** Replaces the queue of this process; `undefined` restores the default (SQS). Never called in the cloud. */
export const useBulkQueue = queue.use;
export const bulkQueue = queue.queue;
