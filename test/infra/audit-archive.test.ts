import { beforeAll, describe, expect, it } from 'vitest';
import { archiverFunction } from '../../lambdas/archive/functions';
import { asArray, asyncInvokeConfigsOf, functionByDescription, props, queueAlarms, resourcesOfType, roleOf, tableLogicalId, type CfnResource, synthesizedTemplates, type SynthesizedTemplates } from './support';

/**
 * Issue 24, item 8: audit and activity entries cannot be overwritten by any principal of the app.
 * IAM grants are append-only (test/infra/audit.test.ts); on top of them each table's resource policy
 * denies every change of an entry to every principal but the account root, and each new entry is
 * copied from the table's stream into a bucket with Object Lock that only the archiver may write
 * and nobody of the app may delete from or unlock.
 */
let s: SynthesizedTemplates;
beforeAll(() => {
  s = synthesizedTemplates();
});

const LOG_TABLES = ['audit', 'activity'] as const;
const CHANGE_ACTIONS = ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:PartiQLUpdate', 'dynamodb:PartiQLDelete'];

function archiveBucket(): [string, CfnResource] {
  const buckets = resourcesOfType(s.json, 'AWS::S3::Bucket').filter(([, b]) => props(b).ObjectLockEnabled === true);
  expect(buckets.map(([id]) => id)).toHaveLength(1);
  return buckets[0]!;
}

const archiverRole = (): string => roleOf(functionByDescription(s.json, archiverFunction.description)[1]);

/** Every Allow statement of the stack's IAM policies, with the policy's roles. */
function allowStatements(): { roles: string[]; statement: Record<string, unknown> }[] {
  return resourcesOfType(s.json, 'AWS::IAM::Policy').flatMap(([, p]) =>
    asArray((props(p).PolicyDocument as { Statement: Record<string, unknown>[] }).Statement)
      .filter((st) => st.Effect === 'Allow')
      .map((statement) => ({ roles: asArray(props(p).Roles as unknown[]).map((r) => JSON.stringify(r)), statement })),
  );
}

describe.each(LOG_TABLES)('the %s table', (key) => {
  it('has a resource policy denying every change of an entry to every principal but the account root', () => {
    const table = props(s.json.Resources[tableLogicalId(s.json, key)]);
    const doc = (table.ResourcePolicy as { PolicyDocument: { Statement: Record<string, unknown>[] } } | undefined)?.PolicyDocument;
    expect(doc, 'ResourcePolicy').toBeDefined();
    const deny = doc!.Statement.find((st) => st.Effect === 'Deny')!;
    expect(deny).toBeDefined();
    expect(deny.Principal).toEqual({ AWS: '*' });
    expect(asArray(deny.Action as string[])).toEqual(expect.arrayContaining(CHANGE_ACTIONS));
    expect(JSON.stringify(deny.Condition)).toContain('aws:PrincipalArn');
    expect(JSON.stringify(deny.Condition)).toContain(':root');
    expect(doc!.Statement.filter((st) => st.Effect === 'Allow')).toEqual([]);
  });

  it('streams new entries (NEW_IMAGE) to the archiver, with an on-failure queue that alarms on its first message', () => {
    const tableId = tableLogicalId(s.json, key);
    expect(props(s.json.Resources[tableId]).StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    const [fnId] = functionByDescription(s.json, archiverFunction.description);
    const mappings = resourcesOfType(s.json, 'AWS::Lambda::EventSourceMapping').filter(
      ([, m]) => JSON.stringify(props(m).FunctionName).includes(fnId) && JSON.stringify(props(m).EventSourceArn).includes(tableId),
    );
    expect(mappings).toHaveLength(1);
    const m = props(mappings[0]![1]);
    expect(m.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(JSON.stringify(m.FilterCriteria)).toContain('INSERT');
    const dlq = (m.DestinationConfig as { OnFailure: { Destination: { 'Fn::GetAtt': [string, string] } } }).OnFailure.Destination['Fn::GetAtt'][0];
    expect(s.json.Resources[dlq]!.Type).toBe('AWS::SQS::Queue');
    expect(queueAlarms(s.json, dlq).map((a) => a.Threshold)).toContain(1);
    expect(asyncInvokeConfigsOf(s.json, fnId)).toEqual([]);
  });
});

describe('the audit archive bucket', () => {
  it('has Object Lock with a default retention, versioning, encryption, TLS only, no public access, and survives the stack', () => {
    const [, bucket] = archiveBucket();
    const p = props(bucket);
    expect(p.ObjectLockConfiguration).toMatchObject({ ObjectLockEnabled: 'Enabled', Rule: { DefaultRetention: { Mode: expect.stringMatching(/^(GOVERNANCE|COMPLIANCE)$/) } } });
    const retention = (p.ObjectLockConfiguration as { Rule: { DefaultRetention: { Days?: number; Years?: number } } }).Rule.DefaultRetention;
    expect((retention.Days ?? 0) + (retention.Years ?? 0)).toBeGreaterThan(0);
    expect(p.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(p.BucketEncryption).toEqual({ ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms' }, BucketKeyEnabled: true }] });
    expect(p.LoggingConfiguration).toMatchObject({ LogFilePrefix: 's3/audit-archive/' });
    expect(p.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(bucket.UpdateReplacePolicy).toBe('Retain');
  });

  it('its policy: TLS only, only the archiver role may put, and nobody but the account root may delete a version or loosen a lock', () => {
    const [bucketId] = archiveBucket();
    const [, policy] = resourcesOfType(s.json, 'AWS::S3::BucketPolicy').find(([, bp]) => JSON.stringify(props(bp).Bucket).includes(bucketId))!;
    const statements = (props(policy).PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
    const denies = (action: string) => statements.filter((st) => st.Effect === 'Deny' && asArray(st.Action as string[]).includes(action));
    expect(JSON.stringify(statements)).toContain('aws:SecureTransport');
    const put = denies('s3:PutObject').find((st) => JSON.stringify(st.Condition).includes('aws:PrincipalArn'))!;
    expect(put, 'a Deny of s3:PutObject to all but the archiver').toBeDefined();
    expect(JSON.stringify(put.Condition)).toContain(archiverRole());
    for (const action of ['s3:DeleteObject', 's3:DeleteObjectVersion', 's3:PutObjectRetention', 's3:PutObjectLegalHold', 's3:BypassGovernanceRetention']) {
      const deny = denies(action).find((st) => JSON.stringify(st.Principal) === JSON.stringify({ AWS: '*' }));
      expect(deny, action).toBeDefined();
      expect(JSON.stringify(deny!.Condition), action).toContain(':root');
    }
  });

  it('no role may write it but the archiver, which may only PutObject; no role may delete from it or change a retention', () => {
    const [bucketId] = archiveBucket();
    const onBucket = allowStatements().filter(({ statement }) => {
      const r = JSON.stringify(statement.Resource ?? '*');
      return r.includes(`"${bucketId}"`) || r === '"*"' || r.includes('"*"');
    });
    const s3Actions = (st: Record<string, unknown>) => asArray(st.Action as string | string[]).filter((a) => a.startsWith('s3:') || a === '*');
    const writers = onBucket.filter(({ statement }) => s3Actions(statement).some((a) => a.includes('*') || a.startsWith('s3:Put') || a.startsWith('s3:Delete') || a.includes('Retention')));
    expect(writers.map(({ roles }) => roles)).toEqual([[JSON.stringify({ Ref: archiverRole() })]]);
    expect(s3Actions(writers[0]!.statement)).toEqual(['s3:PutObject']);
  });
});
