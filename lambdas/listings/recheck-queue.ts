/**
 * Handing the default low-stock level's re-check to its worker (issue 16): in the cloud an SQS message
 * to env `LOW_STOCK_RECHECK_QUEUE_URL` (lib/restock.ts: the restock function consumes it); the local
 * stack injects a queue that runs the worker's step in its own process (scripts/local/stand-ins.ts),
 * asynchronously as SQS would. A message names only the re-check and the step it starts: everything else
 * (range, position, progress) lives on the vendor's counters item (./low-stock-recheck.ts).
 */
import * as z from 'zod';
import { env } from '../shared/env';
import { messageQueue, type MessageQueue } from '../shared/message-queue';

export const recheckMessageSchema = z.strictObject({
  vendorId: z.string().min(1),
  recheckId: z.string().min(1),
  step: z.number().int().min(0),
});
export type RecheckMessage = z.infer<typeof recheckMessageSchema>;

export type RecheckQueue = MessageQueue<RecheckMessage>;

const queue = messageQueue<RecheckMessage>(() => env.lowStockRecheckQueueUrl());
/** Replaces the queue of this process; `undefined` restores the default (SQS). Never called in the cloud. */
export const useRecheckQueue = queue.use;
export const recheckQueue = queue.queue;
