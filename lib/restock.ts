import { Duration, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IDestination } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { restockFunction } from '../contracts/functions';
import { apiFunctions, type ApiFunction, type ApiFunctionKey } from '../contracts/routes';
import type { Data } from './data';
import { AppFunction } from './lambda-function';
import { deadLetterQueue, INVOKE_MAX_EVENT_AGE, INVOKE_RETRY_ATTEMPTS } from './dead-letter-queue';
import { salesEnvironment, type StageSettings } from './settings';

/** How often the restock run looks for products whose "out of stock until" day has come (issue 15). */
export const RESTOCK_RATE = Duration.minutes(15);
/** The run's timeout; a re-check message (one batch of 500) takes seconds. */
export const RESTOCK_TIMEOUT = Duration.minutes(5);
/** A re-check message is tried this many times (each step is idempotent) before the failure queue. */
export const RECHECK_MAX_RECEIVE_COUNT = 3;

export interface RestockProps {
  settings: StageSettings;
  data: Data;
}

/**
 * The restock run (issue 15, lambdas/listings/restock.ts): an EventBridge Scheduler schedule invokes
 * it every 15 minutes; it reads the products table's sparse byRestockDue index and puts the products
 * whose day has come (in the marketplace zone) back on sale. A run that fails after its retries goes
 * to an on-failure queue; an invocation Scheduler cannot deliver, to the schedule's dead-letter queue.
 * Either way the next run, 15 minutes later, restocks what was missed: nothing is lost by waiting.
 * The same function works the default low-stock level's re-check queue (issue 16; `recheckQueue`).
 */
export class Restock extends Construct {
  readonly run: AppFunction;
  readonly schedule: Schedule;
  readonly runFailureQueue: Queue;
  readonly scheduleDeadLetterQueue: Queue;
  /** The default low-stock level's re-check (issue 16): one message per batch, consumed by `run`. */
  readonly recheckQueue: Queue;

  constructor(scope: Construct, id: string, props: RestockProps) {
    super(scope, id);
    const { settings, data } = props;
    this.run = new AppFunction(this, 'RunFunction', {
      entry: restockFunction.entry,
      description: restockFunction.description,
      logRemovalPolicy: settings.removalPolicy,
      timeout: RESTOCK_TIMEOUT,
      environment: salesEnvironment(settings),
    });
    data.connect(this.run, restockFunction.tables);

    this.runFailureQueue = deadLetterQueue(this, 'RunFailureQueue', {
      removalPolicy: settings.removalPolicy,
      whatItCatches:
        "This queue is itself the restock run's on-failure destination (Lambda's record of a run that failed after its retries; the next run retries the products) and the re-check queue's dead-letter queue (redrive it there) (docs/operations.md).",
    });
    this.run.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.runFailureQueue.queueArn] }));
    const onFailure: IDestination = { bind: () => ({ destination: this.runFailureQueue.queueArn }) };
    this.run.configureAsyncInvoke({ retryAttempts: INVOKE_RETRY_ATTEMPTS, maxEventAge: INVOKE_MAX_EVENT_AGE, onFailure });

    // The default low-stock level's re-check (issue 16, lambdas/listings/low-stock-recheck.ts): the listings
    // API function sends the first message, the run function each next one. Its dead letters go to the
    // run's failure queue (already alarmed): a queue, function or alarm of its own would take the stack
    // past CloudFormation's 500 resources (docs/decisions.md).
    this.recheckQueue = new Queue(this, 'RecheckQueue', {
      // Messages carry only a vendor id, a re-check id and a step number.
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(RESTOCK_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(1),
      deadLetterQueue: { queue: this.runFailureQueue, maxReceiveCount: RECHECK_MAX_RECEIVE_COUNT },
      removalPolicy: settings.removalPolicy,
    });
    this.run.addEventSource(new SqsEventSource(this.recheckQueue, { batchSize: 1 }));
    this.run.addEnvironment('LOW_STOCK_RECHECK_QUEUE_URL', this.recheckQueue.queueUrl);
    this.run.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.recheckQueue.queueArn] }));

    const schedulerRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } } }),
      description: 'EventBridge Scheduler: invokes the restock run Lambda',
    });
    const runId = Stack.of(this).getLogicalId(this.run.node.defaultChild as CfnElement);
    Validations.of(schedulerRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${runId}.Arn>:*]`,
      reason: 'lambda:InvokeFunction on the restock run function and its versions/aliases (what grantInvoke adds); no other function.',
    });
    this.scheduleDeadLetterQueue = deadLetterQueue(this, 'ScheduleDeadLetterQueue', {
      removalPolicy: settings.removalPolicy,
      whatItCatches: 'This queue is itself the dead-letter queue of the restock schedule (invocations Scheduler could not deliver after its retries); the next run restocks what was missed.',
    });
    this.schedule = new Schedule(this, 'Schedule', {
      description: 'Restock run every 15 minutes: products out of stock until today go back on sale',
      schedule: ScheduleExpression.rate(RESTOCK_RATE),
      target: new LambdaInvoke(this.run, {
        role: schedulerRole,
        retryAttempts: 3,
        maxEventAge: Duration.hours(1),
        deadLetterQueue: this.scheduleDeadLetterQueue,
      }),
    });
  }

  /** SendMessage on the re-check queue for the API functions that declare `queues: ['lowStockRecheck']` (env LOW_STOCK_RECHECK_QUEUE_URL). */
  connectApi(functions: Record<ApiFunctionKey, AppFunction>): void {
    for (const key of Object.keys(apiFunctions) as ApiFunctionKey[]) {
      const def: ApiFunction = apiFunctions[key];
      if (!def.queues?.includes('lowStockRecheck')) continue;
      functions[key].addEnvironment('LOW_STOCK_RECHECK_QUEUE_URL', this.recheckQueue.queueUrl);
      functions[key].addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.recheckQueue.queueArn] }));
    }
  }
}
