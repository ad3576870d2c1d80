import { beforeAll, describe, expect, it } from 'vitest';
import { apiFunctions } from '../../contracts/routes';
import { restockFunction } from '../../contracts/functions';
import { tables, type TableKey } from '../../contracts/tables';
import { LISTINGS_IMAGE_OBJECTS } from '../../lib/api';
import { asArray, asyncInvokeConfigsOf, functionByDescription, logicalIdOf, props, queueAlarms, queuePolicyStatements, resourcesOfType, roleOf, statementsOfRole, tableLogicalId, type CfnResource, synthesizedTemplates, type SynthesizedTemplates } from './support';

/** Issue 5, server side: the products table and its indexes, the listings function's environment and permissions. */
let s: SynthesizedTemplates;
beforeAll(() => {
  s = synthesizedTemplates();
});

const tableId = (key: TableKey) => tableLogicalId(s.json, key);
const listings = () => functionByDescription(s.json, apiFunctions.listings.description)[1];
const envOf = (fn: CfnResource) => (props(fn).Environment as { Variables: Record<string, unknown> }).Variables;
const bucketId = () => logicalIdOf(s.json, 'AWS::S3::Bucket', 'ProductImagesBucket');
const arn = (id: string) => JSON.stringify({ 'Fn::GetAtt': [id, 'Arn'] });
/** The default low-stock level's re-check queue (issue 16, lib/restock.ts). */
const recheckQueueId = () => logicalIdOf(s.json, 'AWS::SQS::Queue', 'RestockRecheckQueue');
const indexes = (id: string) => JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [id, 'Arn'] }, '/index/*']] });
const on = (actions: string[], resources: string[]) => actions.flatMap((a) => resources.map((r) => `${a} ${r}`));
/** A table's ARN and, if it has any, its indexes' (JSON, as `grants` renders resources). */
const withIndexesOf = (key: TableKey) => [arn(tableId(key)), ...((tables[key] as { globalIndexes?: unknown[] }).globalIndexes ? [indexes(tableId(key))] : [])];

/** Write-only grants (lib/data.ts mode `w`) carry this condition; they are listed with the suffix WRITE_ONLY. */
const WRITE_ONLY_CONDITION = { StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' } };
const WRITE_ONLY = ' (write-only)';

/** Every (action, resource) pair the role may use, resources as JSON. */
function grants(roleId: string): string[] {
  return statementsOfRole(s.json, roleId).flatMap((st) => {
    expect(st.Effect).toBe('Allow');
    const writeOnly = st.Condition !== undefined;
    // Modes `w` (write-only) and `append` (the activity log, issue 14) carry the condition: no old values back.
    if (writeOnly) expect(st.Condition).toEqual(WRITE_ONLY_CONDITION);
    return asArray(st.Action as string | string[]).flatMap((action) => asArray(st.Resource as unknown).map((resource) => `${action} ${JSON.stringify(resource)}${writeOnly ? WRITE_ONLY : ''}`));
  });
}

const READ = ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable', 'dynamodb:GetItem', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:Query', 'dynamodb:Scan'];
const WRITE = ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];

describe('products table', () => {
  it('is keyed by vendor then product id, with the indexes the lists, the review queue, the review command, the inventory and the restock run use', () => {
    const t = props(s.json.Resources[tableId('products')]);
    expect(t.KeySchema).toEqual([
      { AttributeName: 'vendorId', KeyType: 'HASH' },
      { AttributeName: 'productId', KeyType: 'RANGE' },
    ]);
    const keys = (hash: string, range?: string) => [{ AttributeName: hash, KeyType: 'HASH' }, ...(range ? [{ AttributeName: range, KeyType: 'RANGE' }] : [])];
    expect(t.GlobalSecondaryIndexes).toEqual([
      { IndexName: 'byProductId', KeySchema: keys('productId'), Projection: { ProjectionType: 'ALL' } },
      { IndexName: 'byVendorPublished', KeySchema: keys('publishedVendorId', 'publishedSort'), Projection: { ProjectionType: 'ALL' } },
      { IndexName: 'byVendorRevision', KeySchema: keys('revisionTab', 'revisionSort'), Projection: { ProjectionType: 'ALL' } },
      { IndexName: 'byReviewQueue', KeySchema: keys('reviewQueue', 'revisionSort'), Projection: { ProjectionType: 'ALL' } },
      // Issue 15: one per inventory column (only the row's attributes), the low-stock filter, the restock run.
      ...[
        ['byVendorName', 'vendorId', 'nameSort'],
        ['byVendorSku', 'vendorId', 'sku'],
        ['byVendorPrice', 'vendorId', 'priceCents'],
        ['byVendorStock', 'vendorId', 'inventory'],
        ['byVendorUpdated', 'vendorId', 'updatedAt'],
        ['byVendorLowStock', 'lowStockVendorId', 'inventory'],
      ].map(([name, hash, range]) => ({
        IndexName: name,
        KeySchema: keys(hash!, range),
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: expect.arrayContaining(['sku', 'nameEn', 'nameZh', 'priceCents', 'inventory', 'outOfStock', 'version'].filter((a) => a !== range)) },
      })),
      { IndexName: 'byRestockDue', KeySchema: keys('restockQueue', 'restockSort'), Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['restockOn'] } },
    ]);
    // Never the whole item: a projection of the row (DynamoDB refuses more than 100 projected attributes over all indexes).
    const included = (t.GlobalSecondaryIndexes as { Projection: { NonKeyAttributes?: string[] } }[]).flatMap((g) => g.Projection.NonKeyAttributes ?? []);
    expect(included.length).toBeLessThanOrEqual(100);
    expect(included).not.toContain('live');
    expect(t.AttributeDefinitions).toEqual(
      expect.arrayContaining(
        ['vendorId', 'productId', 'publishedVendorId', 'publishedSort', 'revisionTab', 'revisionSort', 'reviewQueue'].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      ),
    );
    expect(t).toMatchObject({ BillingMode: 'PAY_PER_REQUEST', PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true }, SSESpecification: { SSEEnabled: true } });
  });

  it('the image checks are keyed by object key', () => {
    expect(props(s.json.Resources[tableId('imageChecks')]).KeySchema).toEqual([{ AttributeName: 'key', KeyType: 'HASH' }]);
  });
});

