import { beforeAll, describe, expect, it } from 'vitest';
import { imageCheckFunction } from '../../contracts/functions';
import { tables, type KeyDef, type TableDef } from '../../contracts/tables';
import { productImagesBucket } from '../../contracts/buckets';
import { IMAGE_CHECK_MEMORY_MB, UNREFERENCED_UPLOAD_EXPIRY_DAYS } from '../../lib/images';
import { asyncInvokeConfigsOf, functionByDescription, logicalIdOf, props, queueAlarms, queuePolicyStatements, resourcesOfType, roleOf, statementsOfRole, tableLogicalId, synthesizedTemplates, type SynthesizedTemplates } from './support';

let s: SynthesizedTemplates;
beforeAll(() => {
  s = synthesizedTemplates();
});

const buckets = () => resourcesOfType(s.json, 'AWS::S3::Bucket');
const dlqId = () => logicalIdOf(s.json, 'AWS::SQS::Queue', 'ProductImagesCheckDeadLetterQueue');
const policyOf = (bucketId: string) =>
  resourcesOfType(s.json, 'AWS::S3::BucketPolicy')
    .map(([, p]) => props(p))
    .filter((p) => JSON.stringify(p.Bucket) === JSON.stringify({ Ref: bucketId }))
    .flatMap((p) => (p.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement);

describe('buckets', () => {
  it('are the product-images, renditions (issue 23), site, access-log, payout-batch and audit archive (issue 24) buckets', () => {
    expect(buckets().map(([id]) => id.replace(/[A-F0-9]{8}$/, '')).sort()).toEqual(['AccessLogsBucket', 'AuditArchiveBucket', 'PayoutsBatchBucket', 'ProductImagesBucket', 'ProductImagesRenditionsBucket', 'SiteBucket']);
  });

  it('all block every kind of public access', () => {
    for (const [id, bucket] of buckets()) {
      expect({ id, block: props(bucket).PublicAccessBlockConfiguration }).toEqual({
        id,
        block: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      });
    }
  });

  it('all deny any request that does not use TLS', () => {
    for (const [id] of buckets()) {
      expect({ id, statements: policyOf(id) }).toEqual({
        id,
        statements: expect.arrayContaining([
          expect.objectContaining({
            Effect: 'Deny',
            Principal: { AWS: '*' },
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            Resource: [{ 'Fn::GetAtt': [id, 'Arn'] }, { 'Fn::Join': ['', [{ 'Fn::GetAtt': [id, 'Arn'] }, '/*']] }],
          }),
        ]),
      });
    }
  });

  it('are all encrypted at rest (the payout-batch bucket with the payouts key: test/infra/payouts.test.ts; the audit archive with the AWS-managed S3 key: test/infra/audit-archive.test.ts)', () => {
    for (const [, bucket] of buckets().filter(([id]) => !id.startsWith('PayoutsBatchBucket') && !id.startsWith('AuditArchiveBucket'))) {
      expect(props(bucket).BucketEncryption).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
    }
  });

  it('log their accesses into the access-log bucket (except that bucket itself)', () => {
    const logBucket = buckets().find(([id]) => id.startsWith('AccessLogsBucket'))![0];
    for (const [id, bucket] of buckets().filter(([bid]) => bid !== logBucket)) {
      expect({ id, logging: props(bucket).LoggingConfiguration }).toEqual({
        id,
        logging: { DestinationBucketName: { Ref: logBucket }, LogFilePrefix: expect.stringMatching(/^s3\/.+\/$/) },
      });
    }
  });

  it('the product-images bucket answers CORS for the site origin only, as contracts/buckets.ts says', () => {
    const [, bucket] = buckets().find(([id]) => id.startsWith('ProductImagesBucket'))!;
    expect(props(bucket).CorsConfiguration).toEqual({
      CorsRules: [
        {
          AllowedOrigins: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^SiteDistribution/), 'DomainName'] }]] }],
          AllowedMethods: [...productImagesBucket.corsAllowedMethods],
          AllowedHeaders: ['*'],
          ExposedHeaders: [...productImagesBucket.corsExposedHeaders],
          MaxAge: productImagesBucket.maxAgeSeconds,
        },
      ],
    });
  });
});

