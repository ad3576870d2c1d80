import { Duration, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IDestination } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, EventType, HttpMethods, ObjectOwnership, type IBucket, type LifecycleRule } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { imageCheckFunction } from '../contracts/functions';
import { referencedTag } from '../lambdas/images/tags';
import type { Data } from './data';
import { productImageRenditions, productImagesBucket } from '../contracts/buckets';
import { AppFunction } from './lambda-function';
import { deadLetterQueue, INVOKE_MAX_EVENT_AGE, INVOKE_RETRY_ATTEMPTS } from './dead-letter-queue';
import { acknowledgeGuard } from './guard';
import type { StageSettings } from './settings';

const CORS_METHODS: Record<(typeof productImagesBucket.corsAllowedMethods)[number], HttpMethods> = {
  GET: HttpMethods.GET,
  PUT: HttpMethods.PUT,
  POST: HttpMethods.POST,
  HEAD: HttpMethods.HEAD,
  DELETE: HttpMethods.DELETE,
};

/**
 * How long an upload no product took stays in the bucket (lifecycle rule on `referenced=no`). Long
 * enough for a vendor to finish a form they left open or come back to a failed save; the image
 * check tags each new upload `no`, the products API tags what it accepts `yes`.
 */
export const UNREFERENCED_UPLOAD_EXPIRY_DAYS = 7;

/** The image check's memory (and so its CPU share): sharp decodes each valid upload. */
export const IMAGE_CHECK_MEMORY_MB = 1024;

export interface ProductImagesProps {
  settings: StageSettings;
  accessLogs: IBucket;
  /** The image check records its outcomes in the `imageChecks` table. */
  data: Data;
}

/** The lifecycle rule that expires objects under `prefix` tagged `referenced=no` (never saved into a product). */
const expireUnreferenced = (id: string, prefix: string): LifecycleRule => ({
  id,
  prefix,
  tagFilters: { [referencedTag.key]: referencedTag.no },
  expiration: Duration.days(UNREFERENCED_UPLOAD_EXPIRY_DAYS),
});

/**
 * The product-images bucket (contracts/buckets.ts; the local s3rver bucket reads the same
 * file): private, TLS only, encrypted, access-logged. Browsers upload straight to it with the
 * identity pool's credentials, each vendor under its own prefix (see Auth), so it answers CORS for
 * the site's origins. Every object created under `private/` is checked again on the server
 * (lambdas/images/check-handler.ts): what breaks the rules is deleted, what passes is recorded valid and
 * tagged `referenced=no`, and expires after UNREFERENCED_UPLOAD_EXPIRY_DAYS unless a product takes it. An
 * event whose check still fails after Lambda's retries lands in the dead-letter queue (alarmed by
 * Monitoring; docs/operations.md says how to check it again): without it the image would stay
 * "still being checked" for ever.
 */
