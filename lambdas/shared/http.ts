import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from 'zod';
import { routeKey, routes, type Access, type ApiFunctionKey } from '../../contracts/routes';
import type { MemberRole } from '../../contracts/team';
import { resolveCaller, type AdminCheck, type Caller, type VendorCaller } from './auth';
import { fieldErrorsOf, type ApiErrorBody } from '../../contracts/errors';
import { BadRequestError, HttpError, ValidationError } from './errors';
import { logger } from './logger';

export interface Reply {
  statusCode?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RouteRequest<B, Q, C extends Caller> {
  event: APIGatewayProxyEvent;
  body: B;
  query: Q;
  params: Record<string, string>;
  caller: C;
}

type CallerFor<A extends Access> = A extends 'vendor' ? VendorCaller : Caller;

export interface RouteImpl {
  /**
   * `roles`: the team roles the route table lets call the route (vendor routes; contracts/routes.ts);
   * `adminCheck`: the admin routes' check, from the function's handler (lambdas/shared/admin-access.ts).
   */
  run(event: APIGatewayProxyEvent, access: Access, roles?: readonly MemberRole[], adminCheck?: AdminCheck): Promise<Reply>;
}

/**
 * Declares a route's implementation: its body and query schemas and the domain call. Parsing,
 * auth and error mapping are the same for every route (see `apiHandler`).
 */
export function route<A extends Access, B = undefined, Q = undefined>(spec: {
  access: A;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  handler: (req: RouteRequest<B, Q, CallerFor<A>>) => Promise<Reply>;
}): RouteImpl & { access: A } {
  return {
    access: spec.access,
    async run(event, _access, roles, adminCheck) {
      const caller = (await resolveCaller(event, spec.access, roles, adminCheck)) as CallerFor<A>;
      const body = spec.body ? parse(spec.body, parseJsonBody(event), 'body') : (undefined as B);
      const query = spec.query ? parse(spec.query, event.queryStringParameters ?? {}, 'query') : (undefined as Q);
      const params = Object.fromEntries(
        Object.entries(event.pathParameters ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      return spec.handler({ event, body, query, params, caller });
    },
  };
}

function parseJsonBody(event: APIGatewayProxyEvent): unknown {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError('The request body is not valid JSON.', 'invalid_json');
  }
}

function parse<T>(schema: z.ZodType<T>, input: unknown, where: 'body' | 'query'): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const detail = result.error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  throw new ValidationError(fieldErrorsOf(result.error.issues), `Invalid ${where}: ${detail}`);
}

/** The team roles the route table gives a route (`METHOD /resource`); undefined for non-vendor routes. */
export const rolesOfRoute = (key: string): readonly MemberRole[] | undefined => routes.find((r) => routeKey(r) === key)?.roles;

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

/** An error answer's body (contracts/errors.ts), checked against the codes the API may answer. */
export const errorBody = (error: ApiErrorBody['error'], message: string): ApiErrorBody => ({ error, message });

/**
 * Maps any error to the one error answer `{ error, message, fields? }` (contracts/errors.ts): typed
 * errors keep their status (a ValidationError adds its `fields`), the rest are 500 with the request id.
 */
export function errorReply(err: unknown, requestId: string): APIGatewayProxyResult {
  if (err instanceof HttpError) {
    if (err.statusCode >= 500) logger.error('request failed', { error: err });
    else logger.info('request rejected', { statusCode: err.statusCode, code: err.code, ...(err.fields ? { fields: err.fields } : {}) });
    return json(err.statusCode, err.body());
  }
  logger.error('unexpected error', { error: err as Error });
  return json(500, errorBody('internal_error', `Something went wrong. Reference: ${requestId}`));
}

/**
 * Fails at load time when a handler module's routes differ from what the route table gives its
 * function (missing or extra routes, another access level, streamed or not), so the table stays
 * the single source.
 */
export function assertMatchesRouteTable(fn: ApiFunctionKey, impls: Record<string, { access: Access }>, opts: { stream: boolean }): void {
  const expected = routes.filter((r) => r.fn === fn);
  const missing = expected.filter((r) => !impls[routeKey(r)]).map(routeKey);
  const extra = Object.keys(impls).filter((k) => !expected.some((r) => routeKey(r) === k));
  const wrongAccess = expected.filter((r) => impls[routeKey(r)] && impls[routeKey(r)]!.access !== r.access).map(routeKey);
  const wrongMode = expected.filter((r) => Boolean(r.stream) !== opts.stream).map(routeKey);
  if (missing.length || extra.length || wrongAccess.length || wrongMode.length) {
    throw new Error(
      `API function ${fn} does not match the route table (missing: ${missing.join(', ') || '-'}; extra: ${extra.join(', ') || '-'}; access differs: ${wrongAccess.join(', ') || '-'}; ${opts.stream ? 'not marked stream' : 'marked stream'}: ${wrongMode.join(', ') || '-'})`,
    );
  }
}

/**
 * Fails at load time when a function has admin routes but no admin check (issue 24, item 26: the check
 * asks Cognito, so only those functions get it, through lambdas/shared/admin-access.ts), so that a
 * forgotten one cannot deploy.
 */
export function assertAdminCheck(fn: ApiFunctionKey, impls: Record<string, { access: Access }>, adminCheck: AdminCheck | undefined): void {
  const admin = Object.entries(impls).filter(([, impl]) => impl.access === 'admin');
  if (admin.length && !adminCheck) throw new Error(`API function ${fn} has admin routes (${admin.map(([k]) => k).join(', ')}): build it with adminApiHandler (lambdas/shared/admin-access.ts)`);
}

export interface HandlerOptions {
  /** The admin routes' check (two-step sign-in on, asked of Cognito): required when the function has admin routes. */
  adminCheck?: AdminCheck;
}

/**
 * The Lambda handler of one API function: dispatches on `METHOD resource` to the module's route
 * implementations, which must be exactly the routes the route table gives this function.
 */
export function apiHandler(fn: ApiFunctionKey, impls: Record<string, RouteImpl & { access: Access }>, opts: HandlerOptions = {}) {
  assertMatchesRouteTable(fn, impls, { stream: false });
  assertAdminCheck(fn, impls, opts.adminCheck);
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (event, context) => {
      logger.appendKeys({ route: `${event.httpMethod} ${event.resource}` });
      try {
        const impl = impls[`${event.httpMethod} ${event.resource}`];
        if (!impl) return json(404, errorBody('not_found', 'No such route.'));
        const reply = await impl.run(event, impl.access, rolesOfRoute(`${event.httpMethod} ${event.resource}`), opts.adminCheck);
        return json(reply.statusCode ?? 200, reply.body ?? null, reply.headers);
      } catch (err) {
        return errorReply(err, context.awsRequestId);
      }
    });
}
