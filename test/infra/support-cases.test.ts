import { beforeAll, describe, expect, it } from 'vitest';
import { apiFunctions, routeKey, routes, type ApiFunction } from '../../contracts/routes';
import { tables, type TableKey } from '../../contracts/tables';
import { topics, type TopicKey } from '../../contracts/topics';
import { cognitoTriggers } from '../../contracts/triggers';
import { SNS_MANAGED_KEY_ALIAS } from '../../lib/notifications';
import { asArray, functionByDescription, logicalIdOf, props, resourcesOfType, statementsOfRole, type CfnResource, roleOf, tableLogicalId, synthesizedTemplates, type SynthesizedTemplates } from './support';

/** Issue 3's infrastructure: support-cases and counters tables, the support topic, the support Lambda's permissions. */
let s: SynthesizedTemplates;
beforeAll(() => {
  // The dev stage without supportEmail (prod.test.ts covers the subscription).
  s = synthesizedTemplates();
});

const tableId = (key: TableKey) => tableLogicalId(s.json, key);
const table = (key: TableKey) => props(s.json.Resources[tableId(key)]);
const supportTopicId = () => logicalIdOf(s.json, 'AWS::SNS::Topic', 'NotificationsSupportTopic');
const envOf = (fn: CfnResource) => (props(fn).Environment as { Variables: Record<string, unknown> }).Variables;

/** Every (action, resource) pair a role's policies allow, resources as JSON so tokens compare exactly. */
function grants(roleId: string): { action: string; resource: string }[] {
  return statementsOfRole(s.json, roleId).flatMap((st) => {
    expect(st.Effect).toBe('Allow');
    // Conditions only narrow (e.g. write-only table access); publishing is never conditional.
    if (JSON.stringify(st.Action).includes('sns:')) expect(st.Condition).toBeUndefined();
    return asArray(st.Action as string | string[]).flatMap((action) =>
      asArray(st.Resource as unknown).map((resource) => ({ action, resource: JSON.stringify(resource) })),
    );
  });
}
const arn = (id: string) => JSON.stringify({ 'Fn::GetAtt': [id, 'Arn'] });
const indexes = (id: string) => JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [id, 'Arn'] }, '/index/*']] });

