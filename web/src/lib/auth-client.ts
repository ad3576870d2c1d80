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

/** The current ID token (refreshed by Amplify when expired, or always with forceRefresh); null when signed out. */
export async function getIdToken(forceRefresh = false): Promise<string | null> {
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

/** Amplify's error name (e.g. NotAuthorizedException), or undefined for anything else. */
export function authErrorName(err: unknown): string | undefined {
  return err instanceof Error ? err.name : undefined;
}

/** For tests: forget the loaded module. */
export function resetAuthForTests(): void {
  pending = undefined;
}
