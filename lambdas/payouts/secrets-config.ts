/**
 * The worker's cloud `ConfigSource`: the e-mail payout provider's base URL and API key from a
 * Secrets Manager secret (env `PAYOUT_PROVIDER_SECRET_ARN`), JSON `{ "baseUrl": "...", "apiKey": "..." }`.
 * Read once per container and kept for `ttlMs` (5 minutes), so a rotated key is picked up without a
 * deploy; a failed read is not cached. Locally `envConfigSource` (provider.ts) is used instead.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { ConfigSource, EmailProviderConfig } from './provider';

export const SECRET_CACHE_TTL_MS = 5 * 60_000;

/** Parses the secret string; the message never contains the secret's content. */
export function parseProviderSecret(text: string | undefined): EmailProviderConfig {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    throw new Error('The payout provider secret is not JSON: set it to {"baseUrl": "https://...", "apiKey": "..."} (docs/operations.md)');
  }
  const { baseUrl, apiKey } = (value ?? {}) as { baseUrl?: unknown; apiKey?: unknown };
  if (typeof baseUrl !== 'string' || !/^https?:\/\/\S+$/.test(baseUrl) || typeof apiKey !== 'string' || apiKey === '') {
    throw new Error('The payout provider secret needs "baseUrl" (an http(s) URL) and "apiKey" (docs/operations.md)');
  }
  return { baseUrl, apiKey };
}

export interface SecretsConfigOptions {
  client?: SecretsManagerClient;
  ttlMs?: number;
  now?: () => number;
}

export function secretsManagerConfigSource(secretArn: string, opts: SecretsConfigOptions = {}): ConfigSource {
  const client = opts.client ?? new SecretsManagerClient({});
  const ttl = opts.ttlMs ?? SECRET_CACHE_TTL_MS;
  const now = opts.now ?? Date.now;
  let cached: { at: number; value: Promise<EmailProviderConfig> } | undefined;
  return {
    emailProvider() {
      if (cached && now() - cached.at < ttl) return cached.value;
      const value = client.send(new GetSecretValueCommand({ SecretId: secretArn })).then((out) => parseProviderSecret(out.SecretString));
      const entry = { at: now(), value };
      cached = entry;
      // A failed read is retried on the next call rather than remembered.
      value.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return value;
    },
  };
}

const perContainer = new Map<string, ConfigSource>();

/** One source per secret and container (the worker builds its dependencies per invocation). */
export function cachedSecretsConfigSource(secretArn: string): ConfigSource {
  let source = perContainer.get(secretArn);
  if (!source) {
    source = secretsManagerConfigSource(secretArn);
    perContainer.set(secretArn, source);
  }
  return source;
}
