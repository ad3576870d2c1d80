import type * as AmplifyAuth from './amplify';
import { loadConfig, type WebConfig } from './config';

/** The lazily loaded Amplify Auth functions (lib/amplify.ts). A type-only import: no code is pulled in. */
export type AuthModule = typeof AmplifyAuth;

let pending: Promise<{ auth: AuthModule; config: WebConfig }> | undefined;

/** Loads Amplify Auth on first use and configures it from /config.json (see lib/amplify.ts). */
export function loadAuth(): Promise<{ auth: AuthModule; config: WebConfig }> {
  pending ??= Promise.all([loadConfig(), import('./amplify')])
    .then(([config, auth]) => {
      auth.configureAmplify(config);
      return { auth, config };
    })
    .catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
  return pending;
}

/**
 * The current ID token (refreshed by Amplify when expired, or always with forceRefresh); null when
 * signed out. While the token Amplify stored is good for a few more minutes it is used as it is, so a
 * signed-in page's API calls do not wait for Amplify's code (~38 KB gzip) to download and start.
 */
export async function getIdToken(forceRefresh = false): Promise<string | null> {
  if (!forceRefresh) {
    const stored = storedIdToken();
    if (stored) return stored.token;
  }
  const { auth } = await loadAuth();
  const session = await auth.fetchAuthSession({ forceRefresh });
  return session.tokens?.idToken?.toString() ?? null;
}

const LAST_AUTH_USER = /^CognitoIdentityServiceProvider\.([^.]+)\.LastAuthUser$/;

/**
 * Whether Amplify left a signed-in user in localStorage (its key
 * `CognitoIdentityServiceProvider.<clientId>.LastAuthUser`). Checked synchronously at start, so a first
 * visitor is known to be signed out at once, without loading /config.json or Amplify.
 */
export function hasStoredSession(clientId?: string): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const match = LAST_AUTH_USER.exec(localStorage.key(i) ?? '');
      if (match && (clientId === undefined || match[1] === clientId)) return true;
    }
  } catch {
    // Storage can be blocked (privacy settings): then nothing was stored either.
  }
  return false;
}

/** What a stored ID token says of its user (unverified: the API verifies every token it is sent). */
export interface StoredIdToken {
  token: string;
  userId: string;
  email: string;
  /** Cognito groups (`cognito:groups`), e.g. ['admins']. */
  groups: string[];
  expiresAt: number;
}

/** A stored token closer than this to its expiry is left to Amplify, which refreshes it (and knows the clock drift). */
export const STORED_TOKEN_MARGIN_MS = 5 * 60_000;

function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const payload: unknown = JSON.parse(decodeURIComponent(Array.from(json, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The ID token Amplify kept in localStorage for the last signed-in user
 * (`CognitoIdentityServiceProvider.<clientId>.<username>.idToken`), read synchronously without Amplify,
 * when it is valid for at least STORED_TOKEN_MARGIN_MS more; null otherwise (then Amplify decides).
 */
export function storedIdToken(now = Date.now()): StoredIdToken | null {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      const match = LAST_AUTH_USER.exec(key);
      if (!match) continue;
      const username = localStorage.getItem(key);
      const token = username ? localStorage.getItem(`CognitoIdentityServiceProvider.${match[1]}.${username}.idToken`) : null;
      const payload = token ? decodeJwtPayload(token) : null;
      if (!token || !payload) return null;
      const { sub, email, exp } = payload;
      const groups = payload['cognito:groups'];
      if (typeof sub !== 'string' || typeof exp !== 'number' || exp * 1000 < now + STORED_TOKEN_MARGIN_MS) return null;
      return {
        token,
        userId: sub,
        email: typeof email === 'string' ? email : '',
        groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
        expiresAt: exp * 1000,
      };
    }
  } catch {
    // Blocked storage: nothing stored to use.
  }
  return null;
}

/** Amplify's error name (e.g. NotAuthorizedException), or undefined for anything else. */
export function authErrorName(err: unknown): string | undefined {
  return err instanceof Error ? err.name : undefined;
}

/** For tests: forget the loaded module. */
export function resetAuthForTests(): void {
  pending = undefined;
}
