import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { parseProviderSecret, secretsManagerConfigSource } from '../../../lambdas/payouts/secrets-config';
import { defaultWorkerDeps } from '../../../lambdas/payouts/worker-handler';

const ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:payout-provider-AbCdEf';
const sm = mockClient(SecretsManagerClient);
const secret = { baseUrl: 'https://payouts.example.com', apiKey: 'sk_live_123' };

beforeEach(() => sm.reset());

describe('the worker\'s Secrets Manager config source', () => {
  it('reads { baseUrl, apiKey } from the secret once per container, then again after the cache time', async () => {
    sm.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify(secret) });
    // The Parameters utility keeps its own clock (Date.now): the cache time is 1 s, the clock is faked.
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    try {
      const source = secretsManagerConfigSource(ARN, { client: new SecretsManagerClient({ region: 'us-east-1' }), maxAgeSeconds: 1 });
      expect(await source.emailProvider()).toEqual(secret);
      vi.setSystemTime(999);
      expect(await source.emailProvider()).toEqual(secret);
      expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
      expect(sm.commandCalls(GetSecretValueCommand)[0]?.args[0].input).toEqual({ SecretId: ARN });
      // Expired once the age exceeds maxAge (Powertools compares strictly).
      vi.setSystemTime(1001);
      await source.emailProvider();
      expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not remember a failed read', async () => {
    sm.on(GetSecretValueCommand).rejectsOnce(new Error('throttled')).resolves({ SecretString: JSON.stringify(secret) });
    const source = secretsManagerConfigSource(ARN, { client: new SecretsManagerClient({ region: 'us-east-1' }) });
    await expect(source.emailProvider()).rejects.toThrow('throttled');
    expect(await source.emailProvider()).toEqual(secret);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('rejects the generated placeholder and malformed secrets without echoing them', () => {
    expect(() => parseProviderSecret('{"baseUrl":"https://example.invalid"}')).toThrow(/"apiKey"/);
    expect(() => parseProviderSecret('{"baseUrl":"ftp://x","apiKey":"k"}')).toThrow(/baseUrl/);
    expect(() => parseProviderSecret('not json sk_live_123')).toThrow(/not JSON/);
    expect(() => parseProviderSecret('not json sk_live_123')).not.toThrow(/sk_live_123/);
    expect(() => parseProviderSecret(undefined)).toThrow(/not JSON/);
  });

  it('is what the worker uses when PAYOUT_PROVIDER_SECRET_ARN is set (env config otherwise)', async () => {
    sm.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify(secret) });
    const calls: string[] = [];
    const fetchSpy = globalThis.fetch;
    globalThis.fetch = (async (url: URL | string, init?: RequestInit) => {
      calls.push(`${String(url)} ${(init?.headers as Record<string, string>).authorization}`);
      return new Response(JSON.stringify({ id: 'po_1', status: 'succeeded' }), { status: 200 });
    }) as typeof fetch;
    try {
      const deps = defaultWorkerDeps({ PAYOUT_PROVIDER_SECRET_ARN: ARN });
      const account = { vendorId: 'V-10001', method: 'email', email: 'a@example.com', payoutAccountId: 'PA-1' } as never;
      await deps.providers.email?.pay({ payoutId: 'P-V-10001-2026-11-2', amountCents: 4900, account });
      expect(calls).toEqual(['https://payouts.example.com/v1/payouts Bearer sk_live_123']);
    } finally {
      globalThis.fetch = fetchSpy;
    }
  });
});
