import { Duration, RemovalPolicy, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { AnyPrincipal, Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectLockRetention, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { tables as tableDefs } from '../contracts/tables';
import { ARCHIVED_TABLES, archiverFunction } from '../lambdas/archive/functions';
import type { Data } from './data';
import { deadLetterQueue } from './dead-letter-queue';
import { acknowledgeGuard, nagRef } from './guard';
import { AppFunction } from './lambda-function';
import type { StageSettings } from './settings';

/**
 * How long each archived entry is locked. Prod: COMPLIANCE mode, 7 years (2,557 days: seven years
 * with two leap days), which nobody, the account root included, can shorten or lift, the usual
 * retention of financial and audit records. Other stages: GOVERNANCE mode, 1 day, so a disposable
 * stage's archive can be emptied (by a principal allowed s3:BypassGovernanceRetention: the root only,
 * by the bucket policy) once its stack is gone (docs/decisions.md, "Issue 24, item 8").
 */
export const archiveRetention = (isProd: boolean): { mode: 'COMPLIANCE' | 'GOVERNANCE'; days: number } =>
  isProd ? { mode: 'COMPLIANCE', days: 2_557 } : { mode: 'GOVERNANCE', days: 1 };

/** How long the event source keeps retrying a batch (the stream itself keeps records 24 h). */
export const ARCHIVER_MAX_RECORD_AGE = Duration.hours(12);

/**
 * What nobody but the account root may do in the archive: hide or remove an entry or loosen its lock.
 * Bucket settings (the default retention, the policy itself) are left to CloudFormation's deployment
 * role: denying them would make the next deployment fail; a later default changes no existing lock.
 */
export const ARCHIVE_PROTECTED_ACTIONS = [
  's3:DeleteObject',
  's3:DeleteObjectVersion',
  's3:PutObjectRetention',
  's3:PutObjectLegalHold',
  's3:BypassGovernanceRetention',
] as const;

/**
 * The audit archive (issue 24, item 8): the audit and activity tables' streams (new entries) → the
 * archiver (lambdas/archive/archiver-handler.ts) → one object per entry in a bucket with Object Lock, so an
 * entry survives whatever happens to the table. The bucket is versioned, encrypted with the
 * AWS-managed S3 key, TLS only, not public, access-logged, and kept when the stack goes (every stage:
 * locked objects could not be deleted with it anyway). Its policy lets only the archiver's role put
 * objects, and nobody but the account root delete one, a version of one, or change a retention; the
 * archiver's own grant is s3:PutObject alone, and each put is conditional on a new key.
 * Cloud only: the local stack has no archive (docs/infra.md, "Audit archive").
 */
export class AuditArchive extends Construct {
  readonly bucket: Bucket;
  readonly archiver: AppFunction;
  /** On-failure records of stream batches that failed every retry (shard and sequence numbers): replay them (docs/operations.md). */
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: { settings: StageSettings; data: Data; accessLogs: IBucket }) {
    super(scope, id);
    const { settings, data } = props;
    const stack = Stack.of(this);
    const retention = archiveRetention(settings.isProd);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.KMS_MANAGED,
      bucketKeyEnabled: true,
      enforceSSL: true,
      versioned: true,
      objectLockEnabled: true,
      objectLockDefaultRetention:
        retention.mode === 'COMPLIANCE' ? ObjectLockRetention.compliance(Duration.days(retention.days)) : ObjectLockRetention.governance(Duration.days(retention.days)),
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 's3/audit-archive/',
      // Nothing expires: an entry is kept for good (its lock ends, the object stays). The one rule cleans
      // up uploads that never completed (guard CT.S3.PR.3 and .6 want a lifecycle on a versioned bucket).
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledgeGuard(this.bucket, {
      bucketNotifications: 'Nothing reacts to archived entries: the archive is read only when investigating.',
    });

    this.deadLetterQueue = deadLetterQueue(this, 'ArchiverDeadLetterQueue', {
      removalPolicy: settings.removalPolicy,
      whatItCatches: "This queue is itself the archiver's on-failure destination (descriptions of stream batches that failed every retry); an operator replays them (docs/operations.md).",
    });
    this.archiver = new AppFunction(this, 'ArchiverFunction', {
      entry: archiverFunction.entry,
      description: archiverFunction.description,
      logRemovalPolicy: settings.removalPolicy,
      timeout: Duration.seconds(archiverFunction.timeoutSeconds),
      environment: { AUDIT_ARCHIVE_BUCKET: this.bucket.bucketName },
    });
    data.connect(this.archiver, archiverFunction.tables);
    // PutObject only: no reads, no deletes, no retention or legal-hold changes (Bucket.grantPut would add those).
    this.archiver.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [this.bucket.arnForObjects('*')] }));
    Validations.of(this.archiver).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagRef(this.archiver, this.bucket.node.defaultChild as CfnElement)}/*]`,
      reason: 'The archiver puts one object per entry under keys it derives from the entry; PutObject on the archive bucket\'s objects only.',
    });

    const root = `arn:${stack.partition}:iam::${stack.account}:root`;
    this.bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'OnlyTheArchiverWrites',
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: ['s3:PutObject'],
        resources: [this.bucket.arnForObjects('*')],
        conditions: { ArnNotEquals: { 'aws:PrincipalArn': this.archiver.role!.roleArn } },
      }),
    );
    this.bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'NobodyButTheRootRemovesOrUnlocks',
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: [...ARCHIVE_PROTECTED_ACTIONS],
        resources: [this.bucket.bucketArn, this.bucket.arnForObjects('*')],
        conditions: { ArnNotEquals: { 'aws:PrincipalArn': root } },
      }),
    );

    for (const key of ARCHIVED_TABLES) {
      const table = data.tables[key];
      // The handler tells the two streams apart by the tables' physical names (env vars as everywhere).
      this.archiver.addEnvironment(tableDefs[key].envVar, table.tableName);
      this.archiver.addEventSource(
        new DynamoEventSource(table, {
          startingPosition: StartingPosition.TRIM_HORIZON,
          batchSize: archiverFunction.batchSize,
          retryAttempts: archiverFunction.retryAttempts,
          maxRecordAge: ARCHIVER_MAX_RECORD_AGE,
          reportBatchItemFailures: true,
          bisectBatchOnError: true,
          onFailure: new SqsDlq(this.deadLetterQueue),
          filters: [{ pattern: JSON.stringify(archiverFunction.filterPattern) }],
        }),
      );
    }
  }
}
