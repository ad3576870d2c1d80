/**
 * The worker's cloud `ConfigSource`: the e-mail payout provider's base URL and API key from a
 * Secrets Manager secret (env `PAYOUT_PROVIDER_SECRET_ARN`), JSON `{ "baseUrl": "...", "apiKey": "..." }`.
 * Read through the Powertools Parameters utility (`SecretsProvider`, the provider behind
 * `getSecret`), which caches the value per container for `maxAgeSeconds` (5 minutes), so a rotated
 * key is picked up without a deploy; a failed read is not cached. Locally `envConfigSource`
 * (provider.ts) is used instead.
 */
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { ConfigSource, EmailProviderConfig } from './provider';

export const SECRET_MAX_AGE_SECONDS = 5 * 60;

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
  /** A Secrets Manager client of one's own (default: the provider makes one). */
  client?: SecretsManagerClient;
  maxAgeSeconds?: number;
}

/**
 * A source with its own provider, hence its own cache. The raw secret string is cached (not the
 * parsed config): a malformed secret fails every call with the same message until ops fix it,
 * and the fix is seen within `maxAgeSeconds`.
 */
export function secretsManagerConfigSource(secretArn: string, opts: SecretsConfigOptions = {}): ConfigSource {
  const provider = new SecretsProvider(opts.client ? { awsSdkV3Client: opts.client } : {});
  const maxAge = opts.maxAgeSeconds ?? SECRET_MAX_AGE_SECONDS;
  return {
    async emailProvider() {
      const value = await provider.get(secretArn, { maxAge });
      // A binary secret is not the JSON text the provider needs.
      return parseProviderSecret(typeof value === 'string' ? value : undefined);
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