describe('the server-side image check (lambdas/images/check-handler.ts)', () => {
  const arn = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });
  const bucketId = () => logicalIdOf(s.json, 'AWS::S3::Bucket', 'ProductImagesBucket');
  const check = () => functionByDescription(s.json, imageCheckFunction.description);

  it('the product-images bucket notifies the check of every object created under private/, and nothing else', () => {
    const notifications = resourcesOfType(s.json, 'Custom::S3BucketNotifications')
      .map(([, r]) => props(r))
      .filter((p) => JSON.stringify(p.BucketName) === JSON.stringify({ Ref: bucketId() }));
    expect(notifications.map((p) => p.NotificationConfiguration)).toEqual([
      {
        LambdaFunctionConfigurations: [
          {
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: productImagesBucket.vendorPrefix }] } },
            LambdaFunctionArn: arn(check()[0]),
          },
        ],
      },
    ]);
    expect(imageCheckFunction.keyPrefix).toBe('private/');
  });

  it('only S3, for this bucket in this account, may invoke the check', () => {
    const permissions = resourcesOfType(s.json, 'AWS::Lambda::Permission')
      .map(([, r]) => props(r))
      .filter((p) => JSON.stringify(p.FunctionName) === JSON.stringify(arn(check()[0])));
    expect(permissions).toEqual([
      { Action: 'lambda:InvokeFunction', FunctionName: arn(check()[0]), Principal: 's3.amazonaws.com', SourceAccount: { Ref: 'AWS::AccountId' }, SourceArn: arn(bucketId()) },
    ]);
  });

  it('knows the bucket and the image-checks table from its environment', () => {
    expect((props(check()[1]).Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
      PRODUCT_IMAGES_BUCKET: { Ref: bucketId() },
      [tables.imageChecks.envVar]: { Ref: tableLogicalId(s.json, 'imageChecks') },
    });
  });

  it('the bucket expires uploads under private/ tagged referenced=no after 7 days, and aborts unfinished multipart uploads after 1', () => {
    const bucket = buckets().find(([id]) => id === bucketId())![1];
    expect(UNREFERENCED_UPLOAD_EXPIRY_DAYS).toBe(7);
    expect(props(bucket).LifecycleConfiguration).toEqual({
      Rules: [
        { AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' },
        { Id: 'ExpireUnreferencedUploads', Prefix: 'private/', TagFilters: [{ Key: 'referenced', Value: 'no' }], ExpirationInDays: 7, Status: 'Enabled' },
      ],
    });
  });

  it('may read, tag and delete objects under private/, list that prefix, write renditions, use the image-checks table and send to its DLQ: nothing more', () => {
    expect(statementsOfRole(s.json, roleOf(check()[1]))).toEqual([
      { Action: ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], Effect: 'Allow', Resource: '*' },
      {
        Action: [
          'dynamodb:BatchGetItem', 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:DescribeTable', 'dynamodb:GetItem',
          'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:Scan', 'dynamodb:UpdateItem',
        ],
        Effect: 'Allow',
        Resource: arn(tableLogicalId(s.json, 'imageChecks')),
      },
      // PutObjectTagging: referenced=no on each new valid upload (the expiry rule below); GetObjectTagging: the tag renditions of an older image get.
      { Action: ['s3:DeleteObject', 's3:GetObject', 's3:GetObjectTagging', 's3:PutObjectTagging'], Effect: 'Allow', Resource: { 'Fn::Join': ['', [arn(bucketId()), '/private/*']] } },
      // Its renditions (issue 23), written with their tag, under renditions/ of their own bucket only.
      {
        Action: ['s3:PutObject', 's3:PutObjectTagging'],
        Effect: 'Allow',
        Resource: { 'Fn::Join': ['', [arn(logicalIdOf(s.json, 'AWS::S3::Bucket', 'ProductImagesRenditionsBucket')), '/renditions/*']] },
      },
      { Action: 's3:ListBucket', Condition: { StringLike: { 's3:prefix': 'private/*' } }, Effect: 'Allow', Resource: arn(bucketId()) },
      { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: arn(dlqId()) },
    ]);
  });

  it('has the memory (and so the CPU) to decode a 12-megapixel JPEG for the primary-image rules, on ARM like every function', () => {
    expect(props(check()[1])).toMatchObject({ MemorySize: IMAGE_CHECK_MEMORY_MB, Architectures: ['arm64'], Timeout: 30 });
    expect(IMAGE_CHECK_MEMORY_MB).toBe(1024);
  });
});

