import { Duration, Stack } from 'aws-cdk-lib';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { StartingPosition, type IDestination } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { ConfigurationSet, EmailIdentity, EmailSendingEvent, EventDestination, Identity } from 'aws-cdk-lib/aws-ses';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { emailFeedbackFunction, notifierFunction } from '../lambdas/notifications/functions';
import type { Data } from './data';
import { deadLetterQueue, INVOKE_MAX_EVENT_AGE, INVOKE_RETRY_ATTEMPTS } from './dead-letter-queue';
import { AppFunction } from './lambda-function';
import { senderIdentityName, type StageSettings } from './settings';

/** How long the event source keeps retrying a batch (the stream itself keeps records 24 h). */
export const NOTIFIER_MAX_RECORD_AGE = Duration.hours(6);
/** EventBridge → feedback Lambda delivery retries. */
export const FEEDBACK_RETRY_ATTEMPTS = 8;

export interface VendorEmailProps {
  settings: StageSettings;
  data: Data;
  /** The portal's origin, for links in e-mails (the site's URL). */
  portalUrl: string;
}

/**
 * Vendor notification e-mails (issue 12; docs/decisions.md "Vendor notifications"):
 *   - the SES identity e-mails come from (stack setting senderDomain or senderEmail; verify it and
 *     leave the SES sandbox before go-live, docs/operations.md) and a configuration set whose event
 *     destination sends bounces and complaints to the default EventBridge bus;
 *   - the notifier (lambdas/notifications/notifier-handler.ts) on the notifications table's stream,
 *     filtered to INSERTs of inbox items, with partial batch failures, retries and an SQS on-failure
 *     destination; it may send e-mail only from that identity and with that configuration set;
 *   - the feedback function: a rule for SES bounce/complaint events → the email-suppressions table.
 */
export class VendorEmail extends Construct {
  /** The SES identity this stack manages (`senderIdentity=managed`); undefined when the operator's. */
  readonly identity?: EmailIdentity;
  /** The identity's name (a domain or an address), managed or not. */
  readonly identityName: string;
  readonly configurationSet: ConfigurationSet;
  readonly notifier: AppFunction;
  readonly feedback: AppFunction;
  /** On-failure records of notifier batches that failed every retry (shard and sequence numbers). */
  readonly deadLetterQueue: Queue;
  /** SES events the feedback function could not take after EventBridge's retries. */
  readonly feedbackDeadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: VendorEmailProps) {
    super(scope, id);
    const { settings, data } = props;
    const sender = settings.sender;
    const stack = Stack.of(this);

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: `seller-portal-${settings.stage}-vendor-email`,
      reputationMetrics: true,
      sendingEnabled: true,
    });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: EventDestination.eventBus(EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    // The one identity of the portal's e-mails (Cognito's too, lib/auth.ts), made here unless the
    // operator made it (`senderIdentity=existing`). Kept in prod when the stack goes: its
    // verification and DKIM records outlive any one deployment.
    this.identityName = senderIdentityName(sender);
    if (sender.identity === 'managed') {
      this.identity = new EmailIdentity(this, 'SenderIdentity', {
        identity: sender.domain ? Identity.domain(sender.domain) : Identity.email(sender.fromEmail),
        configurationSet: this.configurationSet,
      });
      this.identity.applyRemovalPolicy(settings.removalPolicy);
    }

    this.deadLetterQueue = deadLetterQueue(this, 'NotifierDeadLetterQueue', {
      removalPolicy: settings.removalPolicy,
      whatItCatches: "This queue is itself the notifier's on-failure destination (descriptions of stream batches whose e-mails failed every retry); an operator replays them (docs/operations.md).",
    });
    this.notifier = new AppFunction(this, 'NotifierFunction', {
      entry: notifierFunction.entry,
      description: notifierFunction.description,
      logRemovalPolicy: settings.removalPolicy,
      timeout: Duration.seconds(notifierFunction.timeoutSeconds),
      environment: {
        PORTAL_URL: props.portalUrl,
        NOTIFICATION_SENDER: sender.fromEmail,
        SES_CONFIGURATION_SET: this.configurationSet.configurationSetName,
        SES_MAX_SEND_RATE: String(settings.sesMaxSendRate),
        // E-mails show times on the marketplace's clock, as the portal does (issue 24, item 14).
        MARKETPLACE_TIME_ZONE: settings.marketplaceTimeZone,
        ...(settings.supportEmail ? { SUPPORT_EMAIL: settings.supportEmail } : {}),
      },
    });
    data.connect(this.notifier, notifierFunction.tables);
    // Least privilege: SendEmail only, only from this identity and with this configuration set.
    this.notifier.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          stack.formatArn({ service: 'ses', resource: 'identity', resourceName: this.identityName }),
          stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.configurationSet.configurationSetName }),
        ],
      }),
    );
    this.notifier.addEventSource(
      new DynamoEventSource(data.tables.notifications, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: notifierFunction.batchSize,
        retryAttempts: notifierFunction.retryAttempts,
        maxRecordAge: NOTIFIER_MAX_RECORD_AGE,
        reportBatchItemFailures: true,
        bisectBatchOnError: false,
        onFailure: new SqsDlq(this.deadLetterQueue),
        // The same pattern the local stream poller applies (lambdas/notifications/functions.ts).
        filters: [{ pattern: JSON.stringify(notifierFunction.filterPattern) }],
      }),
    );

    this.feedbackDeadLetterQueue = deadLetterQueue(this, 'FeedbackDeadLetterQueue', {
      removalPolicy: settings.removalPolicy,
      whatItCatches:
        "This queue is itself the dead-letter queue of the bounce/complaint rule's target and the feedback function's on-failure destination; a DLQ of a DLQ would only move the problem.",
    });
    this.feedback = new AppFunction(this, 'FeedbackFunction', {
      entry: emailFeedbackFunction.entry,
      description: emailFeedbackFunction.description,
      logRemovalPolicy: settings.removalPolicy,
    });
    data.connect(this.feedback, emailFeedbackFunction.tables);
    // EventBridge hands the event over asynchronously: a function error is Lambda's to retry (twice,
    // minutes apart), then this on-failure destination, the same queue as the rule's dead letters.
    // Without it a suppression that kept failing would be lost without a trace.
    this.feedback.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.feedbackDeadLetterQueue.queueArn] }));
    const onFailure: IDestination = { bind: () => ({ destination: this.feedbackDeadLetterQueue.queueArn }) };
    this.feedback.configureAsyncInvoke({ retryAttempts: INVOKE_RETRY_ATTEMPTS, maxEventAge: INVOKE_MAX_EVENT_AGE, onFailure });
    new Rule(this, 'FeedbackRule', {
      description: 'SES bounces and complaints of vendor e-mails → suppressed addresses',
      eventPattern: {
        source: ['aws.ses'],
        detailType: [...emailFeedbackFunction.detailTypes],
        detail: { mail: { tags: { 'ses:configuration-set': [this.configurationSet.configurationSetName] } } },
      },
      targets: [new LambdaFunction(this.feedback, { deadLetterQueue: this.feedbackDeadLetterQueue, retryAttempts: FEEDBACK_RETRY_ATTEMPTS })],
    });
  }
}
