import { beforeAll, describe, expect, it } from 'vitest';
import { apiFunctions, routeKey, routes, type ApiFunctionKey } from '../../contracts/routes';
import { tables, type TableKey } from '../../contracts/tables';
import { STREAM_TIMEOUT } from '../../lib/api';
import { asArray, functionByDescription, props, roleOf, tableLogicalId, resourcesOfType, statementsOfRole, type CfnResource, type CfnTemplate, synthesizedTemplates, type SynthesizedTemplates } from './support';

/** Issue 4, read side: GET /api/dashboard, GET /api/orders and the streamed GET /api/orders/export.csv. */
let s: SynthesizedTemplates;
beforeAll(() => {
  s = synthesizedTemplates();
});

const READ = ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable', 'dynamodb:GetItem', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:Query', 'dynamodb:Scan'];
const SALES_ROUTES = ['GET /api/dashboard', 'GET /api/orders', 'GET /api/orders/export.csv'];

const tableId = (key: TableKey) => tableLogicalId(s.json, key);
const fnOf = (key: ApiFunctionKey) => functionByDescription(s.json, apiFunctions[key].description);
const envOf = (fn: CfnResource) => (props(fn).Environment as { Variables: Record<string, unknown> }).Variables;
const arn = (id: string) => JSON.stringify({ 'Fn::GetAtt': [id, 'Arn'] });
const indexes = (id: string) => JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [id, 'Arn'] }, '/index/*']] });

function resourcePath(json: CfnTemplate, resourceId: string): string {
  const resource = json.Resources[resourceId]!;
  const parent = props(resource).ParentId as { Ref?: string };
  const part = props(resource).PathPart as string;
  return parent.Ref ? `${resourcePath(json, parent.Ref)}/${part}` : `/${part}`;
}
function method(key: string): Record<string, unknown> {
  const found = resourcesOfType(s.json, 'AWS::ApiGateway::Method')
    .map(([, m]) => props(m))
    .filter((p) => {
      const ref = (p.ResourceId as { Ref?: string }).Ref;
      return ref && `${p.HttpMethod as string} ${resourcePath(s.json, ref)}` === key;
    });
  expect(found, key).toHaveLength(1);
  return found[0]!;
}

