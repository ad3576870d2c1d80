import type { Construct } from 'constructs';
import { CfnOutput, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { tables } from '../contracts/tables';
import { topics } from '../contracts/topics';
import { AccessLogs } from './access-logs';
import { Api, API_STAGE_NAME, connectApiPayouts } from './api';
import { AuditArchive } from './audit-archive';
import { Auth } from './auth';
import { Data } from './data';
import { regionalRules, WebAcl } from './firewall';
import { acknowledgeStackWideGuardRules } from './guard';
import { ProductImages } from './images';
import { Monitoring } from './monitoring';
import { Notifications } from './notifications';
import { Payouts } from './payouts';
import { Restock } from './restock';

import { Bulk } from './bulk';
import { connectImageUrls, ImageUrlSigning } from './image-delivery';
import { Sales } from './sales';
import type { StageSettings } from './settings';
import { Site } from './site';
import { VendorEmail } from './vendor-email';

export interface SellerPortalStackProps extends StackProps {
  settings: StageSettings;
  /** The built web app; default dist/web. */
  webDistDir?: string;
}

/** Everything one stage of the Seller Portal needs, composed from one construct per concern. */
export class SellerPortalStack extends Stack {
  readonly data: Data;
  readonly auth: Auth;
  readonly images: ProductImages;
  readonly notifications: Notifications;
  readonly api: Api;
  readonly sales: Sales;
  readonly payouts: Payouts;
  readonly restock: Restock;
  readonly bulk: Bulk;
  readonly site: Site;
  readonly monitoring: Monitoring;
  readonly firewall: WebAcl;
  readonly vendorEmail: VendorEmail;
  /** The Object Lock archive of audit and activity entries (issue 24, item 8). */
  readonly auditArchive: AuditArchive;
  /** The key pair CloudFront checks product image URLs with (lib/image-delivery.ts). */
  readonly imageUrls: ImageUrlSigning;
  /** The nested stacks (docs/decisions.md "Nested stacks"): stateless parts, each its own template under 500 resources. */
  readonly nestedStacks: { apiFunctions: NestedStack; apiRoutes: NestedStack; alarms: NestedStack };

  constructor(scope: Construct, id: string, props: SellerPortalStackProps) {
    super(scope, id, props);
    const { settings } = props;
    // State (tables, user pool, identity pool, buckets, keys, secrets, queues, topics, the distribution)
    // stays in this stack at the paths it always had; what can be replaced without loss moves to nested stacks.
    this.nestedStacks = {
      apiFunctions: new NestedStack(this, 'ApiFunctions', { description: `Seller Portal (${settings.stage}): the API's Lambda functions` }),
      apiRoutes: new NestedStack(this, 'ApiRoutes', { description: `Seller Portal (${settings.stage}): the REST API (routes, authorizer, stage)` }),
      alarms: new NestedStack(this, 'Alarms', { description: `Seller Portal (${settings.stage}): CloudWatch alarms` }),
    };

    const accessLogs = new AccessLogs(this, 'AccessLogs', { settings });
    this.data = new Data(this, 'Data', { settings });
    this.images = new ProductImages(this, 'ProductImages', { settings, accessLogs: accessLogs.bucket, data: this.data });
    this.auth = new Auth(this, 'Auth', { settings, data: this.data, productImages: this.images.bucket });
    this.notifications = new Notifications(this, 'Notifications', {
      settings,
      ...(settings.supportEmail ? { emailSubscriptions: { support: settings.supportEmail } } : {}),
    });
    this.api = new Api(this, 'Api', {
      settings,
      data: this.data,
      notifications: this.notifications,
      userPool: this.auth.userPool,
      functionsScope: this.nestedStacks.apiFunctions,
      routesScope: this.nestedStacks.apiRoutes,
      productImages: this.images.bucket,
      identityPool: this.auth.identityPool,
    });
    // Product image renditions are served by CloudFront to URLs the API signs (issue 23, lib/image-delivery.ts).
    this.imageUrls = new ImageUrlSigning(this, 'ImageUrls', { settings });
    connectImageUrls([this.api.functions.listings, this.api.functions.adminReviews], { signing: this.imageUrls, renditions: this.images.renditionsBucket });
    // The regional web ACL: sign-up abuse on the user pool, the per-vendor limit on the API stage.
    this.firewall = new WebAcl(this, 'Firewall', {
      scope: 'REGIONAL',
      name: `seller-portal-${settings.stage}`,
      description: `Seller Portal ${settings.stage}: in front of the user pool and the API stage`,
      rules: regionalRules(settings.waf),
      removalPolicy: settings.removalPolicy,
    });
    this.firewall.associate('UserPoolAssociation', this.auth.userPool.userPoolArn);
    this.firewall.associate('ApiAssociation', this.api.stage.stageArn, this.api.stage);
    this.sales = new Sales(this, 'Sales', { settings, data: this.data });
    this.payouts = new Payouts(this, 'Payouts', { settings, data: this.data, accessLogs: accessLogs.bucket });
    // The restock run (issue 15): products out of stock until a day come back on sale by themselves.
    this.restock = new Restock(this, 'Restock', { settings, data: this.data });
    // The default low-stock level's re-check (issue 16): the listings function sends to its queue.
    this.restock.connectApi(this.api.functions);
    // The ops console's payouts function (issue 13): retry sends to the payout queue, the bank batch download reads the batch bucket.
    connectApiPayouts(this.api.functions, { queue: this.payouts.queue, batchBucket: this.payouts.batchBucket, payoutsKey: this.data.payoutsKey });
    // Bulk price and stock (issue 15): the worker and its queue; the bulk API function sends to it.
    this.bulk = new Bulk(this, 'Bulk', { settings, data: this.data });
    this.bulk.connectApi(this.api.functions);
    this.site = new Site(this, 'Site', {
      settings,
      accessLogs: accessLogs.bucket,
      api: this.api.restApi,
      renditions: { bucket: this.images.renditionsBucket, keyGroup: this.imageUrls.keyGroup },
      config: {
        userPoolId: this.auth.userPool.userPoolId,
        userPoolClientId: this.auth.webClient.userPoolClientId,
        identityPoolId: this.auth.identityPool.identityPoolId,
        productImagesBucket: this.images.bucket.bucketName,
      },
      ...(props.webDistDir ? { webDistDir: props.webDistDir } : {}),
    });
    this.images.allowOrigins(this.site.origins);
    this.vendorEmail = new VendorEmail(this, 'VendorEmail', { settings, data: this.data, portalUrl: this.site.url });
    // Cognito checks its SES identity when the pool is created or changed: a managed identity first.
    if (this.vendorEmail.identity) this.auth.userPool.node.addDependency(this.vendorEmail.identity);
    this.auditArchive = new AuditArchive(this, 'AuditArchive', { settings, data: this.data, accessLogs: accessLogs.bucket });
    this.monitoring = new Monitoring(this, 'Monitoring', {
      settings,
      alarmsScope: this.nestedStacks.alarms,
      apiName: this.api.gateway.name!,
      functions: {
        ...this.api.functions,
        postConfirmation: {
          fn: this.auth.postConfirmation,
          alarmOnFirstError: 'a confirmed sign-up got no vendor application, so the vendor waits for a review nobody sees (docs/operations.md)',
        },
        orderIngest: this.sales.ingest,
        payoutRun: {
          fn: this.payouts.run,
          alarmOnFirstError: 'a payout run failed; its retries come minutes apart, and vendors go unpaid until the period is rerun (docs/operations.md)',
        },
        payoutWorker: this.payouts.worker,
        imageCheck: this.images.check,
        notifier: this.vendorEmail.notifier,
        emailFeedback: {
          fn: this.vendorEmail.feedback,
          alarmOnFirstError:
            'a bounce or complaint was not recorded, so the notifier may keep writing to an address that bounces (SES reputation); its retries come minutes apart, so "3 in 5 minutes" would never fire (docs/operations.md)',
        },
        restock: this.restock.run,
        bulkWorker: this.bulk.worker,
        auditArchiver: this.auditArchive.archiver,
      },
      deadLetterQueues: {
        orderIngest: this.sales.deadLetterQueue,
        payouts: { queue: this.payouts.deadLetterQueue, runbook: 'docs/operations.md' },
        payoutSchedule: { queue: this.payouts.scheduleDeadLetterQueue, runbook: 'docs/operations.md' },
        payoutRun: { queue: this.payouts.runFailureQueue, runbook: 'docs/operations.md' },
        imageCheck: { queue: this.images.deadLetterQueue, runbook: 'docs/operations.md' },
        notifier: { queue: this.vendorEmail.deadLetterQueue, runbook: 'docs/operations.md' },
        emailFeedback: { queue: this.vendorEmail.feedbackDeadLetterQueue, runbook: 'docs/operations.md' },
        restockSchedule: { queue: this.restock.scheduleDeadLetterQueue, runbook: 'docs/operations.md' },
        restockRun: { queue: this.restock.runFailureQueue, runbook: 'docs/operations.md' },
        bulk: { queue: this.bulk.deadLetterQueue, runbook: 'docs/operations.md' },
        auditArchive: { queue: this.auditArchive.deadLetterQueue, runbook: 'docs/operations.md' },
      },
      metricAlarms: {
        PayoutFailed: {
          description: 'A payout failed and its amount was re-credited: find "PayoutFailed" in the payout worker\'s log (docs/operations.md)',
          metric: this.payouts.failedPayouts,
          threshold: 1,
        },
      },
    });

    acknowledgeStackWideGuardRules(this);
    for (const nested of Object.values(this.nestedStacks)) acknowledgeStackWideGuardRules(nested);

    const output = (id: string, value: string, description: string) =>
      new CfnOutput(this, id, { value, description });
    output('SiteUrl', this.site.url, 'The portal');
    output('Region', this.region, 'Region of the stack');
    output('UserPoolId', this.auth.userPool.userPoolId, 'Cognito user pool');
    output('UserPoolClientId', this.auth.webClient.userPoolClientId, 'Cognito web client');
    output('IdentityPoolId', this.auth.identityPool.identityPoolId, 'Cognito identity pool (image uploads)');
    output('ApiUrl', `https://${this.api.gateway.ref}.execute-api.${this.region}.${this.urlSuffix}/${API_STAGE_NAME}/`, 'API Gateway stage URL (the site calls it through CloudFront at /api)');
    output('ProductImagesBucketName', this.images.bucket.bucketName, 'Product-images bucket');
    output('RenditionsBucketName', this.images.renditionsBucket.bucketName, 'Product image renditions (env RENDITIONS_BUCKET; npm run images:renditions -- --cloud)');
    output('SiteBucketName', this.site.bucket.bucketName, 'Site bucket');
    output('DistributionId', this.site.distribution.distributionId, 'CloudFront distribution (for invalidations)');
    output('AlarmTopicArn', this.monitoring.topic.topicArn, 'SNS topic the alarms publish to');
    output('MarketplaceBusName', this.sales.bus.eventBusName, 'EventBridge bus the marketplace publishes order events to (docs/events.md)');
    output('MarketplaceBusArn', this.sales.bus.eventBusArn, 'ARN of the marketplace bus (grant the marketplace events:PutEvents on it)');
    output('OrderIngestDlqUrl', this.sales.deadLetterQueue.queueUrl, 'Order events that were not applied, with the reason (docs/events.md)');
    output('PayoutQueueUrl', this.payouts.queue.queueUrl, 'Payout worker queue (one message per vendor and period)');
    output('PayoutScheduleDlqUrl', this.payouts.scheduleDeadLetterQueue.queueUrl, 'Payout runs Scheduler could not invoke: rerun the period (docs/operations.md)');
    output('PayoutRunFailureQueueUrl', this.payouts.runFailureQueue.queueUrl, 'Payout runs that failed after retries: rerun the period (docs/operations.md)');
    output('PayoutDlqUrl', this.payouts.deadLetterQueue.queueUrl, 'Payout messages that failed 5 times: look, then redrive (docs/operations.md)');
    output('PayoutBatchBucketName', this.payouts.batchBucket.bucketName, 'Bank-transfer instructions for finance (env PAYOUT_BATCH_BUCKET, npm run payouts:bank)');
    output('NotifierDlqUrl', this.vendorEmail.deadLetterQueue.queueUrl, 'Vendor e-mail batches that failed every retry: look, then replay (docs/operations.md)');
    output('SenderIdentity', this.vendorEmail.identityName, `SES identity every e-mail comes from (${settings.sender.identity}; docs/operations.md "First deploy")`);
    const identity = this.vendorEmail.identity;
    if (identity && settings.sender.domain) {
      // The three DKIM CNAME records to publish for a managed domain identity (it verifies once they resolve).
      const dkim = [
        [identity.dkimDnsTokenName1, identity.dkimDnsTokenValue1],
        [identity.dkimDnsTokenName2, identity.dkimDnsTokenValue2],
        [identity.dkimDnsTokenName3, identity.dkimDnsTokenValue3],
      ] as const;
      dkim.forEach(([name, value], i) => output(`SenderDkimRecord${i + 1}`, `${name} CNAME ${value}`, `DKIM record ${i + 1} of 3 for ${settings.sender.domain}: publish it in DNS`));
    }
    output('SesConfigurationSetName', this.vendorEmail.configurationSet.configurationSetName, 'SES configuration set of vendor e-mails (bounces and complaints → suppressed addresses)');
    output('PayoutProviderSecretArn', this.payouts.providerSecret.secretArn, 'E-mail payout provider {"baseUrl","apiKey"}: set the real value (docs/operations.md)');
    // For operators and their scripts (docs/operations.md): each table's name under the env var the code reads.
    for (const [key, table] of Object.entries(this.data.tables) as [keyof typeof tables, Table][]) {
      output(`${pascal(key)}TableName`, table.tableName, `DynamoDB table ${tables[key].name} (env ${tables[key].envVar})`);
    }
    for (const [key, topic] of Object.entries(this.notifications.topics) as [keyof typeof topics, Topic][]) {
      output(`${pascal(key)}TopicArn`, topic.topicArn, `SNS topic: ${topics[key].displayName}`);
    }
  }
}

const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
