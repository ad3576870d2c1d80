/**
 * The key pair CloudFront checks signed image URLs with (issue 23; lib/image-delivery.ts): the
 * function of a CloudFormation custom resource (`Custom::ImageUrlKeyPair`), run only while the stack
 * deploys. CDK cannot make a key pair itself, and a step by hand before the first deploy would be one
 * more thing to get wrong, so on create and update it looks at the secret the stack made for the
 * private key: when that already holds an RSA private key (every deploy after the first) it is kept;
 * otherwise (the first deploy: the secret holds the random string it was created with) a new RSA 2048
 * key pair is made (node:crypto; CloudFront takes RSA 2048) and its private key written into the
 * secret. Either way it answers the public key (PEM) as `PublicKeyPem`, which the stack gives
 * CloudFront's public key and key group, and the API functions read the private key from the
 * secret (lambdas/shared/image-urls.ts). Delete does nothing: the secret goes (or stays, in prod)
 * with its own resource. The private key never leaves the secret: not in the answer, not in a log.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { CloudFormationCustomResourceEvent, Context } from 'aws-lambda';
import { logger } from '../shared/logger';

const secrets = new SecretsManagerClient({});

/** What CloudFront accepts as a signing key: RSA, 2048 bits. */
const MODULUS_BITS = 2048;

export interface KeyPairAnswer {
  PublicKeyPem: string;
}

/** The RSA 2048 private key the secret holds, or null when it holds anything else (the first deploy's random string). */
function rsaKey(text: string | undefined): KeyObject | null {
  if (!text?.startsWith('-----BEGIN')) return null;
  try {
    const key = createPrivateKey(text);
    return key.asymmetricKeyType === 'rsa' && key.asymmetricKeyDetails?.modulusLength === MODULUS_BITS ? key : null;
  } catch {
    return null;
  }
}

/** The key pair: kept when the secret holds one, else made and stored. Answers the public key. */
export async function ensureKeyPair(secretArn: string): Promise<KeyPairAnswer> {
  const current = await secrets.send(new GetSecretValueCommand({ SecretId: secretArn }));
  let privateKey = rsaKey(current.SecretString);
  if (privateKey) {
    logger.info('image URL key pair kept', { secretArn });
  } else {
    privateKey = generateKeyPairSync('rsa', { modulusLength: MODULUS_BITS }).privateKey;
    await secrets.send(new PutSecretValueCommand({ SecretId: secretArn, SecretString: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }));
    logger.info('image URL key pair made; private key stored', { secretArn });
  }
  return { PublicKeyPem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString() };
}

/** CloudFormation's answer to a custom resource: a PUT of this JSON to the pre-signed `ResponseURL` (no content type: it is not signed). */
async function respond(event: CloudFormationCustomResourceEvent, status: 'SUCCESS' | 'FAILED', physicalResourceId: string, data: KeyPairAnswer | Record<string, never>, reason?: string): Promise<void> {
  const body = JSON.stringify({
    Status: status,
    Reason: reason ?? 'See the function log',
    PhysicalResourceId: physicalResourceId,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
    Data: data,
  });
  const res = await fetch(event.ResponseURL, { method: 'PUT', headers: { 'content-type': '' }, body });
  if (!res.ok) throw new Error(`CloudFormation's response URL answered ${res.status}`);
}

export async function handler(event: CloudFormationCustomResourceEvent, context: Context): Promise<void> {
  const secretArn = String(event.ResourceProperties.SecretArn ?? '');
  // The secret names the resource: the same secret, the same key pair (no replacement on update).
  const physicalResourceId = event.RequestType === 'Create' ? secretArn || context.logStreamName : event.PhysicalResourceId;
  try {
    if (event.RequestType === 'Delete') return await respond(event, 'SUCCESS', physicalResourceId, {});
    if (!secretArn.startsWith('arn:')) throw new Error('SecretArn (the secret for the private key) is missing');
    await respond(event, 'SUCCESS', physicalResourceId, await ensureKeyPair(secretArn));
  } catch (err) {
    logger.error('image URL key pair failed', { requestType: event.RequestType, error: err as Error });
    await respond(event, 'FAILED', physicalResourceId, {}, (err as Error).message);
  }
}