describe('listings function', () => {
  it('knows the images bucket, the identity pool, the user pool and its five tables', () => {
    expect(envOf(listings())).toMatchObject({
      PRODUCT_IMAGES_BUCKET: { Ref: bucketId() },
      IDENTITY_POOL_ID: { Ref: logicalIdOf(s.json, 'AWS::Cognito::IdentityPool', 'AuthIdentityPool') },
      USER_POOL_ID: { Ref: expect.stringMatching(/^AuthUserPool/) },
      ...Object.fromEntries((['vendors', 'products', 'imageChecks', 'counters', 'idempotency', 'notifications'] as const).map((k) => [tables[k].envVar, { Ref: tableId(k) }])),
    });
    expect(envOf(listings()).PAYOUT_ACCOUNTS_TABLE).toBeUndefined();
  });

  it('may do exactly this: vendors read-only, its other tables read-write, product images get, delete and tag (referenced=yes), and tracing', () => {
    const objects = JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId(), 'Arn'] }, `/${LISTINGS_IMAGE_OBJECTS}`]] });
    expect(LISTINGS_IMAGE_OBJECTS).toBe('private/*/products/*');
    const expected = [
      ...on(['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], ['"*"']),
      ...on(READ, withIndexesOf('vendors')),
      ...(['products', 'imageChecks', 'counters', 'idempotency'] as const).flatMap((key) => on([...READ, ...WRITE], withIndexesOf(key))),
      // The low-stock notification, written with the offer change (issue 15): write-only.
      ...on(['dynamodb:PutItem', 'dynamodb:UpdateItem'], [arn(tableId('notifications'))]).map((g) => `${g}${WRITE_ONLY}`),
      ...on(['s3:GetObject', 's3:DeleteObject', 's3:PutObjectTagging'], [objects]),
      // Issue 23: its images' renditions kept (tagged) and deleted with them, and the key it signs their URLs with.
      ...on(['s3:DeleteObject', 's3:PutObjectTagging'], [JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [logicalIdOf(s.json, 'AWS::S3::Bucket', 'ProductImagesRenditionsBucket'), 'Arn'] }, '/renditions/*']] })]),
      ...on(['secretsmanager:GetSecretValue'], [JSON.stringify({ Ref: logicalIdOf(s.json, 'AWS::SecretsManager::Secret', 'ImageUrlsPrivateKey') })]),
      // Issue 14: the activity log's entries of submissions and offer changes, append-only.
      ...on(['dynamodb:PutItem'], [arn(tableId('activity'))]).map((g) => `${g}${WRITE_ONLY}`),
      // Issue 16: a change of the default low-stock level sends its re-check's first message.
      ...on(['sqs:SendMessage'], [arn(recheckQueueId())]),
    ];
    expect(grants(roleOf(listings())).sort()).toEqual(expected.sort());
  });

  it('cannot write the vendors table (vendor status lives there; the identity cache is in counters)', () => {
    const vendors = withIndexesOf('vendors');
    expect(grants(roleOf(listings())).filter((g) => WRITE.some((a) => vendors.some((r) => g === `${a} ${r}`)))).toEqual([]);
  });

  it('has no grant on the identity pool: GetId is an unauthenticated Cognito API', () => {
    expect(grants(roleOf(listings())).filter((g) => g.includes('cognito'))).toEqual([]);
  });
});

