import type { APIGatewayProxyEvent, Context } from 'aws-lambda';

/** An API Gateway proxy event as the Cognito authorizer hands it on (claims are strings). */
export function apiEvent(
  method: string,
  resource: string,
  opts: { claims?: Record<string, string> | null; body?: string; query?: Record<string, string> } = {},
): APIGatewayProxyEvent {
  return {
    resource,
    path: resource,
    httpMethod: method,
    headers: {},
    multiValueHeaders: {},
    queryStringParameters: opts.query ?? null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: opts.body ?? null,
    isBase64Encoded: false,
    requestContext: {
      authorizer: opts.claims === null ? null : { claims: opts.claims ?? idClaims() },
      requestId: 'req-1',
    } as unknown as APIGatewayProxyEvent['requestContext'],
  };
}

export function idClaims(overrides: Record<string, string> = {}): Record<string, string> {
  return { sub: 'user-1', email: 'vendor@example.com', token_use: 'id', 'cognito:groups': 'vendors', ...overrides };
}

export const context = { awsRequestId: 'aws-req-1', functionName: 'test', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