/** Every (action, resource) pair the role may use, resources as JSON. */
function grants(roleId: string): string[] {
  return statementsOfRole(s.json, roleId).flatMap((st) => {
    expect(st.Effect).toBe('Allow');
    expect(st.Condition).toBeUndefined();
    return asArray(st.Action as string | string[]).flatMap((action) => asArray(st.Resource as unknown).map((resource) => `${action} ${JSON.stringify(resource)}`));
  });
}
const on = (actions: string[], resources: string[]) => actions.flatMap((a) => resources.map((r) => `${a} ${r}`));
const XRAY = on(['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], ['"*"']);

describe('sales read routes', () => {
  it('are in the route table for approved vendors, the export marked as streamed', () => {
    expect(routes.filter((r) => SALES_ROUTES.includes(routeKey(r)))).toEqual([
      // Issue 14: owners, managers and finance (contracts/team-roles.ts); the authorization matrix proves each role.
      { method: 'GET', path: '/api/dashboard', fn: 'dashboard', access: 'vendor', roles: ['owner', 'manager', 'finance'] },
      { method: 'GET', path: '/api/orders', fn: 'orders', access: 'vendor', roles: ['owner', 'manager', 'finance'] },
      { method: 'GET', path: '/api/orders/export.csv', fn: 'ordersExport', access: 'vendor', roles: ['owner', 'manager', 'finance'], stream: true },
    ]);
  });

  it.each(SALES_ROUTES)('%s is behind the Cognito authorizer and goes to its own Lambda', (key) => {
    const route = routes.find((r) => routeKey(r) === key)!;
    const [authorizerId] = resourcesOfType(s.json, 'AWS::ApiGateway::Authorizer')[0]!;
    const m = method(key);
    expect(m).toMatchObject({ AuthorizationType: 'COGNITO_USER_POOLS', AuthorizerId: { Ref: authorizerId } });
    expect(m.Integration).toMatchObject({ Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST' });
    expect(JSON.stringify((m.Integration as { Uri: unknown }).Uri)).toContain(arn(fnOf(route.fn)[0]));
  });

  it('the export streams: STREAM transfer mode, InvokeWithResponseStream, a long integration timeout', () => {
    const integration = method('GET /api/orders/export.csv').Integration as Record<string, unknown>;
    expect(integration.ResponseTransferMode).toBe('STREAM');
    expect(integration.TimeoutInMillis).toBe(STREAM_TIMEOUT.toMilliseconds());
    const uri = JSON.stringify(integration.Uri);
    expect(uri).toContain('/2021-11-15/functions/');
    expect(uri).toContain('/response-streaming-invocations');
  });

  it('the export Lambda may run as long as the integration waits; the others keep the short default', () => {
    expect(props(fnOf('ordersExport')[1]).Timeout).toBe(STREAM_TIMEOUT.toSeconds());
    expect(props(fnOf('orders')[1]).Timeout).toBe(10);
    expect(props(fnOf('dashboard')[1]).Timeout).toBe(10);
  });

  it.each(['GET /api/dashboard', 'GET /api/orders'])('%s is buffered (the classic Lambda proxy invocation)', (key) => {
    const integration = method(key).Integration as Record<string, unknown>;
    expect(integration.ResponseTransferMode ?? 'BUFFERED').toBe('BUFFERED');
    expect(JSON.stringify(integration.Uri)).toContain('/2015-03-31/functions/');
  });

  it('every streamed route’s function serves streamed routes only (a Lambda either streams or not)', () => {
    for (const key of Object.keys(apiFunctions) as ApiFunctionKey[]) {
      const modes = new Set(routes.filter((r) => r.fn === key).map((r) => Boolean(r.stream)));
      expect(modes.size, key).toBeLessThanOrEqual(1);
    }
  });
});

describe('least privilege', () => {
  it('dashboard: reads the ledger and the vendors table, nothing else', () => {
    const [, fn] = fnOf('dashboard');
    const ledger = tableId('ledger');
    const vendors = tableId('vendors');
    // The ledger's index (byPayableShard, issues 6 and 23) comes with table read access: CDK grants a table's indexes with it.
    expect(grants(roleOf(fn)).sort()).toEqual([...XRAY, ...on(READ, [arn(ledger), indexes(ledger)]), ...on(READ, [arn(vendors), indexes(vendors)])].sort());
    const env = envOf(fn);
    expect(env[tables.ledger.envVar]).toEqual({ Ref: ledger });
    expect(env[tables.vendors.envVar]).toEqual({ Ref: vendors });
    expect(env[tables.orders.envVar]).toBeUndefined();
  });

  it.each(['orders', 'ordersExport'] as const)('%s: reads the orders table (and its status index) and the vendors table, nothing else', (key) => {
    const [, fn] = fnOf(key);
    const orders = tableId('orders');
    const vendors = tableId('vendors');
    expect(grants(roleOf(fn)).sort()).toEqual([...XRAY, ...on(READ, [arn(orders), indexes(orders)]), ...on(READ, [arn(vendors), indexes(vendors)])].sort());
    const env = envOf(fn);
    expect(env[tables.orders.envVar]).toEqual({ Ref: orders });
    expect(env[tables.ledger.envVar]).toBeUndefined();
  });

  it.each(['dashboard', 'orders', 'ordersExport'] as const)('%s knows the marketplace time zone its days are counted in', (key) => {
    expect(envOf(fnOf(key)[1]).MARKETPLACE_TIME_ZONE).toEqual(expect.any(String));
  });

  it('API Gateway may invoke the export function (the permission InvokeWithResponseStream also needs)', () => {
    const [fnId] = fnOf('ordersExport');
    const permissions = resourcesOfType(s.json, 'AWS::Lambda::Permission')
      .map(([, p]) => props(p))
      .filter((p) => JSON.stringify(p.FunctionName) === arn(fnId) && p.Principal === 'apigateway.amazonaws.com');
    expect(permissions.length).toBeGreaterThan(0);
    for (const p of permissions) expect(p.Action).toBe('lambda:InvokeFunction');
  });
});
