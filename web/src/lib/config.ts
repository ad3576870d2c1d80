import type { ResourcesConfig } from 'aws-amplify';
import type { WebConfig } from '@contracts/web-config';
import { isEmail } from '@contracts/email';

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

/** Validates the `/config.json` contract (contracts/web-config.ts); throws ConfigError naming the bad field. */
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
  if (raw.supportEmail !== undefined) {
    if (typeof raw.supportEmail !== 'string' || !isEmail(raw.supportEmail)) throw new ConfigError('/config.json: supportEmail must be an e-mail address');
    config.supportEmail = raw.supportEmail;
  }
  if (raw.local !== undefined) {
    if (typeof raw.local !== 'object' || raw.local === null) throw new ConfigError('/config.json: local must be an object');
    const local = raw.local as Record<string, unknown>;
    config.local = { userPoolEndpoint: str(local, 'userPoolEndpoint', 'local.'), s3Endpoint: str(local, 's3Endpoint', 'local.') };
  }
  return config;
}

let pending: Promise<WebConfig> | undefined;
let loaded: WebConfig | undefined;

/** The config once it is loaded (a signed-in page has it: the session read it), else undefined. */
export function loadedConfig(): WebConfig | undefined {
  return loaded;
}

/** Fetches and validates `/config.json` once per page load; a failed load may be retried. */
export function loadConfig(): Promise<WebConfig> {
  pending ??= (async () => {
    const res = await fetch('/config.json', { headers: { accept: 'application/json' } });
    if (!res.ok) throw new ConfigError(`/config.json answered ${res.status}`);
    return (loaded = parseWebConfig(await res.json()));
  })().catch((err: unknown) => {
    pending = undefined;
    throw err;
  });
  return pending;
}

/** For tests: forget the loaded config. */
export function resetConfigForTests(): void {
  pending = undefined;
  loaded = undefined;
}

/** Whether uploads use the local credentials provider (lib/amplify-local.ts): the local stack has no identity pool. */
export const usesLocalCredentials = (config: WebConfig): boolean => Boolean(config.local) && !config.identityPoolId;

/**
 * The Amplify configuration for a WebConfig (applied lazily by lib/amplify.ts): the user pool, the
 * identity pool in the cloud (it gives a signed-in vendor S3 credentials for `private/<identityId>/`
 * only), and the product-images bucket for Amplify Storage, reached through s3rver locally.
 */
export function amplifyConfigFor(config: WebConfig): ResourcesConfig {
  const userPool = {
    userPoolId: config.userPoolId,
    userPoolClientId: config.userPoolClientId,
    // Locally Amplify talks to cognito-local through this endpoint; absent in the cloud.
    ...(config.local?.userPoolEndpoint ? { userPoolEndpoint: config.local.userPoolEndpoint } : {}),
    loginWith: { email: true },
  };
  const Storage = {
    S3: {
      bucket: config.productImagesBucket,
      region: config.region,
      ...(config.local ? { dangerouslyConnectToHttpEndpointForTesting: 'true' } : {}),
    },
  };
  return config.identityPoolId
    ? { Auth: { Cognito: { ...userPool, identityPoolId: config.identityPoolId } }, Storage }
    : { Auth: { Cognito: userPool }, Storage };
}
