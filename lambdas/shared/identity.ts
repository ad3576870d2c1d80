/**
 * The caller's Cognito identity-pool id: the `<region>:<uuid>` under which the browser uploads
 * product images (`private/<identityId>/...`, lib/auth.ts). The products API needs it to accept
 * only the caller's own uploads.
 */
import { CognitoIdentityClient, GetIdCommand, NotAuthorizedException } from '@aws-sdk/client-cognito-identity';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { localIdentityId } from '../../contracts/buckets';
import type { VendorCaller } from './auth';
import { dynamo } from './clients';
import { env } from './env';
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

/** The counters-table item caching a vendor's identity id (listings may write counters, not vendors). */
export const identityCacheName = (vendorId: string): string => `identity#${vendorId}`;

interface IdentityCacheItem {
  name: string;
  identityId: string;
  /** The pool the id belongs to: an id of a replaced pool is not the caller's any more. */
  identityPoolId: string;
}

/**
 * In the cloud (IDENTITY_POOL_ID set): Cognito's GetId for the caller's ID token — the same call
 * Amplify makes in the browser, so both arrive at the same id. It is an unauthenticated Cognito
 * API (no IAM permission involved). The answer is cached in the counters table
 * (`identity#<vendorId>`: identityId, identityPoolId), so GetId runs once per vendor and pool; a
 * cached id of another pool (the pool was replaced) is ignored and replaced. Locally there is no
 * identity pool: the id is derived from the user's sub exactly as the web's local credentials
 * provider derives it.
 */
export async function callerIdentityId(event: APIGatewayProxyEvent, caller: VendorCaller): Promise<string> {
  const identityPoolId = env.identityPoolId();
  if (!identityPoolId) return localIdentityId(env.awsRegion(), caller.userId);

  const name = identityCacheName(caller.vendor.vendorId);
  const cached = (await dynamo.send(new GetCommand({ TableName: tableName('counters'), Key: { name } }))).Item as Partial<IdentityCacheItem> | undefined;
  if (cached?.identityPoolId === identityPoolId && typeof cached.identityId === 'string' && cached.identityId) return cached.identityId;

  const token = bearerToken(event);
  if (!token) throw new UnauthorizedError();
  let identityId: string | undefined;
  try {
    const out = await identityClient().send(
      new GetIdCommand({
        IdentityPoolId: identityPoolId,
        Logins: { [`cognito-idp.${env.awsRegion()}.amazonaws.com/${env.userPoolId()}`]: token },
      }),
    );
    identityId = out.IdentityId;
  } catch (err) {
    // The token expired between the authorizer and this call: the client signs in again.
    if (err instanceof NotAuthorizedException) throw new UnauthorizedError();
    throw err;
  }
  if (!identityId) throw new Error('Cognito GetId answered without an identity id');
  await rememberIdentityId({ name, identityId, identityPoolId });
  return identityId;
}

/**
 * Write-once per pool: never overwrites an id of the current pool (a concurrent first request may
 * have stored it already; it is the same id), only one of a replaced pool.
 */
async function rememberIdentityId(item: IdentityCacheItem): Promise<void> {
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName('counters'),
        Item: item,
        ConditionExpression: 'attribute_not_exists(#name) OR #pool <> :pool',
        ExpressionAttributeNames: { '#name': 'name', '#pool': 'identityPoolId' },
        ExpressionAttributeValues: { ':pool': item.identityPoolId },
      }),
    );
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return;
    // Only a cache: the answer is right without it, and the next request tries again.
    logger.warn('could not cache the identity id', { error: err as Error });
  }
}