describe('restock run (issue 15)', () => {
  const restock = () => functionByDescription(s.json, restockFunction.description);

  it('runs every 15 minutes from EventBridge Scheduler, with a dead-letter queue and an on-failure queue', () => {
    const [fnId] = restock();
    const schedules = Object.values(s.json.Resources).filter((r) => r.Type === 'AWS::Scheduler::Schedule' && JSON.stringify(props(r).Target).includes(fnId));
    expect(schedules).toHaveLength(1);
    expect(props(schedules[0]!)).toMatchObject({ ScheduleExpression: 'rate(15 minutes)', Target: { DeadLetterConfig: { Arn: expect.anything() }, RetryPolicy: { MaximumRetryAttempts: 3 } } });
    expect(asyncInvokeConfigsOf(s.json, fnId)).toEqual([expect.objectContaining({ DestinationConfig: { OnFailure: { Destination: expect.anything() } } })]);
  });

  it('may read and write products (and its indexes), only write notifications, read and write the counters (the re-check, issue 16)', () => {
    const [, fn] = restock();
    const on2 = (actions: string[], resources: string[]) => on(actions, resources);
    const expected = [
      ...on2(['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], ['"*"']),
      ...on2([...READ, ...WRITE], withIndexesOf('products')),
      ...on2(['dynamodb:PutItem', 'dynamodb:UpdateItem'], [arn(tableId('notifications'))]).map((g) => `${g}${WRITE_ONLY}`),
      // The vendors' default low-stock level (issue 15); since issue 16 also the re-check's progress, written.
      ...on2([...READ, ...WRITE], withIndexesOf('counters')),
    ];
    const mine = grants(roleOf(fn)).filter((g) => !g.startsWith('sqs:'));
    expect(mine.sort()).toEqual(expected.sort());
    expect(envOf(fn)).toMatchObject({ PRODUCTS_TABLE: { Ref: tableId('products') }, NOTIFICATIONS_TABLE: { Ref: tableId('notifications') }, MARKETPLACE_TIME_ZONE: expect.any(String) });
  });
});

describe("the default low-stock level's re-check (issue 16)", () => {
  const restock = () => functionByDescription(s.json, restockFunction.description);

  it('has a queue, encrypted and TLS only, whose dead letters go to the alarmed failure queue after 3 tries', () => {
    const [, queue] = resourcesOfType(s.json, 'AWS::SQS::Queue').find(([id]) => id === recheckQueueId())!;
    const failureQueueId = logicalIdOf(s.json, 'AWS::SQS::Queue', 'RestockRunFailureQueue');
    expect(props(queue)).toMatchObject({
      SqsManagedSseEnabled: true,
      // Six times the function's 5 minutes, as AWS advises for a Lambda event source.
      VisibilityTimeout: 1800,
      RedrivePolicy: { maxReceiveCount: 3, deadLetterTargetArn: { 'Fn::GetAtt': [failureQueueId, 'Arn'] } },
    });
    expect(queuePolicyStatements(s.json, recheckQueueId())).toEqual([
      expect.objectContaining({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    ]);
    expect(queueAlarms(s.json, failureQueueId).length).toBeGreaterThan(0);
    expect(queueAlarms(s.json, failureQueueId)[0]).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
  });

  it('the restock function works it one message at a time and may send the next step, with its URL in its environment', () => {
    const [fnId, fn] = restock();
    const mappings = resourcesOfType(s.json, 'AWS::Lambda::EventSourceMapping')
      .map(([, m]) => props(m))
      .filter((m) => JSON.stringify(m.FunctionName).includes(fnId));
    expect(mappings).toEqual([expect.objectContaining({ BatchSize: 1, EventSourceArn: { 'Fn::GetAtt': [recheckQueueId(), 'Arn'] } })]);
    expect(envOf(fn).LOW_STOCK_RECHECK_QUEUE_URL).toEqual({ Ref: recheckQueueId() });
    expect(grants(roleOf(fn)).filter((g) => g.includes(`"${recheckQueueId()}"`) && !g.startsWith('sqs:ReceiveMessage') && !g.startsWith('sqs:DeleteMessage') && !g.startsWith('sqs:ChangeMessageVisibility') && !g.startsWith('sqs:GetQueue'))).toEqual([`sqs:SendMessage ${arn(recheckQueueId())}`]);
  });

  it('only the API functions that declare the queue (listings) may send to it', () => {
    for (const def of Object.values(apiFunctions)) {
      const [, fn] = functionByDescription(s.json, def.description);
      const sends = statementsOfRole(s.json, roleOf(fn)).filter((st) => JSON.stringify(st.Resource).includes(`"${recheckQueueId()}"`));
      if ((def as { queues?: readonly string[] }).queues?.includes('lowStockRecheck')) {
        expect(envOf(fn).LOW_STOCK_RECHECK_QUEUE_URL).toEqual({ Ref: recheckQueueId() });
        expect(sends).toEqual([expect.objectContaining({ Action: 'sqs:SendMessage', Effect: 'Allow' })]);
      } else {
        expect(envOf(fn).LOW_STOCK_RECHECK_QUEUE_URL).toBeUndefined();
        expect(sends).toEqual([]);
      }
    }
    expect(Object.values(apiFunctions).filter((d) => (d as { queues?: readonly string[] }).queues?.includes('lowStockRecheck')).map((d) => d.entry)).toEqual(['listings/handler.ts']);
  });
});
