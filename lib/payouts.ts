import { Duration, Stack, TimeZone, Validations, type CfnElement } from 'aws-cdk-lib';
import type { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IDestination } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { ContextAttribute, Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { payoutRunFunction, payoutWorkerFunction } from '../contracts/functions';
import { tables } from '../contracts/tables';
import { PAYABLE_INDEX } from '../lambdas/payouts/model';
import type { Data } from './data';
import { AppFunction } from './lambda-function';
import { deadLetterQueue, INVOKE_MAX_EVENT_AGE, INVOKE_RETRY_ATTEMPTS } from './dead-letter-queue';
import { acknowledgeGuard } from './guard';
import { payoutEnvironment, salesEnvironment, type StageSettings } from './settings';

/** The two runs (issue 6): 02:00 on the 15th closes the 1st–15th, 02:00 on the last day closes the 16th–end. */
export const PAYOUT_SCHEDULES = {
  MidMonth: 'cron(0 2 15 * ? *)',
  MonthEnd: 'cron(0 2 L * ? *)',
} as const;

/**
 * The run's limit. 100,000 vendors were enqueued in 50 s (load 5–7) to 122 s (load 10) on a 2-core
 * laptop against DynamoDB Local (`npm run bench:payouts -- --vendors 100000`; docs/decisions.md
 * "Payout runs at 100,000 vendors"); one vCPU of its own in Lambda does it in a fraction of that.
 */
export const RUN_TIMEOUT = Duration.minutes(5);
/** One full vCPU (Lambda gives 1,769 MB one): the fan-out's SDK work is CPU-bound (docs/decisions.md). */
export const RUN_MEMORY_MB = 1769;
/** A payout message is tried this many times (the worker retries contention itself) before the DLQ. */
export const PAYOUT_MAX_RECEIVE_COUNT = 5;
/** Up to 10 vendors per invocation, each a transaction and a provider call (10 s timeout). */
export const WORKER_TIMEOUT = Duration.minutes(2);
export const WORKER_BATCH_SIZE = 10;
/** At most this many workers at once: gentle on the provider's rate limits and on DynamoDB. */
export const WORKER_MAX_CONCURRENCY = 5;
/** Where the worker writes bank-transfer instructions (lambdas/payouts/bank.ts). */
export const BANK_TRANSFER_PREFIX = 'bank-transfers/';
/** The custom metric of failed payouts (the worker's `"alarm": "PayoutFailed"` log line). */
export const PAYOUT_FAILED_NAMESPACE = 'SellerPortal/Payouts';

export interface PayoutsProps {
  settings: StageSettings;
  data: Data;
  accessLogs: IBucket;
}

/**
 * The scheduled payout run (docs/decisions.md "Payouts", docs/operations.md "Payout runs"): two
 * EventBridge Scheduler schedules in the marketplace zone invoke the run Lambda, which queues every
 * payable vendor on an SQS queue (TLS only, SQS-managed encryption, DLQ); the worker Lambda pays
 * them with partial-batch failure reporting. The provider's credentials are a Secrets Manager
 * secret; bank-transfer instructions go to the payout-batch bucket, encrypted with the payouts key.
 *
 * Least privilege: the run Lambda may Query the ledger's payable index, BatchGetItem (the
 * candidates' balances) and UpdateItem the ledger (removing `payable`) and SendMessage to the queue —
 * nothing else, in particular no payout accounts and no key. The worker reads payout accounts (with the key), writes the ledger, reads the secret
 * and writes instructions under `bank-transfers/`.
 */
export class Payouts extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  /** Invocations of the run that Scheduler could not deliver (after its retries). */
  readonly scheduleDeadLetterQueue: Queue;
  /** Runs that failed after Lambda's own retries (the run function's on-failure destination). */
  readonly runFailureQueue: Queue;
  readonly batchBucket: Bucket;
  readonly providerSecret: Secret;
  readonly run: AppFunction;
  readonly worker: AppFunction;
  readonly schedules: Schedule[];
  /** Sum of failed payouts (each re-credited): alarm on ≥ 1. */
  readonly failedPayouts: Metric;

  constructor(scope: Construct, id: string, props: PayoutsProps) {
    super(scope, id);
    const { settings, data } = props;
    const ledger = data.tables.ledger;

    this.deadLetterQueue = deadLetterQueue(this, 'DeadLetterQueue', {
      removalPolicy: settings.removalPolicy,
      whatItCatches: 'This queue is itself the dead-letter queue of the payout queue; its messages are redriven by an operator (docs/operations.md).',
    });
    this.queue = new Queue(this, 'Queue', {
      // Messages carry only a vendor id and a period: SQS-managed keys, no key grants for the run Lambda.
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Lambda's advice: at least six times the function timeout, so a batch is not redelivered while it runs.
      visibilityTimeout: Duration.seconds(WORKER_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: PAYOUT_MAX_RECEIVE_COUNT },
      removalPolicy: settings.removalPolicy,
    });

    this.batchBucket = new Bucket(this, 'BatchBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.KMS,
      encryptionKey: data.payoutsKey,
      bucketKeyEnabled: true,
      enforceSSL: true,
      versioned: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 's3/payout-batches/',
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: settings.removalPolicy,
      autoDeleteObjects: !settings.isProd,
    });

    acknowledgeGuard(this.batchBucket, {
      bucketNotifications: 'Finance fetches a period\'s instructions when it runs the bank transfers (npm run payouts:bank); nothing needs to react to each object.',
      objectLock:
        'Instructions are versioned and KMS-encrypted; object lock would stop an operator from removing instructions written in error, and retention periods for banking records are the finance system\'s, not this bucket\'s.',
    });

    this.providerSecret = new Secret(this, 'ProviderSecret', {
      description: `Seller Portal ${settings.stage}: e-mail payout provider {"baseUrl","apiKey"}; the generated value is a placeholder, set the real one (docs/operations.md)`,
      // An empty baseUrl makes the worker fail loudly (message retried, then the DLQ) until ops set the real value.
      generateSecretString: { secretStringTemplate: JSON.stringify({ baseUrl: '' }), generateStringKey: 'apiKey', excludePunctuation: true },
      removalPolicy: settings.removalPolicy,
    });
    Validations.of(this.providerSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'The API key is issued by the payout provider: it is rotated by an operator in the provider console and then in this secret (docs/operations.md); there is no rotation Lambda that could mint one.',
    });

    // The run: reads the sparse index, prunes it, queues. No payout accounts, no key.
    this.run = new AppFunction(this, 'RunFunction', {
      entry: payoutRunFunction.entry,
      description: payoutRunFunction.description,
      logRemovalPolicy: settings.removalPolicy,
      timeout: RUN_TIMEOUT,
      // Lambda's network and CPU grow with memory: the run's fan-out is seventeen index partitions,
      // eight BatchGetItem and sixteen SendMessageBatch calls in flight (lambdas/payouts/run.ts).
      memorySize: RUN_MEMORY_MB,
      environment: { ...salesEnvironment(settings), [tables.ledger.envVar]: ledger.tableName, PAYOUT_QUEUE_URL: this.queue.queueUrl },
    });
    this.run.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${ledger.tableArn}/index/${PAYABLE_INDEX}`] }));
    // BatchGetItem: the candidates' balances (the index projects keys only); UpdateItem: the prune.
    this.run.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:BatchGetItem', 'dynamodb:UpdateItem'], resources: [ledger.tableArn] }));
    this.run.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
    // The vendors' "balance rolled over" notices (write-only on the notifications table).
    data.connect(this.run, payoutRunFunction.tables);

    // Scheduler invokes the run asynchronously: without a destination a run that fails three times
    // (Lambda's first try and two retries, minutes apart) would only leave log lines, and nobody paid.
    this.runFailureQueue = deadLetterQueue(this, 'RunFailureQueue', {
      removalPolicy: settings.removalPolicy,
      whatItCatches: "This queue is itself the payout run's on-failure destination (Lambda's record of a run that failed after its retries); an operator reruns that period (docs/operations.md).",
    });
    // The destination sends with the function's role: only SendMessage, only this queue.
    this.run.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.runFailureQueue.queueArn] }));
    const onFailure: IDestination = {
      // SqsDestination would also grant GetQueueAttributes and GetQueueUrl, which Lambda does not need.
      bind: () => ({ destination: this.runFailureQueue.queueArn }),
    };
    this.run.configureAsyncInvoke({ retryAttempts: INVOKE_RETRY_ATTEMPTS, maxEventAge: INVOKE_MAX_EVENT_AGE, onFailure });

    this.worker = new AppFunction(this, 'WorkerFunction', {
      entry: payoutWorkerFunction.entry,
      description: payoutWorkerFunction.description,
      logRemovalPolicy: settings.removalPolicy,
      timeout: WORKER_TIMEOUT,
      environment: {
        ...salesEnvironment(settings),
        ...payoutEnvironment(settings),
        PAYOUT_BATCH_BUCKET: this.batchBucket.bucketName,
        PAYOUT_PROVIDER_SECRET_ARN: this.providerSecret.secretArn,
      },
    });
    // Ledger read-write, payout accounts read (kms:Decrypt on the payouts key comes with it).
    data.connect(this.worker, payoutWorkerFunction.tables);
    this.worker.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.providerSecret.secretArn] }));
    this.worker.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:PutObject'], resources: [this.batchBucket.arnForObjects(`${BANK_TRANSFER_PREFIX}*`)] }),
    );
    this.worker.addToRolePolicy(new PolicyStatement({ actions: ['kms:GenerateDataKey'], resources: [data.payoutsKey.keyArn] }));
    const bucketId = Stack.of(this).getLogicalId(this.batchBucket.node.defaultChild as CfnElement);
    Validations.of(this.worker).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${BANK_TRANSFER_PREFIX}*]`,
      reason: 'PutObject only, only under bank-transfers/ of the payout-batch bucket: one instruction object per payout, keyed by period and payout id.',
    });
    this.worker.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: WORKER_BATCH_SIZE,
        reportBatchItemFailures: true,
        maxConcurrency: WORKER_MAX_CONCURRENCY,
      }),
    );

    // One role for both schedules, here rather than the stack-level role LambdaInvoke would create.
    const schedulerRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } } }),
      description: 'EventBridge Scheduler: invokes the payout run Lambda',
    });
    const runId = Stack.of(this).getLogicalId(this.run.node.defaultChild as CfnElement);
    Validations.of(schedulerRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${runId}.Arn>:*]`,
      reason: 'lambda:InvokeFunction on the payout run function and its versions/aliases (what grantInvoke adds); no other function.',
    });
    this.scheduleDeadLetterQueue = deadLetterQueue(this, 'ScheduleDeadLetterQueue', {
      removalPolicy: settings.removalPolicy,
      whatItCatches: 'This queue is itself the dead-letter queue of the payout schedules (invocations Scheduler could not deliver after its retries); an operator reruns that period (docs/operations.md).',
    });
    this.schedules = Object.entries(PAYOUT_SCHEDULES).map(
      ([name, expression]) =>
        new Schedule(this, `${name}Schedule`, {
          description: `Payout run ${expression} in ${settings.marketplaceTimeZone}`,
          schedule: ScheduleExpression.expression(expression, TimeZone.of(settings.marketplaceTimeZone)),
          target: new LambdaInvoke(this.run, {
            role: schedulerRole,
            // The period comes from the scheduled time, so a delayed retry still closes the right period.
            input: ScheduleTargetInput.fromObject({ scheduledTime: ContextAttribute.scheduledTime }),
            retryAttempts: 3,
            maxEventAge: Duration.hours(6),
            // Grants the scheduler role sqs:SendMessage on this queue.
            deadLetterQueue: this.scheduleDeadLetterQueue,
          }),
        }),
    );

    const filter = new MetricFilter(this, 'PayoutFailedFilter', {
      logGroup: this.worker.logGroup,
      // worker-handler.ts logs `{ "alarm": "PayoutFailed", payoutId, reason, amountCents }` when a payout fails and is re-credited.
      filterPattern: FilterPattern.stringValue('$.alarm', '=', 'PayoutFailed'),
      metricNamespace: PAYOUT_FAILED_NAMESPACE,
      metricName: `PayoutFailed-${settings.stage}`,
      metricValue: '1',
    });
    this.failedPayouts = filter.metric({ period: Duration.minutes(5), statistic: 'Sum' });
  }
}
