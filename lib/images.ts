import { Duration } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { productImagesBucket } from './definitions/buckets';
import type { StageSettings } from './settings';

const CORS_METHODS: Record<(typeof productImagesBucket.corsAllowedMethods)[number], HttpMethods> = {
  GET: HttpMethods.GET,
  PUT: HttpMethods.PUT,
  POST: HttpMethods.POST,
  HEAD: HttpMethods.HEAD,
  DELETE: HttpMethods.DELETE,
};

/**
 * The product-images bucket (lib/definitions/buckets.ts; the local s3rver bucket reads the same
 * file): private, TLS only, encrypted, access-logged. Browsers upload straight to it with the
 * identity pool's credentials, each vendor under its own prefix (see Auth), so it answers CORS for
 * the site's origins.
 */
export class ProductImages extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: { settings: StageSettings; accessLogs: IBucket }) {
    super(scope, id);
    const { settings } = props;
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 's3/product-images/',
      // Uploads that never complete would otherwise be billed for ever.
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: settings.removalPolicy,
      autoDeleteObjects: !settings.isProd,
    });
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
