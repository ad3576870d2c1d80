import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { handler } from '../../../lambdas/images/url-key-handler';
import { context } from '../events';

const sm = mockClient(SecretsManagerClient);
const SECRET = 'arn:aws:secretsmanager:ap-east-1:123456789012:secret:ImageUrlsPrivateKey-AbCdEf';

/** What CloudFormation was answered (the PUT to the response URL). */
let answers: { url: string; body: Record<string, unknown>; headers: Record<string, string> }[];
/** The secret as Secrets Manager keeps it. */
let stored: string;

beforeEach(() => {
  sm.reset();
  answers = [];
  stored = 'aRandomPlaceholderThePasswordGeneratorMade';
  sm.on(GetSecretValueCommand).callsFake(() => ({ SecretString: stored }));
  sm.on(PutSecretValueCommand).callsFake(({ SecretString }: { SecretString: string }) => {
    stored = SecretString;
    return {};
  });
  vi.stubGlobal('fetch', async (url: string, init: { method: string; body: string; headers: Record<string, string> }) => {
    expect(init.method).toBe('PUT');
    answers.push({ url, body: JSON.parse(init.body) as Record<string, unknown>, headers: init.headers });
    return new Response(null, { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const event = (requestType: 'Create' | 'Update' | 'Delete', properties: Record<string, unknown> = { SecretArn: SECRET }) =>
  ({
    RequestType: requestType,
    ServiceToken: 'arn:aws:lambda:ap-east-1:123456789012:function:KeyPairFunction',
    ResponseURL: 'https://cloudformation-custom-resource-response-apeast1.s3.ap-east-1.amazonaws.com/answer?X-Amz-Signature=abc',
    StackId: 'arn:aws:cloudformation:ap-east-1:123456789012:stack/SellerPortal-dev/1',
    RequestId: 'request-1',
    LogicalResourceId: 'ImageUrlsKeyPair',
    ResourceType: 'Custom::ImageUrlKeyPair',
    ResourceProperties: { ServiceToken: 'x', ...properties },
    ...(requestType === 'Create' ? {} : { PhysicalResourceId: SECRET, OldResourceProperties: { ServiceToken: 'x', SecretArn: SECRET } }),
  }) as unknown as CloudFormationCustomResourceEvent;

describe('the key pair of signed image URLs (a deploy-time custom resource)', () => {
  it('on the first deploy makes an RSA 2048 pair, keeps the private key in the secret, and answers the matching public key', async () => {
    await handler(event('Create'), context);
    expect(answers).toHaveLength(1);
    const [answer] = answers;
    expect(answer!.headers).toEqual({ 'content-type': '' });
    expect(answer!.body).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: SECRET, RequestId: 'request-1', LogicalResourceId: 'ImageUrlsKeyPair', StackId: expect.stringContaining('stack/') });
    const key = createPrivateKey(stored);
    expect([key.asymmetricKeyType, key.asymmetricKeyDetails?.modulusLength]).toEqual(['rsa', 2048]);
    // What CloudFront will check with matches what the API functions will sign with.
    const publicKeyPem = (answer!.body.Data as { PublicKeyPem: string }).PublicKeyPem;
    expect(publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const signature = sign('RSA-SHA1', Buffer.from('policy'), stored);
    expect(verify('RSA-SHA1', Buffer.from('policy'), createPublicKey(publicKeyPem), signature)).toBe(true);
    // The private key is in no answer.
    expect(JSON.stringify(answer!.body)).not.toContain('PRIVATE KEY');
  });

  it('every later deploy keeps the pair: the same public key, nothing written', async () => {
    await handler(event('Create'), context);
    const first = answers[0]!.body.Data;
    sm.resetHistory();
    await handler(event('Update'), context);
    expect(answers[1]!.body).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: SECRET, Data: first });
    expect(sm.commandCalls(PutSecretValueCommand)).toHaveLength(0);
  });

  it('replaces anything in the secret that is not an RSA 2048 private key', async () => {
    stored = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await handler(event('Update'), context);
    expect(createPrivateKey(stored).asymmetricKeyType).toBe('rsa');
    expect(answers[0]!.body.Status).toBe('SUCCESS');
  });

  it('delete answers success and touches nothing (the secret goes, or stays in prod, with its own resource)', async () => {
    await handler(event('Delete'), context);
    expect(answers[0]!.body).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: SECRET });
    expect(sm.calls()).toHaveLength(0);
  });

  it('answers FAILED with the reason when the secret cannot be read or no secret is named (the deploy stops and rolls back)', async () => {
    sm.on(GetSecretValueCommand).rejects(new Error('AccessDeniedException: not allowed'));
    await handler(event('Create'), context);
    expect(answers[0]!.body).toMatchObject({ Status: 'FAILED', Reason: 'AccessDeniedException: not allowed' });
    await handler(event('Create', {}), context);
    expect(answers[1]!.body).toMatchObject({ Status: 'FAILED', Reason: expect.stringContaining('SecretArn') });
  });
});
