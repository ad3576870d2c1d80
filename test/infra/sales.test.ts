import { beforeAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { apiFunctions, type ApiFunction } from '../../contracts/routes';
import { ORDER_DETAIL_TYPES, ORDER_EVENT_SOURCE } from '../../contracts/order-events';
import { orderIngestFunction } from '../../contracts/functions';
import { tables, type TableKey } from '../../contracts/tables';
import { readStageSettings } from '../../lib/settings';
import { asArray, functionByDescription, logicalIdOf, props, resourcesOfType, statementsOfRole, synth, type CfnResource, roleOf, tableLogicalId, asyncInvokeConfigsOf, queueAlarms, queuePolicyStatements, synthesizedTemplates, type SynthesizedTemplates } from './support';

/** Issue 4's write side: the marketplace bus, the order rule, the ingest Lambda, its DLQ and alarm, the stack settings. */
let s: SynthesizedTemplates;
beforeAll(() => {
  s = synthesizedTemplates();
});

const tableId = (key: TableKey) => tableLogicalId(s.json, key);
const busId = () => logicalIdOf(s.json, 'AWS::Events::EventBus', 'SalesMarketplaceBus');
const ruleId = () => logicalIdOf(s.json, 'AWS::Events::Rule', 'SalesOrderEventsRule');
const dlqId = () => logicalIdOf(s.json, 'AWS::SQS::Queue', 'SalesIngestDeadLetterQueue');
const ingest = () => functionByDescription(s.json, orderIngestFunction.description);
const envOf = (fn: CfnResource) => (props(fn).Environment as { Variables: Record<string, unknown> }).Variables;
const arn = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });

function grants(roleId: string): string[] {
  return statementsOfRole(s.json, roleId).flatMap((st) => {
    expect(st.Effect).toBe('Allow');
    expect(st.Condition).toBeUndefined();
    return asArray(st.Action as string | string[]).flatMap((action) => asArray(st.Resource as unknown).map((resource) => `${action} ${JSON.stringify(resource)}`));
  });
}

