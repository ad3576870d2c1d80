import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { payoutRunFunction, payoutWorkerFunction } from '../../contracts/functions';
import { apiFunctions } from '../../contracts/routes';
import { tables } from '../../contracts/tables';
import { PAYOUT_MAX_RECEIVE_COUNT, PAYOUT_SCHEDULES } from '../../lib/payouts';
import { payoutEnvironment, readStageSettings } from '../../lib/settings';
import {
  asyncInvokeConfigsOf,
  functionByDescription,
  logicalIdOf,
  queueAlarms,
  roleOf,
  props,
  queuePolicyStatements,
  resourcesOfType,
  statementsOfRole,
  synth,
  type CfnResource,
  type Synthesized,
} from './support';

/** Issue 6's scheduled run: schedules, queue and DLQ, the worker, the payouts key, least privilege, alarms. */
let s: Synthesized;
beforeAll(() => {
  s = synth();
});
afterAll(() => s.cleanup());

const arn = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });
const id = (type: string, prefix: string) => logicalIdOf(s.json, type, prefix);
const keyId = () => id('AWS::KMS::Key', 'DataPayoutsKey');
const queueId = () => id('AWS::SQS::Queue', 'PayoutsQueue');
const dlqId = () => id('AWS::SQS::Queue', 'PayoutsDeadLetterQueue');
const scheduleDlqId = () => id('AWS::SQS::Queue', 'PayoutsScheduleDeadLetterQueue');
const runFailuresId = () => id('AWS::SQS::Queue', 'PayoutsRunFailureQueue');
const bucketId = () => id('AWS::S3::Bucket', 'PayoutsBatchBucket');
const secretId = () => id('AWS::SecretsManager::Secret', 'PayoutsProviderSecret');
const ledgerId = () => id('AWS::DynamoDB::Table', 'DataLedgerTable');
const accountsId = () => id('AWS::DynamoDB::Table', 'DataPayoutAccountsTable');
const fn = (description: string) => functionByDescription(s.json, description);
const envOf = (f: CfnResource) => (props(f).Environment as { Variables: Record<string, unknown> }).Variables;
const XRAY = { Action: ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], Effect: 'Allow', Resource: '*' };
const READ = ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable', 'dynamodb:GetItem', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:Query', 'dynamodb:Scan'];
const READ_WRITE = [...READ, 'dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'].sort();
/** Write-only on the notifications table (lib/data.ts mode `w`): the notices the payouts record. */
const NOTIFICATIONS_WRITE_ONLY = () => ({
  Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
  Effect: 'Allow',
  Resource: arn(id('AWS::DynamoDB::Table', 'DataNotificationsTable')),
  Condition: { StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' } },
});
const statementsOf = (description: string) => statementsOfRole(s.json, roleOf(fn(description)[1]));
/** Every role whose policies mention the payouts key / the payout-accounts table. */
const rolesMentioning = (logicalId: string) =>
  resourcesOfType(s.json, 'AWS::IAM::Policy')
    .filter(([, p]) => JSON.stringify(props(p).PolicyDocument).includes(`"${logicalId}"`))
    .flatMap(([, p]) => (props(p).Roles as { Ref: string }[]).map((r) => r.Ref))
    .sort();

/** The payout run's schedules (the restock run, issue 15, has its own: test/infra/listings.test.ts). */
const payoutSchedules = () =>
  resourcesOfType(s.json, 'AWS::Scheduler::Schedule').filter(([, r]) => JSON.stringify(props(r).Target).includes(`"${fn(payoutRunFunction.description)[0]}"`));

describe('schedules (EventBridge Scheduler)', () => {
  it('runs on the 15th and the last day at 02:00 in the marketplace zone, with the scheduled time as input', () => {
    const schedules = payoutSchedules().map(([, r]) => props(r));
    expect(schedules.map((p) => p.ScheduleExpression).sort()).toEqual(['cron(0 2 15 * ? *)', 'cron(0 2 L * ? *)']);
    expect(Object.values(PAYOUT_SCHEDULES).sort()).toEqual(['cron(0 2 15 * ? *)', 'cron(0 2 L * ? *)']);
    for (const p of schedules) {
      expect(p).toMatchObject({
        ScheduleExpressionTimezone: 'America/Los_Angeles',
        State: 'ENABLED',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: { Arn: arn(fn(payoutRunFunction.description)[0]), Input: JSON.stringify({ scheduledTime: '<aws.scheduler.scheduled-time>' }) },
      });
    }
  });

  it('retries an invocation Scheduler could not deliver, then sends it to the schedule dead-letter queue', () => {
    for (const [, schedule] of payoutSchedules()) {
      expect(props(schedule).Target).toMatchObject({
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 6 * 3600 },
        DeadLetterConfig: { Arn: arn(scheduleDlqId()) },
      });
    }
  });

  it('a run that fails after Lambda\'s own retries goes to the run failure queue (on-failure destination)', () => {
    const [runId] = fn(payoutRunFunction.description);
    expect(asyncInvokeConfigsOf(s.json, runId)).toEqual([
      expect.objectContaining({
        MaximumRetryAttempts: 2,
        Qualifier: '$LATEST',
        DestinationConfig: { OnFailure: { Destination: arn(runFailuresId()) } },
      }),
    ]);
  });

  it('the scheduler role may invoke the run function and write its dead-letter queue, nothing else', () => {
    const roleId = id('AWS::IAM::Role', 'PayoutsSchedulerRole');
    expect(statementsOfRole(s.json, roleId)).toEqual([
      { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: [arn(fn(payoutRunFunction.description)[0]), { 'Fn::Join': ['', [arn(fn(payoutRunFunction.description)[0]), ':*']] }] },
      { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: arn(scheduleDlqId()) },
    ]);
    expect(props(s.json.Resources[roleId]).AssumeRolePolicyDocument).toMatchObject({ Statement: [{ Principal: { Service: 'scheduler.amazonaws.com' } }] });
  });
});

