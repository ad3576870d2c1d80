import type { ResourcesConfig } from 'aws-amplify';
import type { WebConfig } from '../../../lib/definitions/web-config';

export type { WebConfig };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const AUTH_FLOWS: readonly WebConfig['authFlowType'][] = ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH'];

function str(source: Record<string, unknown>, key: string, where = ''): string {
  const value = source[key];
  if (typeof value !== 'string' || value === '') throw new ConfigError(`/config.json: ${where}${key} must be a non-empty string`);
  return value;
}

/** Validates the `/config.json` contract (lib/definitions/web-config.ts); throws ConfigError naming the bad field. */
export function parseWebConfig(data: unknown): WebConfig {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new ConfigError('/config.json must be a JSON object');
  const raw = data as Record<string, unknown>;
  const authFlowType = raw.authFlowType;
  if (!AUTH_FLOWS.includes(authFlowType as WebConfig['authFlowType'])) {
    throw new ConfigError(`/config.json: authFlowType must be one of ${AUTH_FLOWS.join(', ')}`);
  }
  if (typeof raw.apiBaseUrl !== 'string') throw new ConfigError('/config.json: apiBaseUrl must be a string');
  const config: WebConfig = {
    region: str(raw, 'region'),
    userPoolId: str(raw, 'userPoolId'),
    userPoolClientId: str(raw, 'userPoolClientId'),
    authFlowType: authFlowType as WebConfig['authFlowType'],
    apiBaseUrl: raw.apiBaseUrl.replace(/\/+$/, ''),
    productImagesBucket: str(raw, 'productImagesBucket'),
    marketplaceTimeZone: str(raw, 'marketplaceTimeZone'),
  };
  if (raw.identityPoolId !== undefined) config.identityPoolId = str(raw, 'identityPoolId');
  if (raw.local !== undefined) {
    if (typeof raw.local !== 'object' || raw.local === null) throw new ConfigError('/config.json: local must be an object');
    const local = raw.local as Record<string, unknown>;
    config.local = { userPoolEndpoint: str(local, 'userPoolEndpoint', 'local.'), s3Endpoint: str(local, 's3Endpoint', 'local.') };
  }
  return config;
}

let pending: Promise<WebConfig> | undefined;

/** Fetches and validates `/config.json` once per page load; a failed load may be retried. */
export function loadConfig(): Promise<WebConfig> {
  pending ??= (async () => {
    const res = await fetch('/config.json', { headers: { accept: 'application/json' } });
    if (!res.ok) throw new ConfigError(`/config.json answered ${res.status}`);
    return parseWebConfig(await res.json());
  })().catch((err: unknown) => {
    pending = undefined;
    throw err;
  });
  return pending;
}

/** For tests: forget the loaded config. */
export function resetConfigForTests(): void {
  pending = undefined;
}

/** The Amplify configuration for a WebConfig (applied lazily by lib/amplify.ts). */
export function amplifyConfigFor(config: WebConfig): ResourcesConfig {
  const userPool = {
    userPoolId: config.userPoolId,
    userPoolClientId: config.userPoolClientId,
    // Locally Amplify talks to cognito-local through this endpoint; absent in the cloud.
    ...(config.local?.userPoolEndpoint ? { userPoolEndpoint: config.local.userPoolEndpoint } : {}),
    loginWith: { email: true },
  };
  return config.identityPoolId
    ? { Auth: { Cognito: { ...userPool, identityPoolId: config.identityPoolId } } }
    : { Auth: { Cognito: userPool } };
}
