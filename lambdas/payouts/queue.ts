/**
 * Sending one payout back to the worker (issue 13: ops retry a failed payout): the payout queue's
 * message, as the run sends it (run-handler.ts). In the cloud SQS SendMessage to env
 * `PAYOUT_QUEUE_URL`; the local stack injects its own queue (scripts/local/payout-queue.ts), which
 * keeps the messages for `npm run payouts:run -- --queued` and the tests to deliver. The SQS client is made on first use.
 */
import { env } from '../shared/env';
import { messageQueue, type MessageQueue } from '../shared/message-queue';
import type { PayoutMessage } from './settlement';

export type PayoutQueue = MessageQueue<PayoutMessage>;

const queue = messageQueue<PayoutMessage>(() => env.payoutQueueUrl());
/** Replaces the queue of this process; `undefined` restores the default (SQS). Never called in the cloud. */
export const usePayoutQueue = queue.use;
/** This process's payout queue: the injected one, else SQS at env PAYOUT_QUEUE_URL. */
export const payoutQueue = queue.queue;