describe('queue and dead-letter queue', () => {
  it('the queue redrives to the DLQ after a few receives; both SQS-encrypted', () => {
    expect(props(s.json.Resources[queueId()])).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 720,
      RedrivePolicy: { deadLetterTargetArn: arn(dlqId()), maxReceiveCount: PAYOUT_MAX_RECEIVE_COUNT },
    });
    expect(PAYOUT_MAX_RECEIVE_COUNT).toBe(5);
    expect(props(s.json.Resources[dlqId()])).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
  });

  it('both accept TLS only', () => {
    for (const q of [queueId(), dlqId()]) {
      expect(queuePolicyStatements(s.json, q)).toContainEqual({ Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } }, Effect: 'Deny', Principal: { AWS: '*' }, Resource: arn(q) });
    }
  });

  it('feeds the worker with partial-batch failure reporting', () => {
    // The payout worker's (the notifier's stream mapping is test/infra/vendor-email.test.ts's).
    const mappings = resourcesOfType(s.json, 'AWS::Lambda::EventSourceMapping')
      .map(([, m]) => props(m))
      .filter((m) => JSON.stringify(m.FunctionName) === JSON.stringify({ Ref: fn(payoutWorkerFunction.description)[0] }));
    expect(mappings).toEqual([
      expect.objectContaining({
        EventSourceArn: arn(queueId()),
        FunctionName: { Ref: fn(payoutWorkerFunction.description)[0] },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        BatchSize: 10,
        ScalingConfig: { MaximumConcurrency: 5 },
      }),
    ]);
  });
});