describe('orders and ledger tables (contracts/tables.ts)', () => {
  it('orders: vendor id then placedAt#orderId, the byVendorStatus index (and issue 15’s byVendorOrderId, byVendorOrderNumber), on demand, point-in-time recovery', () => {
    const t = props(s.json.Resources[tableId('orders')]);
    expect(t.KeySchema).toEqual([
      { AttributeName: 'vendorId', KeyType: 'HASH' },
      { AttributeName: 'orderKey', KeyType: 'RANGE' },
    ]);
    expect(t.GlobalSecondaryIndexes).toEqual([
      {
        IndexName: 'byVendorStatus',
        KeySchema: [
          { AttributeName: 'vendorStatus', KeyType: 'HASH' },
          { AttributeName: 'orderKey', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
      {
        IndexName: 'byVendorOrderId',
        KeySchema: [
          { AttributeName: 'vendorId', KeyType: 'HASH' },
          { AttributeName: 'orderId', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
      {
        IndexName: 'byVendorOrderNumber',
        KeySchema: [
          { AttributeName: 'vendorId', KeyType: 'HASH' },
          { AttributeName: 'orderNumber', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ]);
    expect(t).toMatchObject({ BillingMode: 'PAY_PER_REQUEST', PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true }, SSESpecification: { SSEEnabled: true } });
  });

  it('ledger: vendor id then sk (BALANCE, DAY#…, ENTRY#…, PAYOUT#…), the sparse byPayableShard (keys only), byPayoutStatus and byPayoutPeriod indexes, point-in-time recovery', () => {
    const t = props(s.json.Resources[tableId('ledger')]);
    expect(t.KeySchema).toEqual([
      { AttributeName: 'vendorId', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(t.GlobalSecondaryIndexes).toEqual([
      {
        // Sparse and write-sharded (`Y#00`…`Y#15`), keys only: a sale that leaves `payable` as it was writes nothing to it (issue 23).
        IndexName: 'byPayableShard',
        KeySchema: [
          { AttributeName: 'payable', KeyType: 'HASH' },
          { AttributeName: 'vendorId', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'KEYS_ONLY' },
      },
      {
        // Sparse: only PAYOUT# items carry `status` (the ops console's failed payouts and bank transfers).
        IndexName: 'byPayoutStatus',
        KeySchema: [
          { AttributeName: 'status', KeyType: 'HASH' },
          { AttributeName: 'updatedAt', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
      {
        // Sparse: only PAYOUT# items carry `periodId` (the ops console's payouts of a period, issue 13).
        IndexName: 'byPayoutPeriod',
        KeySchema: [
          { AttributeName: 'periodId', KeyType: 'HASH' },
          { AttributeName: 'vendorId', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ]);
    expect(t).toMatchObject({ BillingMode: 'PAY_PER_REQUEST', PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } });
  });
});

describe('marketplace bus and order rule', () => {
  it('creates the bus seller-portal-marketplace-<stage> and outputs its name and ARN', () => {
    expect(props(s.json.Resources[busId()])).toMatchObject({ Name: 'seller-portal-marketplace-dev' });
    expect(s.json.Outputs?.MarketplaceBusName?.Value).toEqual({ Ref: busId() });
    expect(s.json.Outputs?.MarketplaceBusArn?.Value).toEqual(arn(busId()));
    expect(s.json.Outputs?.OrderIngestDlqUrl?.Value).toEqual({ Ref: dlqId() });
  });

  it('has one rule on that bus, for the two order detail types of marketplace.orders, targeting the ingest with retries and the DLQ', () => {
    // On the marketplace bus (the default bus carries the SES bounce/complaint rule, lib/vendor-email.ts).
    expect(resourcesOfType(s.json, 'AWS::Events::Rule').filter(([, r]) => JSON.stringify(props(r).EventBusName) === JSON.stringify({ Ref: busId() }))).toHaveLength(1);
    const rule = props(s.json.Resources[ruleId()]);
    expect(rule.EventBusName).toEqual({ Ref: busId() });
    expect(rule.State).toBe('ENABLED');
    expect(rule.EventPattern).toEqual({ source: [ORDER_EVENT_SOURCE], 'detail-type': [...ORDER_DETAIL_TYPES] });
    expect(ORDER_DETAIL_TYPES).toEqual(['order.placed', 'order.status_changed']);
    expect(rule.Targets).toEqual([
      {
        Id: 'Target0',
        Arn: arn(ingest()[0]),
        DeadLetterConfig: { Arn: arn(dlqId()) },
        RetryPolicy: { MaximumRetryAttempts: 8, MaximumEventAgeInSeconds: 86_400 },
      },
    ]);
  });

  it('lets only this rule invoke the ingest Lambda', () => {
    const permissions = resourcesOfType(s.json, 'AWS::Lambda::Permission')
      .map(([, p]) => props(p))
      .filter((p) => JSON.stringify(p.FunctionName).includes(`"${ingest()[0]}"`));
    expect(permissions).toEqual([{ Action: 'lambda:InvokeFunction', FunctionName: arn(ingest()[0]), Principal: 'events.amazonaws.com', SourceArn: arn(ruleId()) }]);
  });
});

describe('ingest dead-letter queue', () => {
  it('is encrypted (SQS-managed keys) and keeps messages 14 days', () => {
    expect(props(s.json.Resources[dlqId()])).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    // The other queues are the payout queue and its DLQ (test/infra/payouts.test.ts).
    expect(resourcesOfType(s.json, 'AWS::SQS::Queue').filter(([id]) => id.startsWith('Sales'))).toHaveLength(1);
  });

  it('accepts TLS only, and from EventBridge only messages of the order rule', () => {
    const policies = resourcesOfType(s.json, 'AWS::SQS::QueuePolicy')
      .map(([, p]) => props(p))
      .filter((p) => JSON.stringify(p.Queues) === JSON.stringify([{ Ref: dlqId() }]));
    expect(policies).toHaveLength(1);
    expect(queuePolicyStatements(s.json, dlqId())).toEqual([
      { Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } }, Effect: 'Deny', Principal: { AWS: '*' }, Resource: arn(dlqId()) },
      {
        Action: 'sqs:SendMessage',
        Condition: { ArnEquals: { 'aws:SourceArn': arn(ruleId()) } },
        Effect: 'Allow',
        Principal: { Service: 'events.amazonaws.com' },
        Resource: arn(dlqId()),
        Sid: expect.any(String),
      },
    ]);
  });

  it("also receives the ingest Lambda's failed asynchronous invocations, after two retries", () => {
    expect(asyncInvokeConfigsOf(s.json, ingest()[0])).toEqual([
      {
        FunctionName: { Ref: ingest()[0] },
        Qualifier: '$LATEST',
        MaximumRetryAttempts: 2,
        MaximumEventAgeInSeconds: 6 * 3600,
        DestinationConfig: { OnFailure: { Destination: arn(dlqId()) } },
      },
    ]);
  });

  it('raises an alarm to the alarm topic as soon as a message waits in it', () => {
    expect(queueAlarms(s.json, dlqId())).toEqual([
      expect.objectContaining({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId(), 'QueueName'] } }],
        Statistic: 'Maximum',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmActions: [{ Ref: expect.stringMatching(/^MonitoringAlarmTopic/) }],
      }),
    ]);
  });
});

describe('ingest Lambda', () => {
  it('runs lambdas/sales/ingest-handler.ts with the settings, the DLQ URL and exactly its tables', () => {
    const [, fn] = ingest();
    expect(orderIngestFunction.entry).toBe('sales/ingest-handler.ts');
    expect(props(fn)).toMatchObject({ Runtime: 'nodejs24.x', Timeout: 30, TracingConfig: { Mode: 'Active' } });
    const env = envOf(fn);
    expect(env).toMatchObject({
      MARKETPLACE_TIME_ZONE: 'America/Los_Angeles',
      DEFAULT_COMMISSION_BPS: '1500',
      INGEST_DLQ_URL: { Ref: dlqId() },
      [tables.orders.envVar]: { Ref: tableId('orders') },
      [tables.ledger.envVar]: { Ref: tableId('ledger') },
      [tables.vendors.envVar]: { Ref: tableId('vendors') },
    });
    for (const key of Object.keys(tables) as TableKey[]) {
      if (!(key in orderIngestFunction.tables)) expect(env[tables[key].envVar], key).toBeUndefined();
    }
  });

  it('may read and write orders and the ledger, read vendors, send to the DLQ, trace — and nothing more', () => {
    const read = ['BatchGetItem', 'ConditionCheckItem', 'DescribeTable', 'GetItem', 'GetRecords', 'GetShardIterator', 'Query', 'Scan'].map((a) => `dynamodb:${a}`);
    const write = ['BatchWriteItem', 'DeleteItem', 'PutItem', 'UpdateItem'].map((a) => `dynamodb:${a}`);
    const on = (actions: string[], resources: unknown[]) => actions.flatMap((a) => resources.map((r) => `${a} ${JSON.stringify(r)}`));
    const indexes = (id: string) => ({ 'Fn::Join': ['', [arn(id), '/index/*']] });
    const expected = [
      ...on(['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], ['*']),
      ...on([...read, ...write], [arn(tableId('orders')), indexes(tableId('orders')), arn(tableId('ledger')), indexes(tableId('ledger'))]),
      ...on(read, [arn(tableId('vendors')), indexes(tableId('vendors'))]),
      ...on(['sqs:SendMessage'], [arn(dlqId())]),
    ];
    expect(grants(roleOf(ingest()[1])).sort()).toEqual(expected.sort());
  });

  it('has one sqs statement: SendMessage on the DLQ, no queue attributes, no KMS', () => {
    const statements = statementsOfRole(s.json, roleOf(ingest()[1]));
    expect(statements.filter((st) => JSON.stringify(st.Action).includes('sqs:'))).toEqual([{ Effect: 'Allow', Action: 'sqs:SendMessage', Resource: arn(dlqId()) }]);
    expect(statements.filter((st) => JSON.stringify(st.Action).includes('kms:'))).toEqual([]);
  });

  it('has error and throttle alarms like every Lambda', () => {
    const alarms = resourcesOfType(s.json, 'AWS::CloudWatch::Alarm').map(([, a]) => props(a));
    const onIngest = alarms.filter((a) => JSON.stringify(a.Dimensions ?? null).includes(`"${ingest()[0]}"`));
    expect(onIngest.map((a) => a.MetricName).sort()).toEqual(['Errors', 'Throttles']);
  });
});

describe('stack settings: marketplace time zone and default commission', () => {
  it.each(Object.entries(apiFunctions) as [string, ApiFunction][])('API function %s gets MARKETPLACE_TIME_ZONE and DEFAULT_COMMISSION_BPS', (_key, def) => {
    expect(envOf(functionByDescription(s.json, def.description)[1])).toMatchObject({ MARKETPLACE_TIME_ZONE: 'America/Los_Angeles', DEFAULT_COMMISSION_BPS: '1500' });
  });

  it('passes -c marketplaceTimeZone and -c defaultCommissionBps to the ingest and every API function', () => {
    const other = synth({ context: { marketplaceTimeZone: 'Asia/Taipei', defaultCommissionBps: '1200' } });
    try {
      for (const description of [orderIngestFunction.description, ...Object.values(apiFunctions).map((f: ApiFunction) => f.description)]) {
        expect(envOf(functionByDescription(other.json, description)[1]), description).toMatchObject({ MARKETPLACE_TIME_ZONE: 'Asia/Taipei', DEFAULT_COMMISSION_BPS: '1200' });
      }
    } finally {
      other.cleanup();
    }
  });

  const settings = (context: Record<string, unknown>) => readStageSettings(new App({ context }).node);

  it('defaults to America/Los_Angeles and 1500 basis points, and accepts numbers from cdk.json', () => {
    expect(settings({})).toMatchObject({ marketplaceTimeZone: 'America/Los_Angeles', defaultCommissionBps: 1500 });
    expect(settings({ marketplaceTimeZone: 'America/Argentina/Buenos_Aires', defaultCommissionBps: 0 })).toMatchObject({
      marketplaceTimeZone: 'America/Argentina/Buenos_Aires',
      defaultCommissionBps: 0,
    });
    expect(settings({ defaultCommissionBps: '10000' }).defaultCommissionBps).toBe(10_000);
  });

  it.each(['Mars/Olympus_Mons', 'PST', 'Los Angeles', 'america/los_angeles', '+08:00'])('refuses the time zone %s with a message saying what is expected', (zone) => {
    expect(() => settings({ marketplaceTimeZone: zone })).toThrow(/Context "marketplaceTimeZone" must be an IANA time zone such as America\/Los_Angeles/);
  });

  it.each(['15%', '-1', '10001', '1500.5', 1500.5, 'abc', true])('refuses the default commission %s', (bps) => {
    expect(() => settings({ defaultCommissionBps: bps })).toThrow(/Context "defaultCommissionBps" must be a whole number of basis points from 0 to 10000/);
  });
});
