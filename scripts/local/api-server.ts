import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context, Handler } from 'aws-lambda';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { apiFunctions, routes, type Route } from '../../contracts/routes';
import { cognitoTriggers } from '../../contracts/triggers';
import type { WebConfig } from '../../contracts/web-config';
import { serveRendition, type LocalImageUrlKey } from './image-urls';
import { lambdaContext, loadHandler } from './lambda-runtime';

export interface ApiServerOptions {
  port: number;
  userPoolId: string;
  clientId: string;
  /** cognito-local's JWKS, fetched over http here because the verifier only fetches https. */
  jwksUrl: string;
  webConfig: WebConfig;
  /** CloudFront's `/renditions/*` behaviour (issue 23): signed URLs checked with this key, objects from this bucket. */
  renditions?: { bucket: string; key: LocalImageUrlKey };
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

export function matchRoute(method: string, pathname: string): Matched | 'method-not-allowed' | 'bad-path' | null {
  let pathMatched = false;
  for (const c of compiled) {
    const m = c.regex.exec(pathname);
    if (!m) continue;
    pathMatched = true;
    if (c.route.method !== method) continue;
    // API Gateway hands path parameters on decoded; a malformed escape (%E0) is a bad request, not a crash.
    const decode = (v: string) => {
      try {
        return decodeURIComponent(v);
      } catch {
        return null;
      }
    };
    const values = c.names.map((_n, i) => decode(m[i + 1]!));
    if (values.some((v) => v === null)) return 'bad-path';
    return { route: c.route, pathParameters: Object.fromEntries(c.names.map((n, i) => [n, values[i]!])) };
  }
  return pathMatched ? 'method-not-allowed' : null;
}

/** Status and headers of a streamed answer: what `awslambda.HttpResponseStream.from` sends before the body. */
export interface StreamHead {
  statusCode: number;
  headers: Record<string, string>;
}

/** Where a LocalResponseStream's bytes go: the Node HTTP response here, a buffer in unit tests. */
export interface StreamSink {
  head(head: StreamHead): void;
  write(chunk: Buffer, done: (err?: Error | null) => void): void;
  end(done: (err?: Error | null) => void): void;
}

/**
 * The response stream Lambda hands a streaming handler, locally: status and headers first
 * (`HttpResponseStream.from`, or `setContentType` + the first write), then the body with
 * back-pressure from the sink.
 */
export class LocalResponseStream extends Writable {
  head: StreamHead | null = null;
  private contentType = 'application/octet-stream';

  constructor(private readonly sink: StreamSink) {
    super();
  }

  setContentType(contentType: string): void {
    this.contentType = contentType;
  }