describe('the payouts key, the payout-accounts table, the batch bucket and the secret', () => {
  it('a customer-managed key with rotation', () => {
    expect(props(s.json.Resources[keyId()])).toMatchObject({ EnableKeyRotation: true });
  });

  it('encrypts the payout-accounts table (and no other table)', () => {
    expect(props(s.json.Resources[accountsId()]).SSESpecification).toEqual({ SSEEnabled: true, SSEType: 'KMS', KMSMasterKeyId: arn(keyId()) });
    const withKey = resourcesOfType(s.json, 'AWS::DynamoDB::Table').filter(([, t]) => JSON.stringify(props(t).SSESpecification).includes(keyId()));
    expect(withKey.map(([tid]) => tid)).toEqual([accountsId()]);
  });

  it('the batch bucket: private, TLS only, the payouts key, versioned, access-logged', () => {
    const b = props(s.json.Resources[bucketId()]);
    expect(b).toMatchObject({
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ BucketKeyEnabled: true, ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: arn(keyId()) } }] },
      VersioningConfiguration: { Status: 'Enabled' },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      LoggingConfiguration: { DestinationBucketName: { Ref: expect.stringMatching(/^AccessLogsBucket/) }, LogFilePrefix: 's3/payout-batches/' },
    });
    const policy = resourcesOfType(s.json, 'AWS::S3::BucketPolicy').find(([, p]) => JSON.stringify(props(p).Bucket) === JSON.stringify({ Ref: bucketId() }));
    expect(JSON.stringify(props(policy?.[1]).PolicyDocument)).toContain('"aws:SecureTransport":"false"');
  });

  it('the provider secret is a generated placeholder {baseUrl, apiKey}', () => {
    expect(props(s.json.Resources[secretId()]).GenerateSecretString).toEqual({
      SecretStringTemplate: '{"baseUrl":""}',
      GenerateStringKey: 'apiKey',
      ExcludePunctuation: true,
    });
  });

  it('outputs the queue URL, the DLQ URL, the batch bucket and the secret ARN', () => {
    expect(s.json.Outputs).toMatchObject({
      PayoutQueueUrl: { Value: { Ref: queueId() } },
      PayoutDlqUrl: { Value: { Ref: dlqId() } },
      PayoutBatchBucketName: { Value: { Ref: bucketId() } },
      PayoutProviderSecretArn: { Value: { Ref: secretId() } },
    });
  });
});

