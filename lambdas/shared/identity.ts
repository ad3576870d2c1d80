/**
 * The caller's Cognito identity-pool id: the `<region>:<uuid>` under which the browser uploads
 * product images (`private/<identityId>/...`, lib/auth.ts). The products API needs it to accept
 * only the caller's own uploads.
 */
import { CognitoIdentityClient, GetIdCommand, NotAuthorizedException } from '@aws-sdk/client-cognito-identity';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { localIdentityId } from '../../lib/definitions/buckets';
import type { Caller } from './auth';
import { dynamo } from './clients';
import { UnauthorizedError } from './errors';
import { logger } from './logger';
import { tableName } from './tables';

let cognitoIdentity: CognitoIdentityClient | undefined;
const identityClient = () => (cognitoIdentity ??= new CognitoIdentityClient({}));

/** The raw ID token the authorizer verified (`Authorization: Bearer <token>`; header names are case-insensitive). */
export function bearerToken(event: APIGatewayProxyEvent): string | null {
  const entry = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization');
  const token = entry?.[1]?.replace(/^Bearer\s+/i, '').trim();
  return token || null;
}

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
};

/**
 * In the cloud (IDENTITY_POOL_ID set): Cognito's GetId for the caller's ID token — the same call
 * Amplify makes in the browser, so both arrive at the same id. It is an unauthenticated Cognito
 * API (no IAM permission involved); the result is cached on the vendor record (`identityId`,
 * written once) so it runs once per vendor. Locally there is no identity pool: the id is derived
 * from the user's sub exactly as the web's local credentials provider derives it.
 */
export async function callerIdentityId(event: APIGatewayProxyEvent, caller: Caller): Promise<string> {
  const cached = (caller.vendor as { identityId?: unknown } | null)?.identityId;
  if (typeof cached === 'string' && cached) return cached;

  const identityPoolId = process.env.IDENTITY_POOL_ID;
  if (!identityPoolId) return localIdentityId(required('AWS_REGION'), caller.userId);

  const token = bearerToken(event);
  if (!token) throw new UnauthorizedError();
  let identityId: string | undefined;
  try {
    const out = await identityClient().send(
      new GetIdCommand({
        IdentityPoolId: identityPoolId,
        Logins: { [`cognito-idp.${required('AWS_REGION')}.amazonaws.com/${required('USER_POOL_ID')}`]: token },
      }),
    );
    identityId = out.IdentityId;
  } catch (err) {
    // The token expired between the authorizer and this call: the client signs in again.
    if (err instanceof NotAuthorizedException) throw new UnauthorizedError();
    throw err;
  }
  if (!identityId) throw new Error('Cognito GetId answered without an identity id');
  if (caller.vendor) await rememberIdentityId(caller.userId, identityId);
  return identityId;
}

/** Write-once: a concurrent first request may have stored it already (it is the same id). */
async function rememberIdentityId(userId: string, identityId: string): Promise<void> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('vendors'),
        Key: { userId },
        UpdateExpression: 'SET identityId = :identityId',
        ConditionExpression: 'attribute_exists(userId) AND attribute_not_exists(identityId)',
        ExpressionAttributeValues: { ':identityId': identityId },
      }),
    );
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return;
    // Only a cache: the answer is right without it, and the next request tries again.
    logger.warn('could not cache the identity id on the vendor record', { error: err as Error });
  }
}
