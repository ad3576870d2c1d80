import { beforeAll, describe, expect, it } from 'vitest';
import { apiFunctions, routes, routeKey } from '../../contracts/routes';
import { tables, type TableAccess, type TableKey } from '../../contracts/tables';
import { cognitoTriggers } from '../../contracts/triggers';
import { API_STAGE_NAME, routeClass } from '../../lib/api';
import { DEFAULT_API_THROTTLE } from '../../lib/settings';
import { functionByDescription, props, resourcesOfType, statementsOfRole, type CfnTemplate, synthesizedTemplates, type SynthesizedTemplates } from './support';

let s: SynthesizedTemplates;
beforeAll(() => {
  s = synthesizedTemplates();
});

/** `/api/me` for an AWS::ApiGateway::Resource, by walking ParentId up to the root. */
function resourcePath(json: CfnTemplate, resourceId: string): string {
  const resource = json.Resources[resourceId];
  if (!resource) throw new Error(`No resource ${resourceId}`);
  const parent = props(resource).ParentId as { Ref?: string };
  const part = props(resource).PathPart as string;
  return parent.Ref ? `${resourcePath(json, parent.Ref)}/${part}` : `/${part}`;
}

const methods = () =>
  resourcesOfType(s.json, 'AWS::ApiGateway::Method').map(([id, m]) => {
    const p = props(m);
    const resourceRef = p.ResourceId as { Ref?: string };
    return { id, p, key: routeKey({ method: p.HttpMethod as never, path: resourceRef.Ref ? resourcePath(s.json, resourceRef.Ref) : '/' }) };
  });

describe('REST API generated from contracts/routes.ts', () => {
  it('has exactly one method per route, and no other', () => {
    expect(methods().map((m) => m.key).sort()).toEqual(routes.map(routeKey).sort());
  });

  it('requires the Cognito user-pool authorizer on every method', () => {
    const authorizers = resourcesOfType(s.json, 'AWS::ApiGateway::Authorizer');
    expect(authorizers).toHaveLength(1);
    const [authorizerId, authorizer] = authorizers[0]!;
    expect(props(authorizer)).toMatchObject({
      Type: 'COGNITO_USER_POOLS',
      IdentitySource: 'method.request.header.Authorization',
      ProviderARNs: [{ 'Fn::GetAtt': [expect.stringMatching(/^AuthUserPool/), 'Arn'] }],
    });
    for (const { key, p } of methods()) {
      expect({ key, type: p.AuthorizationType, authorizer: p.AuthorizerId }).toEqual({
        key,
        type: 'COGNITO_USER_POOLS',
        authorizer: { Ref: authorizerId },
      });
    }
  });

  it('sends each route to the Lambda of its function (proxy integration)', () => {
    for (const route of routes) {
      const [fnId] = functionByDescription(s.json, apiFunctions[route.fn].description);
      const method = methods().find((m) => m.key === routeKey(route));
      expect(method?.p.Integration).toMatchObject({ Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST' });
      expect(JSON.stringify((method?.p.Integration as { Uri: unknown }).Uri)).toContain(JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }));
    }
  });

  it('validates requests, logs access as JSON, traces and throttles the stage', () => {
    const stages = resourcesOfType(s.json, 'AWS::ApiGateway::Stage').map(([, st]) => props(st));
    expect(stages).toHaveLength(1);
    const stage = stages[0]!;
    expect(stage.StageName).toBe(API_STAGE_NAME);
    expect(stage.TracingEnabled).toBe(true);
    const format = JSON.parse((stage.AccessLogSetting as { Format: string }).Format) as Record<string, string>;
    expect(format).toMatchObject({ requestId: '$context.requestId', status: '$context.status', userId: '$context.authorizer.claims.sub' });
    expect(stage.MethodSettings).toContainEqual(
      expect.objectContaining({ HttpMethod: '*', ResourcePath: '/*', LoggingLevel: 'ERROR', DataTraceEnabled: false }),
    );
    for (const { p } of methods()) expect(p.RequestValidatorId).toBeDefined();
    const logGroupRef = JSON.stringify((stage.AccessLogSetting as { DestinationArn: unknown }).DestinationArn).match(/"Ref":"(AccessLogs[A-Z0-9]+)"/)?.[1];
    expect(props(s.json.Resources[logGroupRef ?? '']).RetentionInDays).toBeGreaterThan(0);
  });
});