describe('the image check dead-letter queue', () => {
  const check = () => functionByDescription(s.json, imageCheckFunction.description);
  const arn = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });

  it("receives the check's failed invocations (S3 invokes asynchronously) after Lambda's two retries", () => {
    expect(asyncInvokeConfigsOf(s.json, check()[0])).toEqual([
      {
        FunctionName: { Ref: check()[0] },
        Qualifier: '$LATEST',
        MaximumRetryAttempts: 2,
        MaximumEventAgeInSeconds: 6 * 3600,
        DestinationConfig: { OnFailure: { Destination: arn(dlqId()) } },
      },
    ]);
  });

  it('is encrypted (SQS-managed keys), keeps messages 14 days and accepts TLS only', () => {
    expect(props(s.json.Resources[dlqId()])).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    expect(queuePolicyStatements(s.json, dlqId())).toEqual([{ Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } }, Effect: 'Deny', Principal: { AWS: '*' }, Resource: arn(dlqId()) }]);
  });

  it('raises an alarm to the alarm topic as soon as a message waits in it, naming the runbook', () => {
    expect(queueAlarms(s.json, dlqId())).toEqual([
      expect.objectContaining({
        AlarmDescription: expect.stringContaining('docs/operations.md'),
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId(), 'QueueName'] } }],
        Statistic: 'Maximum',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmActions: [{ Ref: expect.stringMatching(/^MonitoringAlarmTopic/) }],
      }),
    ]);
    expect(logicalIdOf(s.json, 'AWS::CloudWatch::Alarm', 'ImageCheckDeadLetters')).toBeTruthy();
  });
});

describe('tables match contracts/tables.ts', () => {
  const schema = (key: KeyDef, sort?: KeyDef) => [
    { AttributeName: key.name, KeyType: 'HASH' },
    ...(sort ? [{ AttributeName: sort.name, KeyType: 'RANGE' }] : []),
  ];

  it('one table per definition', () => {
    expect(resourcesOfType(s.json, 'AWS::DynamoDB::Table')).toHaveLength(Object.keys(tables).length);
  });

  it.each(Object.entries(tables) as [string, TableDef][])('%s: keys, indexes, on demand, point-in-time recovery', (key, def) => {
    // By its logical id: two tables may share a key schema (imageChecks and idempotency: `key`).
    const id = tableLogicalId(s.json, key);
    const table = props(s.json.Resources[id]!);
    expect(table.KeySchema).toEqual(schema(def.partitionKey, def.sortKey));
    expect(table.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.SSESpecification).toEqual(
      def.encryption === 'payouts-key'
        ? { SSEEnabled: true, SSEType: 'KMS', KMSMasterKeyId: { 'Fn::GetAtt': [expect.stringMatching(/^DataPayoutsKey/), 'Arn'] } }
        : { SSEEnabled: true },
    );
    const indexes = (table.GlobalSecondaryIndexes as Record<string, unknown>[] | undefined) ?? [];
    expect(indexes.map((i) => ({ name: i.IndexName, keys: i.KeySchema }))).toEqual(
      (def.globalIndexes ?? []).map((i) => ({ name: i.indexName, keys: schema(i.partitionKey, i.sortKey) })),
    );
    const keyAttributes = [def.partitionKey, def.sortKey, ...(def.globalIndexes ?? []).flatMap((i) => [i.partitionKey, i.sortKey])]
      .filter((k): k is KeyDef => Boolean(k))
      .map((k) => ({ AttributeName: k.name, AttributeType: k.type }));
    expect(table.AttributeDefinitions).toEqual(expect.arrayContaining(keyAttributes));
    expect(table.TimeToLiveSpecification).toEqual(
      def.timeToLiveAttribute ? { AttributeName: def.timeToLiveAttribute, Enabled: true } : undefined,
    );
  });

  it('outside prod, tables can be deleted with the stack', () => {
    for (const [, table] of resourcesOfType(s.json, 'AWS::DynamoDB::Table')) {
      expect(table.DeletionPolicy).toBe('Delete');
      expect(props(table).DeletionProtectionEnabled).toBe(false);
    }
  });
});

describe('site bucket without a web build', () => {
  it('still gets /config.json, alone, revalidated on every visit', () => {
    const deployments = resourcesOfType(s.json, 'Custom::CDKBucketDeployment').map(([, d]) => props(d));
    expect(deployments).toHaveLength(1);
    expect(deployments[0]).toMatchObject({
      DestinationBucketName: { Ref: expect.stringMatching(/^SiteBucket/) },
      Prune: false,
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/config.json'],
    });
    expect(deployments[0]!.SourceObjectKeys).toHaveLength(1);
  });
});
