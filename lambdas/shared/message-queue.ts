/**
 * A queue a function sends JSON messages to (the bulk worker's, the low-stock re-check's, the payout
 * worker's): in the cloud SQS SendMessage to the URL its environment names, with a client made on first
 * use; the local stack and tests inject a stand-in for this process instead (scripts/local/stand-ins.ts),
 * never in the cloud.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';

export interface MessageQueue<M> {
  send(message: M): Promise<void>;
}

export function messageQueue<M>(queueUrl: () => string): {
  /** This process's queue: the injected one, else SQS. */
  queue(): MessageQueue<M>;
  /** Replaces the queue of this process; `undefined` restores SQS. */
  use(queue: MessageQueue<M> | undefined): void;
} {
  let injected: MessageQueue<M> | undefined;
  let client: SQSClient | undefined;
  const sqs: MessageQueue<M> = {
    async send(message) {
      await (client ??= new SQSClient({})).send(new SendMessageCommand({ QueueUrl: queueUrl(), MessageBody: JSON.stringify(message) }));
    },
  };
  return {
    queue: () => injected ?? sqs,
    use: (queue) => {
      injected = queue;
    },
  };
}