describe('least privilege', () => {
  it('run Lambda: Query byPayableShard, BatchGetItem (balances) and UpdateItem (prune) on the ledger, SendMessage to the queue and its failure queue — nothing else', () => {
    const [, run] = fn(payoutRunFunction.description);
    expect(statementsOf(payoutRunFunction.description)).toEqual([
      XRAY,
      { Action: 'dynamodb:Query', Effect: 'Allow', Resource: { 'Fn::Join': ['', [arn(ledgerId()), '/index/byPayableShard']] } },
      { Action: ['dynamodb:BatchGetItem', 'dynamodb:UpdateItem'], Effect: 'Allow', Resource: arn(ledgerId()) },
      // The failure queue is written by Lambda's on-failure destination, with the function's role.
      { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: [arn(queueId()), arn(runFailuresId())] },
      // The vendors' "balance rolled over" notices (issue 12): write-only.
      NOTIFICATIONS_WRITE_ONLY(),
    ]);
    expect(envOf(run)).toMatchObject({ LEDGER_TABLE: { Ref: ledgerId() }, PAYOUT_QUEUE_URL: { Ref: queueId() }, MARKETPLACE_TIME_ZONE: 'America/Los_Angeles' });
    // Issue 23: 100,000 vendors enqueued well inside five minutes, on one full vCPU.
    expect(props(run)).toMatchObject({ Timeout: 300, MemorySize: 1769 });
    expect(envOf(run)).not.toHaveProperty(tables.payoutAccounts.envVar);
  });

  it('worker: ledger read-write, payout accounts read with the key, the secret, instructions under bank-transfers/, its queue', () => {
    const [, worker] = fn(payoutWorkerFunction.description);
    expect(statementsOf(payoutWorkerFunction.description)).toEqual([
      XRAY,
      { Action: READ_WRITE, Effect: 'Allow', Resource: [arn(ledgerId()), { 'Fn::Join': ['', [arn(ledgerId()), '/index/*']] }] },
      { Action: ['kms:Decrypt', 'kms:DescribeKey', 'kms:GenerateDataKey'], Effect: 'Allow', Resource: arn(keyId()) },
      { Action: READ, Effect: 'Allow', Resource: arn(accountsId()) },
      // "Payout paid" / "payout failed" notices (issue 12): write-only.
      NOTIFICATIONS_WRITE_ONLY(),
      { Action: 'secretsmanager:GetSecretValue', Effect: 'Allow', Resource: { Ref: secretId() } },
      { Action: 's3:PutObject', Effect: 'Allow', Resource: { 'Fn::Join': ['', [arn(bucketId()), '/bank-transfers/*']] } },
      {
        Action: ['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:ReceiveMessage'],
        Effect: 'Allow',
        Resource: arn(queueId()),
      },
    ]);
    expect(envOf(worker)).toMatchObject({
      LEDGER_TABLE: { Ref: ledgerId() },
      PAYOUT_ACCOUNTS_TABLE: { Ref: accountsId() },
      PAYOUT_BATCH_BUCKET: { Ref: bucketId() },
      PAYOUT_PROVIDER_SECRET_ARN: { Ref: secretId() },
      PAYOUT_FEE_CENTS: '100',
    });
  });

  it('payout-method API: vendors read-write; payout accounts write-only (no read, no old values back), the key only through DynamoDB', () => {
    const statements = statementsOf(apiFunctions.payoutMethod.description);
    // Issue 14: the step-up asks Cognito whether two-step sign-in is on (AdminGetUser), on the portal's pool only.
    const cognito = statements.filter((st) => JSON.stringify(st.Action).includes('cognito-idp:'));
    expect(cognito).toEqual([expect.objectContaining({ Action: 'cognito-idp:AdminGetUser', Effect: 'Allow', Resource: expect.objectContaining({ 'Fn::GetAtt': expect.any(Array) }) })]);
    expect(statements.filter((st) => !cognito.includes(st))).toEqual([
      XRAY,
      {
        Action: READ_WRITE,
        Effect: 'Allow',
        // In either order: IAM policy minimization sorts the resources by how they render in the function's (nested) template.
        Resource: expect.arrayContaining([arn(id('AWS::DynamoDB::Table', 'DataVendorsTable')), { 'Fn::Join': ['', [arn(id('AWS::DynamoDB::Table', 'DataVendorsTable')), '/index/*']] }]),
      },
      {
        Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
        Effect: 'Allow',
        // Payout accounts and (issue 12) the "payout method changed" notice: both write-only.
        Resource: expect.arrayContaining([arn(id('AWS::DynamoDB::Table', 'DataNotificationsTable')), arn(accountsId())]),
        Condition: { StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' } },
      },
      {
        Action: ['kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:GenerateDataKey*'],
        Effect: 'Allow',
        Resource: arn(keyId()),
        Condition: { StringEquals: { 'kms:ViaService': { 'Fn::Join': ['', ['dynamodb.', { Ref: 'AWS::Region' }, '.amazonaws.com']] } } },
      },
      // Issue 14: the activity log's entry of a new destination (masked), append-only.
      {
        Action: 'dynamodb:PutItem',
        Effect: 'Allow',
        Resource: arn(id('AWS::DynamoDB::Table', 'DataActivityTable')),
        Condition: { StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' } },
      },
    ]);
    const readsAccounts = (description: string) =>
      statementsOf(description).some((st) => JSON.stringify(st.Resource).includes(`"${accountsId()}"`) && [st.Action].flat().some((a) => /dynamodb:(GetItem|BatchGetItem|Query|Scan)/.test(String(a))));
    expect(readsAccounts(apiFunctions.payoutMethod.description)).toBe(false);
    expect(readsAccounts(payoutWorkerFunction.description)).toBe(true);
    expect(envOf(fn(apiFunctions.payoutMethod.description)[1])).toMatchObject({ PAYOUT_HOLD_DAYS: '3' });
  });

  it('only the worker (read) and the payout-method API (write-only) may use the key or touch payout accounts', () => {
    const expected = [roleOf(fn(payoutWorkerFunction.description)[1]), roleOf(fn(apiFunctions.payoutMethod.description)[1])].sort();
    // The ops console's payouts function (issue 13) decrypts the bank batch it lets admins download
    // (the instructions are encrypted with the key) — kms:Decrypt only, and never payout accounts.
    const consoleRole = roleOf(fn(apiFunctions.adminPayouts.description)[1]);
    expect(rolesMentioning(keyId())).toEqual([...expected, consoleRole].sort());
    expect(rolesMentioning(accountsId())).toEqual(expected);
    const consoleKeyActions = statementsOfRole(s.json, consoleRole)
      .filter((st) => JSON.stringify(st.Resource).includes(`"${keyId()}"`))
      .flatMap((st) => [st.Action].flat());
    expect(consoleKeyActions).toEqual(['kms:Decrypt']);
  });

});

describe('settings payoutFeeCents and payoutHoldDays (-c)', () => {
  const settings = (context: Record<string, unknown>) => readStageSettings(new App({ context }).node);

  it('default to 100 cents and 3 days and reach the functions as PAYOUT_FEE_CENTS / PAYOUT_HOLD_DAYS', () => {
    expect(settings({})).toMatchObject({ payoutFeeCents: 100, payoutHoldDays: 3 });
    expect(payoutEnvironment(settings({ payoutFeeCents: '250', payoutHoldDays: 5 }))).toEqual({ PAYOUT_FEE_CENTS: '250', PAYOUT_HOLD_DAYS: '5' });
    expect(settings({ payoutFeeCents: 0, payoutHoldDays: '0' })).toMatchObject({ payoutFeeCents: 0, payoutHoldDays: 0 });
    for (const d of [payoutWorkerFunction.description, apiFunctions.payouts.description, apiFunctions.payoutMethod.description]) {
      expect(envOf(fn(d)[1])).toMatchObject({ PAYOUT_FEE_CENTS: '100', PAYOUT_HOLD_DAYS: '3' });
    }
  });

  it.each([['payoutFeeCents', '1.5'], ['payoutFeeCents', -1], ['payoutFeeCents', 5000], ['payoutFeeCents', 'USD 1'], ['payoutHoldDays', 31], ['payoutHoldDays', 'three'], ['payoutHoldDays', true]])(
    'refuses %s = %j with a message saying what is expected',
    (key, value) => {
      expect(() => settings({ [key]: value })).toThrow(new RegExp(`Context "${key}" must be a whole number from 0 to`));
    },
  );
});

describe('alarms', () => {
  const alarms = () => resourcesOfType(s.json, 'AWS::CloudWatch::Alarm').map(([, a]) => props(a));
  const topic = { Ref: expect.stringMatching(/^MonitoringAlarmTopic/) };

  it('on worker and run errors', () => {
    for (const d of [payoutWorkerFunction.description, payoutRunFunction.description]) {
      const fid = fn(d)[0];
      const on = alarms().filter((a) => JSON.stringify(a.Dimensions ?? null).includes(`"${fid}"`));
      expect(on.map((a) => a.MetricName).sort()).toEqual(['Errors', 'Throttles']);
      for (const a of on) expect(a.AlarmActions).toEqual([topic]);
    }
  });

  it('on a single failed run: its retries come minutes apart, so "3 in 5 minutes" would never fire', () => {
    const fid = fn(payoutRunFunction.description)[0];
    const errors = alarms().filter((a) => a.MetricName === 'Errors' && JSON.stringify(a.Dimensions ?? null).includes(`"${fid}"`));
    expect(errors).toEqual([expect.objectContaining({ Statistic: 'Sum', Threshold: 1, EvaluationPeriods: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' })]);
  });

  it.each([
    ['schedule dead-letter queue', scheduleDlqId],
    ['run failure queue', runFailuresId],
  ])('on any message in the %s', (_name, queueId) => {
    expect(queueAlarms(s.json, queueId())).toEqual([
      expect.objectContaining({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Statistic: 'Maximum',
        Threshold: 1,
        EvaluationPeriods: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmActions: [topic],
        AlarmDescription: expect.stringContaining('docs/operations.md'),
      }),
    ]);
  });

  it('on any message in the payout DLQ', () => {
    expect(alarms().filter((a) => JSON.stringify(a.Dimensions ?? null).includes(`"${dlqId()}"`))).toEqual([
      expect.objectContaining({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Statistic: 'Maximum',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmActions: [topic],
        AlarmDescription: expect.stringContaining('docs/operations.md'),
      }),
    ]);
  });

  it('on a failed payout: a metric filter on the worker log\'s "alarm": "PayoutFailed"', () => {
    const filters = resourcesOfType(s.json, 'AWS::Logs::MetricFilter').map(([, f]) => props(f));
    const workerLogs = props(fn(payoutWorkerFunction.description)[1]).LoggingConfig as { LogGroup: { Ref: string } };
    expect(filters).toEqual([
      {
        FilterPattern: '{ $.alarm = "PayoutFailed" }',
        LogGroupName: { Ref: workerLogs.LogGroup.Ref },
        MetricTransformations: [{ MetricName: 'PayoutFailed-dev', MetricNamespace: 'SellerPortal/Payouts', MetricValue: '1' }],
      },
    ]);
    expect(alarms().filter((a) => a.MetricName === 'PayoutFailed-dev')).toEqual([
      expect.objectContaining({ Namespace: 'SellerPortal/Payouts', Statistic: 'Sum', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', AlarmActions: [topic] }),
    ]);
  });
});

describe('cdk-nag', () => {
  const acknowledged = () =>
    s.app.node.findAll().flatMap((c) =>
      c.node.metadata
        .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((m) => Object.entries(m.data as Record<string, string>).map(([rule, reason]) => ({ path: c.node.path, rule, reason }))),
    );

  it('finds nothing unacknowledged in the payouts construct', () => {
    const report = new AwsSolutionsChecks().validateScope(s.app);
    const onPayouts = report.violations.filter((v) => v.violatingResources.some((r) => /\/(Payouts|Data\/PayoutsKey|Data\/PayoutAccounts)/.test(r.constructPath ?? '')));
    expect(onPayouts.map((v) => v.ruleName)).toEqual([]);
  });

  it('acknowledges exactly these payout findings, each with its reason', () => {
    const acks = acknowledged().filter((a) => /\/Payouts\/|\/PayoutMethodFunction/.test(a.path));
    const rules = acks.map((a) => `${a.path.replace(/^SellerPortal-dev\//, '')} ${a.rule.replace(/^Annotation::/, '')}`);
    expect(rules).toEqual(
      expect.arrayContaining([
        'Payouts/DeadLetterQueue AwsSolutions-SQS3',
        'Payouts/ScheduleDeadLetterQueue AwsSolutions-SQS3',
        'Payouts/RunFailureQueue AwsSolutions-SQS3',
        'Payouts/ProviderSecret AwsSolutions-SMG4',
        expect.stringMatching(/^Payouts\/SchedulerRole AwsSolutions-IAM5\[Resource::<PayoutsRunFunction[0-9A-F]{8}\.Arn>:\*\]$/),
        expect.stringMatching(/^Payouts\/WorkerFunction AwsSolutions-IAM5\[Resource::<PayoutsBatchBucket[0-9A-F]{8}\.Arn>\/bank-transfers\/\*\]$/),
        // The API's functions are in the ApiFunctions nested stack (lib/seller-portal-stack.ts).
        'ApiFunctions/PayoutMethodFunction AwsSolutions-IAM5[Action::kms:GenerateDataKey*]',
      ]),
    );
    for (const a of acks) expect(a.reason.length, `${a.path} ${a.rule}`).toBeGreaterThanOrEqual(40);
  });
});
