import { Duration } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledgeGuard } from './guard';
import type { StageSettings } from './settings';

/**
 * The bucket that receives S3 server access logs (site, product images) and CloudFront standard
 * logs (cdk-nag accepts a log destination without access logs of its own). CloudFront's standard logging still writes through bucket ACLs, so this bucket, and only
 * this one, keeps ACLs enabled (bucket owner preferred); public access stays blocked.
 */
export class AccessLogs extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: { settings: StageSettings }) {
    super(scope, id);
    const { settings } = props;
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [
        { expiration: Duration.days(settings.isProd ? 365 : 30), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: settings.removalPolicy,
      autoDeleteObjects: !settings.isProd,
    });
    acknowledgeGuard(this.bucket, {
      bucketKms: 'S3 server access logging delivers only to buckets encrypted with SSE-S3, not SSE-KMS; the logs hold no more than request metadata.',
      bucketLogging: 'This is the access-log bucket itself: logging its own access would log into itself.',
      versioning: 'Log objects are written once by S3 and CloudFront and expire by the lifecycle rule; versions would only keep expired logs longer.',
      bucketNotifications: 'Nothing reacts to new log objects; they are read when investigating.',
      objectLock: 'The lifecycle rule must be able to expire logs after 30 days (365 in prod); object lock would keep them past that.',
    });
  }
}
