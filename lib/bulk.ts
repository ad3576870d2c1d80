import { Duration } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { bulkWorkerFunction } from '../contracts/functions';
import { apiFunctions, type ApiFunction, type ApiFunctionKey } from '../contracts/routes';
import type { Data } from './data';
import { deadLetterQueue } from './dead-letter-queue';
import { AppFunction } from './lambda-function';
import type { StageSettings } from './settings';

/** A 5,000-row job takes well under a minute (npm run bench:bulk); the timeout leaves room for a slow table. */
export const BULK_WORKER_TIMEOUT = Duration.minutes(5);
/** A job message is tried this many times (a redelivery resumes where the job stopped) before the DLQ. */
export const BULK_MAX_RECEIVE_COUNT = 3;

export interface BulkProps {
  settings: StageSettings;
  data: Data;
}

/**
 * Bulk price and stock (issue 15, docs/decisions.md): the bulk API function sends one message per
 * apply or undo to an SQS queue (TLS only, SQS-managed encryption, DLQ); the worker Lambda runs the
 * job (batch size 1), writing products conditionally and the job's progress. Least privilege: the
 * worker reads and writes the products and bulk-jobs tables, reads the counters, writes notifications
 * and may only put activity entries (contracts/functions.ts `bulkWorkerFunction`).
 */
export class Bulk extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly worker: AppFunction;

  constructor(scope: Construct, id: string, props: BulkProps) {
    super(scope, id);
    const { settings, data } = props;
    this.deadLetterQueue = deadLetterQueue(this, 'DeadLetterQueue', {
      removalPolicy: settings.removalPolicy,
      whatItCatches: 'This queue is itself the dead-letter queue of the bulk job queue; a job left applying is resumed by redriving its message (docs/operations.md).',
    });
    this.queue = new Queue(this, 'Queue', {
      // Messages carry only a vendor id, a job id and the action.
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(BULK_WORKER_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(1),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: BULK_MAX_RECEIVE_COUNT },
      removalPolicy: settings.removalPolicy,
    });
    this.worker = new AppFunction(this, 'WorkerFunction', {
      entry: bulkWorkerFunction.entry,
      description: bulkWorkerFunction.description,
      logRemovalPolicy: settings.removalPolicy,
      timeout: BULK_WORKER_TIMEOUT,
    });
    data.connect(this.worker, bulkWorkerFunction.tables);
    this.worker.addEventSource(new SqsEventSource(this.queue, { batchSize: 1 }));
  }

  /** SendMessage on the bulk queue for the API functions that declare `queues: ['bulk']` (env BULK_QUEUE_URL). */
  connectApi(functions: Record<ApiFunctionKey, AppFunction>): void {
    for (const key of Object.keys(apiFunctions) as ApiFunctionKey[]) {
      const def: ApiFunction = apiFunctions[key];
      if (!def.queues?.includes('bulk')) continue;
      functions[key].addEnvironment('BULK_QUEUE_URL', this.queue.queueUrl);
      functions[key].addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
    }
  }
}
