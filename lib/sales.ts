import { Duration } from 'aws-cdk-lib';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IDestination } from 'aws-cdk-lib/aws-lambda';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { deadLetterQueue, INVOKE_MAX_EVENT_AGE, INVOKE_RETRY_ATTEMPTS } from './dead-letter-queue';
import { marketplaceBusName, ORDER_DETAIL_TYPES, ORDER_EVENT_SOURCE } from '../contracts/order-events';
import { orderIngestFunction } from '../contracts/functions';
import type { Data } from './data';
import { AppFunction } from './lambda-function';
import { salesEnvironment, type StageSettings } from './settings';

/** EventBridge → Lambda delivery: retried for a day (e.g. while Lambda throttles). */
export const DELIVERY_RETRY_ATTEMPTS = 8;
export const DELIVERY_MAX_EVENT_AGE = Duration.hours(24);

export interface SalesProps {
  settings: StageSettings;
  data: Data;
}

/**
 * Marketplace orders flowing in (docs/events.md): the bus the marketplace publishes to, a rule for
 * the order events, the ingest Lambda (lambdas/sales/ingest-handler.ts) and one dead-letter queue for every
 * event that was not applied — set aside by the handler with its reason (malformed, unknown
 * vendor), undeliverable by EventBridge, or failed after Lambda's retries.
 */
export class Sales extends Construct {
  readonly bus: EventBus;
  readonly rule: Rule;
  readonly ingest: AppFunction;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: SalesProps) {
    super(scope, id);
    const { settings } = props;

    this.deadLetterQueue = deadLetterQueue(this, 'IngestDeadLetterQueue', {
      removalPolicy: settings.removalPolicy,
      whatItCatches: 'This queue is itself the dead-letter queue of the order ingest (EventBridge target DLQ and Lambda on-failure destination); a DLQ of a DLQ would only move the problem.',
    });

    this.bus = new EventBus(this, 'MarketplaceBus', { eventBusName: marketplaceBusName(settings.stage) });

    this.ingest = new AppFunction(this, 'IngestFunction', {
      entry: orderIngestFunction.entry,
      description: orderIngestFunction.description,
      logRemovalPolicy: settings.removalPolicy,
      // Room for a few re-reads and backoffs under contention on a vendor's balance.
      timeout: Duration.seconds(30),
      environment: { ...salesEnvironment(settings), INGEST_DLQ_URL: this.deadLetterQueue.queueUrl },
    });
    props.data.connect(this.ingest, orderIngestFunction.tables);
    // One statement for both writers: the handler (rejected events, with the reason) and Lambda's
    // on-failure destination, which sends with the function's role. Only SendMessage, only this queue.
    this.ingest.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.deadLetterQueue.queueArn] }));
    const onFailure: IDestination = {
      // SqsDestination would also grant GetQueueAttributes and GetQueueUrl, which neither writer needs.
      bind: () => ({ destination: this.deadLetterQueue.queueArn }),
    };
    this.ingest.configureAsyncInvoke({ retryAttempts: INVOKE_RETRY_ATTEMPTS, maxEventAge: INVOKE_MAX_EVENT_AGE, onFailure });

    this.rule = new Rule(this, 'OrderEventsRule', {
      eventBus: this.bus,
      description: 'Marketplace order events to the order ingest',
      eventPattern: { source: [ORDER_EVENT_SOURCE], detailType: [...ORDER_DETAIL_TYPES] },
      targets: [
        new LambdaFunction(this.ingest, {
          deadLetterQueue: this.deadLetterQueue,
          retryAttempts: DELIVERY_RETRY_ATTEMPTS,
          maxEventAge: DELIVERY_MAX_EVENT_AGE,
        }),
      ],
    });
  }
}