describe('throttling by route class (settings apiReadRate, apiWriteRate, apiExportRate, ...)', () => {
  type MethodSetting = { HttpMethod: string; ResourcePath: string; ThrottlingRateLimit?: number; ThrottlingBurstLimit?: number };
  const settings = () => (props(resourcesOfType(s.json, 'AWS::ApiGateway::Stage')[0]![1]).MethodSettings as MethodSetting[]) ?? [];
  /** What API Gateway applies to a method: its own setting, else the stage's `/*` `*` one. */
  const effective = (method: string, path: string) => {
    // API Gateway's path syntax: `/` + the resource path with each `/` escaped as `~1`.
    const own = settings().find((m) => m.HttpMethod === method && m.ResourcePath === `/${path.replaceAll('/', '~1')}`);
    const stage = settings().find((m) => m.HttpMethod === '*' && m.ResourcePath === '/*');
    const chosen = own ?? stage;
    return { rate: chosen?.ThrottlingRateLimit, burst: chosen?.ThrottlingBurstLimit };
  };

  it('classes routes: streamed downloads are exports, other GETs reads, the rest writes', () => {
    expect(routes.filter((r) => routeClass(r) === 'export').map(routeKey).sort()).toEqual(['GET /api/activity.csv', 'GET /api/admin/audit.csv', 'GET /api/inventory/export.csv', 'GET /api/orders/export.csv', 'GET /api/payouts/{payoutId}/statement.csv']);
    expect(routeClass({ method: 'GET', path: '/api/dashboard' })).toBe('read');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) expect(routeClass({ method, path: '/api/products' })).toBe('write');
  });

  it.each(routes.map((r) => [routeKey(r), r] as const))('%s is throttled at its class\'s default rate and burst', (_key, route) => {
    const expected = DEFAULT_API_THROTTLE[routeClass(route)];
    expect(effective(route.method, route.path)).toEqual(expected);
  });

  it('reads get more than the 50 req/s every route used to share among all vendors', () => {
    expect(effective('GET', '/api/dashboard').rate).toBeGreaterThan(50);
  });
});

describe('answers API Gateway gives itself', () => {
  /** API Gateway replaces $context.error.messageString with its message, already JSON-quoted. */
  const render = (template: string): unknown => JSON.parse(template.replaceAll('$context.error.messageString', JSON.stringify('Invalid request body')));

  it.each([
    ['UNAUTHORIZED', '401'],
    ['ACCESS_DENIED', '403'],
    ['DEFAULT_4XX', undefined],
    ['DEFAULT_5XX', undefined],
  ])('%s is JSON { error, message }', (type, status) => {
    const response = resourcesOfType(s.json, 'AWS::ApiGateway::GatewayResponse')
      .map(([, r]) => props(r))
      .find((r) => r.ResponseType === type);
    expect(response).toBeDefined();
    expect(response!.StatusCode).toBe(status);
    const body = render((response!.ResponseTemplates as Record<string, string>)['application/json']!);
    expect(body).toEqual({ error: expect.stringMatching(/^[a-z_]+$/), message: expect.any(String) });
    expect((body as { message: string }).message.length).toBeGreaterThan(0);
  });

  it('every gateway response is JSON { error, message } with a stable code', () => {
    const responses = resourcesOfType(s.json, 'AWS::ApiGateway::GatewayResponse').map(([, r]) => props(r));
    expect(responses.length).toBeGreaterThanOrEqual(4);
    for (const r of responses) {
      const templates = r.ResponseTemplates as Record<string, string>;
      expect(Object.keys(templates)).toEqual(['application/json']);
      expect(Object.keys(render(templates['application/json']!) as object).sort()).toEqual(['error', 'message']);
    }
  });

  it('answers 401 unauthorized exactly as the handlers do', () => {
    const response = resourcesOfType(s.json, 'AWS::ApiGateway::GatewayResponse')
      .map(([, r]) => props(r))
      .find((r) => r.ResponseType === 'UNAUTHORIZED');
    expect(render((response!.ResponseTemplates as Record<string, string>)['application/json']!)).toEqual({
      error: 'unauthorized',
      message: 'Sign in to continue.',
    });
  });
});

