import { Readable } from 'node:stream';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { Access, ApiFunctionKey } from '../../contracts/routes';
import { assertAdminCheck, assertMatchesRouteTable, errorBody, errorReply, json, rolesOfRoute, type HandlerOptions, type RouteImpl } from './http';
import { logger } from './logger';

/**
 * What a streamed route's handler returns (through `route()` of ./http, which parses the query and
 * checks the caller first): the status and headers, and the body as chunks produced on demand.
 */
export interface StreamReply {
  statusCode?: number;
  headers: Record<string, string>;
  body: AsyncIterable<string | Buffer>;
}

/** What middy hands to `awslambda.HttpResponseStream.from` (status and headers) and pipes into the stream (body). */
interface StreamResult {
  statusCode: number;
  headers: Record<string, string>;
  body: Readable | string;
}

const isStreamReply = (body: unknown): body is AsyncIterable<string | Buffer> =>
  typeof body === 'object' && body !== null && Symbol.asyncIterator in body;

/**
 * The Lambda handler of an API function whose routes are streamed (`stream: true` in
 * contracts/routes.ts): API Gateway invokes it with InvokeWithResponseStream and passes the bytes on
 * as they come. Status and headers are sent first (`awslambda.HttpResponseStream.from`, via middy's
 * `streamifyResponse`), then the body is piped with back-pressure, so the next chunk is only
 * produced when the client has taken the previous one. Anything that fails before the first byte
 * — auth, a bad query, the first read — answers the usual JSON `{ error, message }` with its status;
 * a failure mid-stream can only abort the response (the client sees an incomplete download).
 * The local API server provides the same `awslambda` contract (scripts/local/api-server.ts).
 */
export function streamApiHandler(fn: ApiFunctionKey, impls: Record<string, RouteImpl & { access: Access }>, opts: HandlerOptions = {}) {
  assertMatchesRouteTable(fn, impls, { stream: true });
  assertAdminCheck(fn, impls, opts.adminCheck);
  return middy<APIGatewayProxyEvent, StreamResult, Error, Context>({ streamifyResponse: true })
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (event, context): Promise<StreamResult> => {
      logger.appendKeys({ route: `${event.httpMethod} ${event.resource}` });
      let result: APIGatewayProxyResult;
      try {
        const impl = impls[`${event.httpMethod} ${event.resource}`];
        if (!impl) {
          result = json(404, errorBody('not_found', 'No such route.'));
        } else {
          const reply = await impl.run(event, impl.access, rolesOfRoute(`${event.httpMethod} ${event.resource}`), opts.adminCheck);
          if (isStreamReply(reply.body)) {
            // Byte mode: an object-mode Readable would pull up to 16 chunks ahead of the client.
            return { statusCode: reply.statusCode ?? 200, headers: reply.headers ?? {}, body: Readable.from(withErrorLog(reply.body), { objectMode: false }) };
          }
          result = json(reply.statusCode ?? 200, reply.body ?? null, reply.headers);
        }
      } catch (err) {
        result = errorReply(err, context.awsRequestId);
      }
      return { statusCode: result.statusCode, headers: (result.headers ?? {}) as Record<string, string>, body: result.body };
    });
}

/** Logs a failure in the middle of a stream (the response is already under way; the error still aborts it). */
async function* withErrorLog(body: AsyncIterable<string | Buffer>): AsyncGenerator<string | Buffer> {
  try {
    yield* body;
  } catch (err) {
    logger.error('stream failed after the response started', { error: err as Error });
    throw err;
  }
}