export class ProductImages extends Construct {
  readonly bucket: Bucket;
  /**
   * The renditions of valid images (issue 23; contracts/buckets.ts `productImageRenditions`): written
   * by the check, served by CloudFront's `/renditions/*` behaviour (lib/site.ts, origin access control,
   * signed URLs), tagged kept and deleted by the API functions (lib/image-delivery.ts connectImageUrls).
   * A bucket of its own: the distribution reads it, and the product-images bucket's CORS rule names the
   * distribution, so the distribution reading that bucket would make a dependency cycle; and no
   * browser ever writes here.
   */
  readonly renditionsBucket: Bucket;
  /** The image check, invoked by the bucket's object-created notification. */
  readonly check: AppFunction;
  /** S3 events whose check failed after Lambda's retries (Lambda's on-failure destination record, the event in `requestPayload`). */
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: ProductImagesProps) {
    super(scope, id);
    const { settings } = props;
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 's3/product-images/',
      lifecycleRules: [
        // Uploads that never complete would otherwise be billed for ever.
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Uploads never saved into a product (lambdas/images/tags.ts); vendors cannot tag (lib/auth.ts).
        expireUnreferenced('ExpireUnreferencedUploads', productImagesBucket.vendorPrefix),
      ],
      removalPolicy: settings.removalPolicy,
      autoDeleteObjects: !settings.isProd,
    });
    acknowledgeGuard(this.bucket, {
      bucketKms:
        'Vendors upload from the browser with identity-pool credentials; SSE-KMS would need kms:GenerateDataKey for that role and a key policy for it, for product photos that are published anyway. SSE-S3 encrypts them at rest.',
      versioning:
        'Uploads are create-only (lib/auth.ts) and bound to their first ETag by the check; deleting unreferenced and rejected images is the point, and versions would keep them (and their cost) around.',
      bucketNotifications:
        'The OBJECT_CREATED notification to the image check is set by aws-cdk-lib\'s bucket-notifications custom resource, not in the bucket\'s own NotificationConfiguration, which this rule inspects.',
      objectLock: 'Rejected, replaced and unreferenced images must be deletable (by the check, the listings API and the expiry rule); object lock forbids it.',
    });
    this.renditionsBucket = this.renditions(props);
    this.deadLetterQueue = deadLetterQueue(this, 'CheckDeadLetterQueue', {
      removalPolicy: settings.removalPolicy,
      whatItCatches: "This queue is itself the image check's dead-letter queue (Lambda on-failure destination); an operator re-runs its events (docs/operations.md).",
    });
    this.check = this.checkUploads(props);
  }

  /**
   * The renditions bucket: private (CloudFront reads it with origin access control), TLS only,
   * encrypted, access-logged. Renditions are written tagged `referenced=no` by the check and expire
   * with their upload after UNREFERENCED_UPLOAD_EXPIRY_DAYS unless the products API takes the image
   * into a product (`referenced=yes`); the API deletes them with the image.
   */
  private renditions(props: ProductImagesProps): Bucket {
    const bucket = new Bucket(this, 'RenditionsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 's3/product-renditions/',
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Renditions of uploads never saved into a product, as their uploads (lambdas/images/tags.ts).
        expireUnreferenced('ExpireUnreferencedRenditions', productImageRenditions.prefix),
      ],
      removalPolicy: props.settings.removalPolicy,
      autoDeleteObjects: !props.settings.isProd,
    });
    acknowledgeGuard(bucket, {
      bucketKms:
        'CloudFront reads renditions with origin access control, which for SSE-KMS needs a key policy admitting the distribution; they are smaller copies of product photos that are published anyway. SSE-S3 encrypts them at rest.',
      versioning: 'A rendition key names one content for good and is written once (If-None-Match); deleting renditions of unreferenced images is the point, and versions would keep them.',
      bucketNotifications: 'Nothing reacts to a rendition: the image check writes it and CloudFront reads it.',
      objectLock: 'Renditions of deleted and unreferenced images must be deletable (by the API and the expiry rule); object lock forbids it.',
    });
    return bucket;
  }

  /**
   * The check function and the notification that invokes it (asynchronously: Lambda retries a
   * failed check twice, then sends the event to the dead-letter queue). It may read, tag and delete
   * objects under `private/` and list that prefix (the slots of a full upload folder), nothing else
   * of the bucket, and send to its dead-letter queue.
   */
  private checkUploads(props: ProductImagesProps): AppFunction {
    const prefix = imageCheckFunction.keyPrefix;
    const fn = new AppFunction(this, 'CheckFunction', {
      entry: imageCheckFunction.entry,
      description: imageCheckFunction.description,
      logRemovalPolicy: props.settings.removalPolicy,
      // A few S3 and DynamoDB calls per object and one decode; room for the SDK's own retries.
      timeout: Duration.seconds(30),
      // Decoding a 12-megapixel JPEG (the primary-image rules, issue 15) wants CPU, which Lambda gives by memory.
      memorySize: IMAGE_CHECK_MEMORY_MB,
      // sharp is native: installed for Lambda's platform next to the bundle (lib/lambda-function.ts).
      nodeModules: ['sharp'],
      environment: { PRODUCT_IMAGES_BUCKET: this.bucket.bucketName, RENDITIONS_BUCKET: this.renditionsBucket.bucketName },
    });
    props.data.connect(fn, imageCheckFunction.tables);
    fn.addToRolePolicy(
      // GetObjectTagging: renditions written for a key judged before get the tag its upload has.
      new PolicyStatement({ effect: Effect.ALLOW, actions: ['s3:GetObject', 's3:GetObjectTagging', 's3:DeleteObject', 's3:PutObjectTagging'], resources: [this.bucket.arnForObjects(`${prefix}*`)] }),
    );
    // The renditions (issue 23): written with their `referenced` tag (PutObject with Tagging needs PutObjectTagging too); never read or deleted by the check.
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['s3:PutObject', 's3:PutObjectTagging'],
        resources: [this.renditionsBucket.arnForObjects(`${productImageRenditions.prefix}*`)],
      }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['s3:ListBucket'],
        resources: [this.bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': `${prefix}*` } },
      }),
    );
    // Lambda's on-failure destination sends with the function's role: only SendMessage, only this queue.
    fn.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['sqs:SendMessage'], resources: [this.deadLetterQueue.queueArn] }));
    const onFailure: IDestination = {
      // SqsDestination would also grant GetQueueAttributes and GetQueueUrl, which Lambda does not need.
      bind: () => ({ destination: this.deadLetterQueue.queueArn }),
    };
    fn.configureAsyncInvoke({ retryAttempts: INVOKE_RETRY_ATTEMPTS, maxEventAge: INVOKE_MAX_EVENT_AGE, onFailure });
    const bucketLogicalId = Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnElement);
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/${prefix}*]`,
      reason: 'GetObject (size, first bytes), DeleteObject (rejected uploads), Get/PutObjectTagging (referenced=no on new valid uploads) on the vendor upload prefix only: the check must reach every vendor\'s uploads, and nothing outside private/.',
    });
    const renditionsLogicalId = Stack.of(this).getLogicalId(this.renditionsBucket.node.defaultChild as CfnElement);
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${renditionsLogicalId}.Arn>/${productImageRenditions.prefix}*]`,
      reason: 'PutObject and PutObjectTagging only, under renditions/ only: the check writes the renditions of every vendor\'s valid uploads.',
    });
    this.bucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(fn), { prefix });
    // The notification is configured by a handler aws-cdk-lib adds once per stack.
    for (const handler of Stack.of(this).node.children.filter((c) => c.node.id.startsWith('BucketNotificationsHandler'))) {
      Validations.of(handler).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'Execution role of the bucket-notifications handler provided by aws-cdk-lib (it sets the notification during deployments): only CloudWatch Logs permissions.',
      });
    }
    return fn;
  }

  /** Lets the site's origins upload from the browser (called once the distribution exists). */
  allowOrigins(origins: string[]): void {
    this.bucket.addCorsRule({
      allowedOrigins: origins,
      allowedMethods: productImagesBucket.corsAllowedMethods.map((m) => CORS_METHODS[m]),
      allowedHeaders: ['*'],
      exposedHeaders: [...productImagesBucket.corsExposedHeaders],
      maxAge: productImagesBucket.maxAgeSeconds,
    });
  }
}
