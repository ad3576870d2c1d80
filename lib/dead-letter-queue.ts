import { Duration, Validations, type RemovalPolicy } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledgeGuard } from './guard';

/** How long a dead-letter queue keeps a message for an operator to look at and redrive: SQS's maximum. */
export const DEAD_LETTER_RETENTION = Duration.days(14);
/** Lambda's own retries of a failed asynchronous invocation (its maximum) before the on-failure destination. */
export const INVOKE_RETRY_ATTEMPTS = 2;
export const INVOKE_MAX_EVENT_AGE = Duration.hours(6);

/**
 * A dead-letter queue as every one in the stack is made: SQS-managed keys (EventBridge, SQS and
 * Lambda destinations write without a KMS key policy), TLS only, 14 days. Monitoring alarms on it;
 * `whatItCatches` is the reason (cdk-nag SQS3, guard CT.SQS.PR.1) why the queue itself has no dead-letter queue.
 */
export function deadLetterQueue(scope: Construct, id: string, props: { removalPolicy: RemovalPolicy; whatItCatches: string }): Queue {
  const queue = new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: DEAD_LETTER_RETENTION,
    removalPolicy: props.removalPolicy,
  });
  Validations.of(queue).acknowledge({ id: 'AwsSolutions-SQS3', reason: props.whatItCatches });
  acknowledgeGuard(queue, { queueDlq: props.whatItCatches });
  return queue;
}
