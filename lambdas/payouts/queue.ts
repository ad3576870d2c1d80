/**
 * Sending one payout back to the worker (issue 13: ops retry a failed payout): the payout queue's
 * message, as the run sends it (run-handler.ts). In the cloud SQS SendMessage to env
 * `PAYOUT_QUEUE_URL`; the local stack injects its own queue (scripts/local/payout-queue.ts), which
 * keeps the messages for `npm run payouts:run -- --queued` and the tests to deliver. The SQS client is made on first use.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { env } from '../shared/env';
import type { PayoutMessage } from './settlement';

export interface PayoutQueue {
  send(message: PayoutMessage): Promise<void>;
}

let injected: PayoutQueue | undefined;

/** Replaces the queue of this process; `undefined` restores the default (SQS). Never called in the cloud. */
export function usePayoutQueue(queue: PayoutQueue | undefined): void {
  injected = queue;
}

/** This process's payout queue: the injected one, else SQS at env PAYOUT_QUEUE_URL. */
export function payoutQueue(): PayoutQueue {
  if (injected) return injected;
  const client = (sqsClient ??= new SQSClient({}));
  return {
    async send(message) {
      await client.send(new SendMessageCommand({ QueueUrl: env.payoutQueueUrl(), MessageBody: JSON.stringify(message) }));
    },
  };
}

let sqsClient: SQSClient | undefined;