describe('support-cases table', () => {
  it('is keyed by vendor id then case id, on demand, with point-in-time recovery and encryption at rest', () => {
    const t = table('supportCases');
    expect(t.KeySchema).toEqual([
      { AttributeName: 'vendorId', KeyType: 'HASH' },
      { AttributeName: 'caseId', KeyType: 'RANGE' },
    ]);
    expect(t.BillingMode).toBe('PAY_PER_REQUEST');
    expect(t.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(t.SSESpecification).toEqual({ SSEEnabled: true });
  });

  it('has the byStatus index (status, then createdAt) that lists open cases for ops', () => {
    const t = table('supportCases');
    expect(t.GlobalSecondaryIndexes).toEqual([
      {
        IndexName: 'byStatus',
        KeySchema: [
          { AttributeName: 'status', KeyType: 'HASH' },
          { AttributeName: 'createdAt', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ]);
    expect(t.AttributeDefinitions).toEqual(
      expect.arrayContaining([
        { AttributeName: 'vendorId', AttributeType: 'S' },
        { AttributeName: 'caseId', AttributeType: 'S' },
        { AttributeName: 'status', AttributeType: 'S' },
        { AttributeName: 'createdAt', AttributeType: 'S' },
      ]),
    );
  });
});

describe('counters table', () => {
  it('is keyed by the sequence name only, without indexes, with point-in-time recovery', () => {
    const t = table('counters');
    expect(t.KeySchema).toEqual([{ AttributeName: 'name', KeyType: 'HASH' }]);
    expect(t.AttributeDefinitions).toEqual([{ AttributeName: 'name', AttributeType: 'S' }]);
    expect(t.GlobalSecondaryIndexes).toBeUndefined();
    expect(t.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(t.SSESpecification).toEqual({ SSEEnabled: true });
  });
});

describe('SNS topics from contracts/topics.ts', () => {
  it('one topic per definition, beside the alarm topic', () => {
    const ids = resourcesOfType(s.json, 'AWS::SNS::Topic').map(([id]) => id);
    expect(ids.filter((id) => id.startsWith('Notifications'))).toHaveLength(Object.keys(topics).length);
    expect(ids.filter((id) => !id.startsWith('Notifications'))).toEqual([expect.stringMatching(/^MonitoringAlarmTopic/)]);
  });

  it('the support topic is named for the stage and encrypted at rest with the AWS-managed SNS key', () => {
    expect(props(s.json.Resources[supportTopicId()])).toMatchObject({
      DisplayName: `${topics.support.displayName} (dev)`,
      KmsMasterKeyId: SNS_MANAGED_KEY_ALIAS,
    });
  });

  it('the support topic accepts publishing over TLS only, and its policy allows nothing', () => {
    const id = supportTopicId();
    const policies = resourcesOfType(s.json, 'AWS::SNS::TopicPolicy')
      .map(([, p]) => props(p))
      .filter((p) => JSON.stringify(p.Topics) === JSON.stringify([{ Ref: id }]));
    expect(policies).toHaveLength(1);
    expect((policies[0]!.PolicyDocument as { Statement: unknown[] }).Statement).toEqual([
      {
        Sid: 'AllowPublishThroughSSLOnly',
        Effect: 'Deny',
        Principal: '*',
        Action: 'sns:Publish',
        Resource: { Ref: id },
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      },
    ]);
  });

  it('has no subscription without supportEmail (and no alarm subscription without alarmEmail)', () => {
    expect(resourcesOfType(s.json, 'AWS::SNS::Subscription')).toEqual([]);
  });

  it('outputs the support topic ARN', () => {
    expect(s.json.Outputs?.SupportTopicArn?.Value).toEqual({ Ref: supportTopicId() });
  });
});

describe('support Lambda (POST /api/support)', () => {
  const support = () => functionByDescription(s.json, apiFunctions.support.description);

  it('receives the tables and the topic it declares by their env vars, and nothing else of the kind', () => {
    const env = envOf(support()[1]);
    expect(env).toMatchObject({
      [tables.vendors.envVar]: { Ref: tableId('vendors') },
      [tables.supportCases.envVar]: { Ref: tableId('supportCases') },
      [tables.idempotency.envVar]: { Ref: tableId('idempotency') },
      [topics.support.envVar]: { Ref: supportTopicId() },
    });
    expect(env[tables.counters.envVar]).toBeUndefined();
  });

  it('may read vendors, read and write support cases and idempotency records, write the vendor’s notification, publish to the support topic, trace — and nothing more', () => {
    const allowed = grants(roleOf(support()[1]));
    const read = ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable', 'dynamodb:GetItem', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:Query', 'dynamodb:Scan'];
    const write = ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];
    const on = (actions: string[], resources: string[]) => actions.flatMap((action) => resources.map((resource) => ({ action, resource })));
    const vendors = tableId('vendors');
    const cases = tableId('supportCases');
    const expected = [
      ...on(['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], ['"*"']),
      ...on(read, [arn(vendors), indexes(vendors)]),
      ...on([...read, ...write], [arn(cases), indexes(cases)]),
      // Idempotency records (Idempotency-Key): a table without indexes.
      ...on([...read, ...write], [arn(tableId('idempotency'))]),
      ...on(['sns:Publish'], [JSON.stringify({ Ref: supportTopicId() })]),
      // The vendor's "case received" notification (issue 12): write-only, no reads.
      ...on(['dynamodb:PutItem', 'dynamodb:UpdateItem'], [arn(tableId('notifications'))]),
    ];
    const key = (g: { action: string; resource: string }) => `${g.action} ${g.resource}`;
    expect(allowed.map(key).sort()).toEqual(expected.map(key).sort());
  });

  it('publishes to the support topic only: one sns statement, exact action, exact topic, no KMS permission', () => {
    const statements = statementsOfRole(s.json, roleOf(support()[1]));
    expect(statements.filter((st) => JSON.stringify(st.Action).includes('sns:'))).toEqual([
      { Effect: 'Allow', Action: 'sns:Publish', Resource: { Ref: supportTopicId() } },
    ]);
    expect(statements.filter((st) => JSON.stringify(st.Action).includes('kms:'))).toEqual([]);
  });

  it('POST /api/support is behind the Cognito authorizer and goes to this Lambda', () => {
    const route = routes.find((r) => routeKey(r) === 'POST /api/support');
    expect(route).toMatchObject({ fn: 'support', access: 'vendor' });
    const [authorizerId] = resourcesOfType(s.json, 'AWS::ApiGateway::Authorizer')[0]!;
    const resourceId = resourcesOfType(s.json, 'AWS::ApiGateway::Resource').find(([, r]) => props(r).PathPart === 'support')![0];
    const methods = resourcesOfType(s.json, 'AWS::ApiGateway::Method')
      .map(([, m]) => props(m))
      .filter((m) => JSON.stringify(m.ResourceId) === JSON.stringify({ Ref: resourceId }));
    // POST opens a case; GET (issue 13) lists the vendor's cases: both through the authorizer to this Lambda.
    const byMethod = (m: Record<string, unknown>) => String(m.HttpMethod);
    expect([...methods].sort((a, b) => byMethod(a).localeCompare(byMethod(b)))).toEqual(
      ['GET', 'POST'].map((HttpMethod) =>
        expect.objectContaining({
          HttpMethod,
          AuthorizationType: 'COGNITO_USER_POOLS',
          AuthorizerId: { Ref: authorizerId },
          Integration: expect.objectContaining({ Type: 'AWS_PROXY' }),
        }),
      ),
    );
    for (const m of methods) expect(JSON.stringify(m.Integration)).toContain(arn(support()[0]));
  });

  it('has error and throttle alarms like every Lambda', () => {
    const alarms = resourcesOfType(s.json, 'AWS::CloudWatch::Alarm').map(([, a]) => props(a));
    const onSupport = alarms.filter((a) => JSON.stringify(a.Dimensions ?? null).includes(`"${support()[0]}"`));
    expect(onSupport.map((a) => a.MetricName).sort()).toEqual(['Errors', 'Throttles']);
  });
});

describe('publishing is granted as declared in contracts/routes.ts', () => {
  it.each(Object.entries(apiFunctions) as [string, ApiFunction][])('%s: topic env vars and sns:Publish exactly for its `publishes`', (_key, def) => {
    const [, fn] = functionByDescription(s.json, def.description);
    const env = envOf(fn);
    const declared = def.publishes ?? [];
    for (const key of Object.keys(topics) as TopicKey[]) {
      const topicId = logicalIdOf(s.json, 'AWS::SNS::Topic', `Notifications${key.charAt(0).toUpperCase()}${key.slice(1)}Topic`);
      expect(env[topics[key].envVar]).toEqual(declared.includes(key) ? { Ref: topicId } : undefined);
    }
    const published = grants(roleOf(fn))
      .filter((g) => g.action.startsWith('sns:'))
      .map((g) => g.resource);
    expect(published.sort()).toEqual(
      declared.map((key) => JSON.stringify({ Ref: logicalIdOf(s.json, 'AWS::SNS::Topic', `Notifications${key.charAt(0).toUpperCase()}${key.slice(1)}Topic`) })).sort(),
    );
  });
});

describe('post-confirmation trigger', () => {
  const trigger = () => functionByDescription(s.json, 'Cognito post-confirmation: a confirmed sign-up becomes a pending vendor application');

  it('is still wired to the user pool', () => {
    const [fnId] = trigger();
    const [, pool] = resourcesOfType(s.json, 'AWS::Cognito::UserPool')[0]!;
    expect(props(pool).LambdaConfig).toEqual({ PostConfirmation: { 'Fn::GetAtt': [fnId, 'Arn'] } });
  });

  it('touches only the vendors table (and writes the password-reset notice), and publishes nowhere', () => {
    expect(Object.keys(cognitoTriggers.PostConfirmation.tables)).toEqual(['vendors', 'notifications']);
    const [, fn] = trigger();
    const vendors = tableId('vendors');
    const notifications = tableId('notifications');
    const data = grants(roleOf(fn)).filter((g) => !g.action.startsWith('xray:'));
    expect(data.length).toBeGreaterThan(0);
    for (const g of data) {
      expect(g.action).toMatch(/^dynamodb:/);
      if (g.resource === arn(notifications)) expect(['dynamodb:PutItem', 'dynamodb:UpdateItem']).toContain(g.action);
      else expect([arn(vendors), indexes(vendors)]).toContain(g.resource);
    }
    expect(envOf(fn)[topics.support.envVar]).toBeUndefined();
  });
});

describe('outputs for operators (docs/operations.md)', () => {
  it.each([
    ['VendorsTableName', 'vendors'],
    ['SupportCasesTableName', 'supportCases'],
    ['CountersTableName', 'counters'],
  ] as const)('%s is the %s table', (output, key) => {
    expect(s.json.Outputs?.[output]?.Value).toEqual({ Ref: tableId(key) });
  });
});
