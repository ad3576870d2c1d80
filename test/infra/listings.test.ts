import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFunctions } from '../../contracts/routes';
import { tables, type TableKey } from '../../contracts/tables';
import { LISTINGS_IMAGE_OBJECTS } from '../../lib/api';
import { asArray, functionByDescription, logicalIdOf, props, roleOf, statementsOfRole, synth, tableLogicalId, type CfnResource, type Synthesized } from './support';

/** Issue 5, server side: the products table and its indexes, the listings function's environment and permissions. */
let s: Synthesized;
beforeAll(() => {
  s = synth();
});
afterAll(() => s.cleanup());

const tableId = (key: TableKey) => tableLogicalId(s.json, key);
const listings = () => functionByDescription(s.json, apiFunctions.listings.description)[1];
const envOf = (fn: CfnResource) => (props(fn).Environment as { Variables: Record<string, unknown> }).Variables;
const bucketId = () => logicalIdOf(s.json, 'AWS::S3::Bucket', 'ProductImagesBucket');
const arn = (id: string) => JSON.stringify({ 'Fn::GetAtt': [id, 'Arn'] });
const indexes = (id: string) => JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [id, 'Arn'] }, '/index/*']] });
const on = (actions: string[], resources: string[]) => actions.flatMap((a) => resources.map((r) => `${a} ${r}`));
/** A table's ARN and, if it has any, its indexes' (JSON, as `grants` renders resources). */
const withIndexesOf = (key: TableKey) => [arn(tableId(key)), ...((tables[key] as { globalIndexes?: unknown[] }).globalIndexes ? [indexes(tableId(key))] : [])];

/** Every (action, resource) pair the role may use, resources as JSON. */
function grants(roleId: string): string[] {
  return statementsOfRole(s.json, roleId).flatMap((st) => {
    expect(st.Effect).toBe('Allow');
    if (st.Condition !== undefined) {
      // Only mode `append` (the activity log, issue 14) has a condition: PutItem, no old values back.
      expect(st.Condition).toEqual({ StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' } });
      expect(asArray(st.Action as string | string[])).toEqual(['dynamodb:PutItem']);
    }
    return asArray(st.Action as string | string[]).flatMap((action) => asArray(st.Resource as unknown).map((resource) => `${action} ${JSON.stringify(resource)}`));
  });
}

const READ = ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable', 'dynamodb:GetItem', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:Query', 'dynamodb:Scan'];
const WRITE = ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];

describe('products table', () => {
  it('is keyed by vendor then product id, with the four indexes the lists, the review queue and the review command use', () => {
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
    ]);
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
      ...Object.fromEntries((['vendors', 'products', 'imageChecks', 'counters', 'idempotency'] as const).map((k) => [tables[k].envVar, { Ref: tableId(k) }])),
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
      ...on(['s3:GetObject', 's3:DeleteObject', 's3:PutObjectTagging'], [objects]),
      // Issue 14: the activity log's entries of submissions and offer changes, append-only.
      ...on(['dynamodb:PutItem'], [arn(tableId('activity'))]),
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