describe('Lambdas', () => {
  const ours = () => [
    ...Object.values(apiFunctions).map((def) => ({ ...functionFor(def.description), tables: def.tables as TableAccess })),
    {
      ...functionFor('Cognito post-confirmation: a confirmed sign-up becomes a pending vendor application'),
      tables: cognitoTriggers.PostConfirmation.tables,
    },
  ];
  const functionFor = (description: string) => {
    const [id, fn] = functionByDescription(s.json, description);
    return { id, p: props(fn) };
  };

  it('run on Node.js 22 or newer, on ARM, traced', () => {
    for (const fn of resourcesOfType(s.json, 'AWS::Lambda::Function').map(([, f]) => props(f))) {
      const runtime = String(fn.Runtime);
      if (runtime.startsWith('nodejs')) expect(Number(runtime.match(/^nodejs(\d+)/)?.[1])).toBeGreaterThanOrEqual(22);
    }
    for (const { p } of ours()) {
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.TracingConfig).toEqual({ Mode: 'Active' });
      expect(p.Handler).toBe('index.handler');
    }
  });

  it('API functions know the user pool and client', () => {
    for (const def of Object.values(apiFunctions)) {
      const env = (functionFor(def.description).p.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(env).toMatchObject({
        USER_POOL_ID: { Ref: expect.stringMatching(/^AuthUserPool/) },
        POWERTOOLS_SERVICE_NAME: expect.any(String),
        LOG_LEVEL: expect.any(String),
      });
      // Nothing reads the web client's id on the server (the authorizer checks the token's audience itself).
      expect(env).not.toHaveProperty('USER_POOL_CLIENT_ID');
    }
  });

  it('get exactly the tables they declare, read, read-write or write-only as declared', () => {
    const tableIds = Object.fromEntries(
      (Object.keys(tables) as TableKey[]).map((key) => [key, resourcesOfType(s.json, 'AWS::DynamoDB::Table').find(([id]) => id.startsWith(`Data${key.charAt(0).toUpperCase()}${key.slice(1)}Table`))![0]]),
    ) as Record<TableKey, string>;
    for (const fn of ours()) {
      const env = (fn.p.Environment as { Variables: Record<string, unknown> }).Variables;
      const roleId = (fn.p.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const dynamo = statementsOfRole(s.json, roleId).filter((st) => JSON.stringify(st.Action).includes('dynamodb:'));
      for (const key of Object.keys(tables) as TableKey[]) {
        const mode = fn.tables[key];
        const onTable = dynamo.filter((st) => JSON.stringify(st.Resource).includes(`"${tableIds[key]}"`));
        const actions = onTable.flatMap((st) => st.Action as string[]);
        if (!mode) {
          expect(env[tables[key].envVar]).toBeUndefined();
          expect(onTable).toEqual([]);
          continue;
        }
        expect(env[tables[key].envVar]).toEqual({ Ref: tableIds[key] });
        if (mode === 'w') {
          expect(actions.sort()).toEqual(['dynamodb:PutItem', 'dynamodb:UpdateItem']);
          continue;
        }
        if (mode === 'append') {
          expect(actions).toEqual(['dynamodb:PutItem']);
          continue;
        }
        expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
        if (mode === 'rw') expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem']));
        else expect(actions).not.toContain('dynamodb:PutItem');
      }
    }
  });

  it('get exactly the Cognito admin actions they declare, on the user pool only (the ops console review: issue 13)', () => {
    const cognitoStatements = (description: string) => {
      const fn = functionFor(description);
      const roleId = (fn.p.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      return statementsOfRole(s.json, roleId).filter((st) => JSON.stringify(st.Action).includes('cognito-idp:'));
    };
    expect(apiFunctions.adminVendorChanges.cognitoAdmin).toEqual(
      expect.arrayContaining(['cognito-idp:AdminGetUser', 'cognito-idp:AdminUpdateUserAttributes', 'cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminRemoveUserFromGroup']),
    );
    for (const def of Object.values(apiFunctions) as { description: string; cognitoAdmin?: readonly string[] }[]) {
      const statements = cognitoStatements(def.description);
      if (!def.cognitoAdmin?.length) {
        expect({ fn: def.description, statements }).toEqual({ fn: def.description, statements: [] });
        continue;
      }
      expect(statements).toHaveLength(1);
      // One action is rendered as a string, several as a list (issue 14: the console functions' lone AdminGetUser).
      expect([statements[0]!.Action as string | string[]].flat().sort()).toEqual([...def.cognitoAdmin].sort());
      expect(statements[0]!.Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^AuthUserPool/), 'Arn'] });
    }
  });

  it('send to the payout queue and read the bank batch only when they declare it (the console payouts function, issue 13)', () => {
    const queueId = resourcesOfType(s.json, 'AWS::SQS::Queue').find(([id]) => id.startsWith('PayoutsQueue'))![0];
    const bucketId = resourcesOfType(s.json, 'AWS::S3::Bucket').find(([id]) => id.startsWith('PayoutsBatchBucket'))![0];
    for (const def of Object.values(apiFunctions)) {
      const { p } = functionFor(def.description);
      const env = (p.Environment as { Variables: Record<string, unknown> }).Variables;
      const roleId = (p.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const statements = statementsOfRole(s.json, roleId);
      // The bulk queue (issue 15) and the low-stock re-check queue (issue 16) are the other queues an API function
      // may declare: test/infra/bulk.test.ts, test/infra/listings.test.ts.
      const sqs = statements.filter(
        (st) => JSON.stringify(st.Action).includes('sqs:') && !JSON.stringify(st.Resource).includes('"BulkQueue') && !JSON.stringify(st.Resource).includes('"RestockRecheckQueue'),
      );
      const s3 = statements.filter((st) => JSON.stringify(st.Resource).includes(`"${bucketId}"`));
      const declared = def as { queues?: readonly string[]; reads?: readonly string[] };
      if (declared.queues?.includes('payouts')) {
        expect(env.PAYOUT_QUEUE_URL).toEqual({ Ref: queueId });
        expect(sqs).toEqual([expect.objectContaining({ Action: 'sqs:SendMessage', Effect: 'Allow', Resource: { 'Fn::GetAtt': [queueId, 'Arn'] } })]);
      } else {
        expect(env.PAYOUT_QUEUE_URL).toBeUndefined();
        expect(sqs).toEqual([]);
      }
      if (declared.reads?.includes('payoutBatches')) {
        expect(env.PAYOUT_BATCH_BUCKET).toEqual({ Ref: bucketId });
        expect(s3.map((st) => st.Action).sort()).toEqual(['s3:GetObject', 's3:ListBucket']);
        expect(s3.find((st) => st.Action === 's3:ListBucket')?.Condition).toEqual({ StringLike: { 's3:prefix': ['bank-transfers/*'] } });
        expect(JSON.stringify(s3.find((st) => st.Action === 's3:GetObject')?.Resource)).toContain('/bank-transfers/*');
        expect(statements.some((st) => st.Action === 'kms:Decrypt')).toBe(true);
      } else {
        expect(env.PAYOUT_BATCH_BUCKET).toBeUndefined();
        expect(s3).toEqual([]);
      }
    }
    expect(apiFunctions.adminPayouts).toMatchObject({ queues: ['payouts'], reads: ['payoutBatches'] });
  });

  it('keep their logs in their own log group with a retention', () => {
    for (const { p } of ours()) {
      const logGroupId = ((p.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup).Ref;
      expect(props(s.json.Resources[logGroupId]).RetentionInDays).toBeGreaterThan(0);
    }
  });
});