  sendHead(metadata: Record<string, unknown>): void {
    if (this.head) throw new Error('The response head was already sent');
    const headers = Object.fromEntries(Object.entries((metadata.headers ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    this.head = { statusCode: typeof metadata.statusCode === 'number' ? metadata.statusCode : 200, headers };
    this.sink.head(this.head);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    if (!this.head) this.sendHead({ statusCode: 200, headers: { 'content-type': this.contentType } });
    this.sink.write(chunk, done);
  }

  override _final(done: (err?: Error | null) => void): void {
    if (!this.head) this.sendHead({ statusCode: 200, headers: { 'content-type': this.contentType } });
    this.sink.end(done);
  }
}

/** The marker Lambda's Node.js runtime looks for on a handler wrapped by `awslambda.streamifyResponse`. */
const STREAMING = Symbol.for('aws.lambda.runtime.handler.streaming');

/**
 * The `awslambda` global of Lambda's Node.js runtime, for streaming handlers run locally:
 * `streamifyResponse` marks the handler (it is then called with `(event, responseStream, context)`)
 * and `HttpResponseStream.from` sends the status and headers of a LocalResponseStream. Installed
 * before any handler module loads (middy reads it when the module is evaluated).
 */
export function installLambdaStreamingShim(): void {
  // Other libraries (the SDK's @aws/lambda-invoke-store) may have created the object already: add to it.
  const g = globalThis as { awslambda?: Record<string, unknown> };
  g.awslambda ??= {};
  if (typeof g.awslambda.streamifyResponse === 'function') return;
  Object.assign(g.awslambda, {
    streamifyResponse<T extends object>(handler: T): T {
      Object.defineProperty(handler, STREAMING, { value: 'response' });
      return handler;
    },
    HttpResponseStream: {
      from(stream: Writable, metadata: Record<string, unknown>): Writable {
        if (!(stream instanceof LocalResponseStream)) throw new Error('HttpResponseStream.from needs the stream the handler was given');
        stream.sendHead(metadata);
        return stream;
      },
    },
  });
}

// Handler modules are imported on demand (and by tests that load them through this module): the global exists from the start.
installLambdaStreamingShim();

export const isStreamingHandler = (handler: unknown): boolean =>
  typeof handler === 'function' && (handler as unknown as Record<symbol, unknown>)[STREAMING] === 'response';

/** A sink writing to a Node HTTP response, waiting for 'drain' when the client reads slower than we write. */
function httpSink(res: http.ServerResponse): StreamSink {
  return {
    head: ({ statusCode, headers }) => res.writeHead(statusCode, headers),
    write(chunk, done) {
      if (res.destroyed) return done(new Error('The client closed the connection'));
      if (res.write(chunk)) return done();
      const onDrain = () => {
        res.off('close', onClose);
        done();
      };
      const onClose = () => {
        res.off('drain', onDrain);
        done(new Error('The client closed the connection'));
      };
      res.once('drain', onDrain);
      res.once('close', onClose);
    },
    end: (done) => res.end(() => done()),
  };
}

/** Claims as API Gateway's Cognito authorizer hands them to the integration: every value a string. */
export function authorizerClaims(payload: JwtPayload): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
}

/**
 * `queryStringParameters` and `multiValueQueryStringParameters` as API Gateway builds them (the
 * last value of a repeated key; every value in order), as objects whose every key is an own data
 * property: a key such as `constructor`, `__proto__` or `toString` is a parameter like any other,
 * never a lookup on Object.prototype (the handler's query schema decides: strict ones answer 400).
 */
export function queryParameters(params: URLSearchParams): { single: Record<string, string> | null; multi: Record<string, string[]> | null } {
  if (params.size === 0) return { single: null, multi: null };
  const multi = new Map<string, string[]>();
  for (const [k, v] of params) {
    const values = multi.get(k);
    if (values) values.push(v);
    else multi.set(k, [v]);
  }
  // Object.fromEntries defines own properties (CreateDataProperty): no setter, no prototype change.
  return { single: Object.fromEntries([...multi].map(([k, v]) => [k, v[v.length - 1]!])), multi: Object.fromEntries(multi) };
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
 * The local API Gateway: serves every route of contracts/routes.ts through the same handler modules
 * the Lambdas run, with the token verified as the Cognito authorizer does; also serves
 * /config.json, the product image renditions as CloudFront does (signed URLs, ./image-urls.ts) and
 * a Lambda Invoke endpoint for cognito-local's triggers.
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
    if (url.pathname.startsWith('/renditions/') && opts.renditions) return serveRendition(req, res, { ...opts.renditions, log: opts.log });

    const invoke = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(url.pathname);
    if (invoke && method === 'POST') {
      const name = decodeURIComponent(invoke[1]!);
      const trigger = Object.values(cognitoTriggers).find((t) => t.localName === name);
      if (!trigger) return send(res, 404, { Type: 'User', Message: `Function not found: ${name}` });
      let event: unknown;
      try {
        event = JSON.parse((await readBody(req)).toString() || '{}') as unknown;
      } catch {
        // What Lambda's Invoke answers (InvalidRequestContentException), with the portal's { error, message }.
        return send(
          res,
          400,
          { error: 'invalid_json', message: 'Could not parse request body into json.', Type: 'User' },
          { 'x-amzn-errortype': 'InvalidRequestContentException' },
        );
      }
      const { handler } = await loadHandler<Handler>(trigger.entry);
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
    if (matched === 'bad-path') return send(res, 400, { error: 'bad_request', message: 'The path is not validly encoded.' });

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
    const query = queryParameters(url.searchParams);
    const requestId = randomUUID();
    const event: APIGatewayProxyEvent = {
      resource: matched.route.path,
      path: url.pathname,
      httpMethod: method,
      headers,
      multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
      queryStringParameters: query.single,
      multiValueQueryStringParameters: query.multi,
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
    const { handler } = await loadHandler<Handler>(fn.entry);
    if (matched.route.stream) return stream(handler, event, lambdaContext(`api-${matched.route.fn}`), res);
    const result = (await handler(event, lambdaContext(`api-${matched.route.fn}`), () => undefined)) as APIGatewayProxyResult;
    res.writeHead(result.statusCode, (result.headers ?? {}) as Record<string, string>);
    res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
  }

  /**
   * A streamed route (`stream: true`), as API Gateway's STREAM transfer mode with
   * InvokeWithResponseStream: the handler writes status, headers and body into the response as it
   * goes. A handler failing before the head answers 502 JSON; after it, the connection is cut, so
   * the client sees an incomplete download rather than a complete-looking one.
   */
  async function stream(handler: Handler, event: APIGatewayProxyEvent, context: Context, res: http.ServerResponse) {
    if (!isStreamingHandler(handler)) throw new Error(`${event.resource} is marked stream in contracts/routes.ts, but its handler is not wrapped by awslambda.streamifyResponse`);
    const responseStream = new LocalResponseStream(httpSink(res));
    let clientClosed = false;
    res.once('close', () => {
      if (res.writableFinished) return;
      clientClosed = true;
      responseStream.destroy(new Error('The client closed the connection'));
    });
    try {
      await (handler as unknown as (e: APIGatewayProxyEvent, s: Writable, c: Context) => Promise<void>)(event, responseStream, context);
    } catch (err) {
      if (!responseStream.head) throw err;
      if (!clientClosed) opts.log?.(`api: stream of ${event.resource} failed: ${(err as Error).message}`);
      res.destroy();
    }
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
