import http from 'node:http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context, Handler } from 'aws-lambda';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { apiFunctions, routes, type Route } from '../../lambdas/routes';
import { cognitoTriggers } from '../../lambdas/triggers';
import type { WebConfig } from '../../lib/definitions/web-config';

const here = path.dirname(fileURLToPath(import.meta.url));
const lambdasDir = path.resolve(here, '../../lambdas');

export interface ApiServerOptions {
  port: number;
  userPoolId: string;
  clientId: string;
  /** cognito-local's JWKS, fetched over http here because the verifier only fetches https. */
  jwksUrl: string;
  webConfig: WebConfig;
  log?: (line: string) => void;
}

interface Matched {
  route: Route;
  pathParameters: Record<string, string>;
}

/** Route templates (`/api/orders/{orderId}`) compiled once, most specific (fewest parameters) first. */
const compiled = routes
  .map((route) => {
    const names: string[] = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        const param = /^\{(\w+)\}$/.exec(segment);
        if (!param) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
        names.push(param[1]!);
        return '([^/]+)';
      })
      .join('/');
    return { route, names, regex: new RegExp(`^${source}$`) };
  })
  .sort((a, b) => a.names.length - b.names.length);

export function matchRoute(method: string, pathname: string): Matched | 'method-not-allowed' | null {
  let pathMatched = false;
  for (const c of compiled) {
    const m = c.regex.exec(pathname);
    if (!m) continue;
    pathMatched = true;
    if (c.route.method !== method) continue;
    return { route: c.route, pathParameters: Object.fromEntries(c.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) };
  }
  return pathMatched ? 'method-not-allowed' : null;
}

const modules = new Map<string, Promise<{ handler: Handler }>>();
function loadHandler(entry: string): Promise<{ handler: Handler }> {
  let mod = modules.get(entry);
  if (!mod) {
    mod = import(pathToFileURL(path.join(lambdasDir, entry)).href) as Promise<{ handler: Handler }>;
    modules.set(entry, mod);
  }
  return mod;
}

function lambdaContext(functionName: string): Context {
  const awsRequestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 29_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Claims as API Gateway's Cognito authorizer hands them to the integration: every value a string. */
export function authorizerClaims(payload: JwtPayload): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function send(res: http.ServerResponse, statusCode: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(statusCode, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/**
 * The local API Gateway: serves every route of lambdas/routes.ts through the same handler modules
 * the Lambdas run, with the token verified as the Cognito authorizer does; also serves
 * /config.json and a Lambda Invoke endpoint for cognito-local's triggers.
 */
export async function startApiServer(opts: ApiServerOptions): Promise<{ url: string; stop(): Promise<void> }> {
  const verifier = CognitoJwtVerifier.create({ userPoolId: opts.userPoolId, tokenUse: 'id', clientId: opts.clientId });
  let jwksLoaded = false;
  const ensureJwks = async () => {
    if (jwksLoaded) return;
    const res = await fetch(opts.jwksUrl);
    if (!res.ok) throw new Error(`JWKS ${res.status}`);
    verifier.cacheJwks((await res.json()) as Parameters<typeof verifier.cacheJwks>[0]);
    jwksLoaded = true;
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      opts.log?.(`api: ${(err as Error).stack ?? String(err)}`);
      if (!res.headersSent) send(res, 502, { error: 'bad_gateway', message: 'The local API failed to run the handler.' });
      else res.end();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';

    if (url.pathname === '/config.json' && method === 'GET') return send(res, 200, opts.webConfig, { 'cache-control': 'no-store' });

    const invoke = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(url.pathname);
    if (invoke && method === 'POST') {
      const name = decodeURIComponent(invoke[1]!);
      const trigger = Object.values(cognitoTriggers).find((t) => t.localName === name);
      if (!trigger) return send(res, 404, { Type: 'User', Message: `Function not found: ${name}` });
      const event = JSON.parse((await readBody(req)).toString() || '{}') as unknown;
      const { handler } = await loadHandler(trigger.entry);
      try {
        const result = await handler(event, lambdaContext(name), () => undefined);
        return send(res, 200, result ?? null);
      } catch (err) {
        opts.log?.(`trigger ${name} failed: ${(err as Error).message}`);
        return send(res, 200, { errorType: 'Error', errorMessage: (err as Error).message }, { 'x-amz-function-error': 'Unhandled' });
      }
    }

    if (!url.pathname.startsWith('/api/')) return send(res, 404, { error: 'not_found', message: 'Not found.' });
    const matched = matchRoute(method, url.pathname);
    if (matched === null) return send(res, 404, { error: 'not_found', message: 'No such route.' });
    if (matched === 'method-not-allowed') return send(res, 405, { error: 'method_not_allowed', message: 'Method not allowed.' });

    // The authorizer: a valid ID token of this pool and client, else 401 before any handler runs.
    const header = req.headers.authorization ?? '';
    const token = header.replace(/^Bearer\s+/i, '');
    let claims: Record<string, string>;
    try {
      await ensureJwks();
      claims = authorizerClaims(await verifier.verify(token));
    } catch {
      return send(res, 401, { error: 'unauthorized', message: 'Unauthorized' });
    }

    const body = await readBody(req);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]));
    const query = url.searchParams.size ? Object.fromEntries(url.searchParams) : null;
    const multiQuery: Record<string, string[]> = {};
    url.searchParams.forEach((v, k) => (multiQuery[k] ??= []).push(v));
    const requestId = randomUUID();
    const event: APIGatewayProxyEvent = {
      resource: matched.route.path,
      path: url.pathname,
      httpMethod: method,
      headers,
      multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
      queryStringParameters: query,
      multiValueQueryStringParameters: query ? multiQuery : null,
      pathParameters: Object.keys(matched.pathParameters).length ? matched.pathParameters : null,
      stageVariables: null,
      body: body.length ? body.toString('utf8') : null,
      isBase64Encoded: false,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        authorizer: { claims },
        httpMethod: method,
        identity: { sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' } as APIGatewayProxyEvent['requestContext']['identity'],
        path: url.pathname,
        protocol: 'HTTP/1.1',
        requestId,
        requestTimeEpoch: Date.now(),
        resourceId: 'local',
        resourcePath: matched.route.path,
        stage: 'local',
      },
    };
    const fn = apiFunctions[matched.route.fn];
    const { handler } = await loadHandler(fn.entry);
    const result = (await handler(event, lambdaContext(`api-${matched.route.fn}`), () => undefined)) as APIGatewayProxyResult;
    res.writeHead(result.statusCode, (result.headers ?? {}) as Record<string, string>);
    res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${opts.port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
