import { Duration } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
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
  }
}
