import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { i18n, switchLanguage } from '../i18n/i18n';
import { DEFAULT_LANGUAGE, languageToApply, type Language } from '../i18n/language';
import { ApiError } from './api';
import { authErrorName, hasStoredSession, loadAuth, storedIdToken, type AuthModule } from './auth-client';
import { getMe, saveMyLanguage, type Me } from './me-api';
import { saveWithRetryOnce } from './save-with-retry';
import { signInErrorFor, type SignInError } from './sign-in-errors';
import { vendorAccessFor } from './vendor-access';

/** localStorage key of the signed-in vendor's id (spec §3: "The vendor id is also kept in local browser storage"). */
export const VENDOR_ID_STORAGE_KEY = 'vendorId';

export interface SessionUser {
  userId: string;
  email: string;
}

/** Why a user who signed in is signed out again; the login page explains it. */
export type SessionNotice =
  | { kind: 'pending' }
  | { kind: 'rejected'; reason?: string }
  | { kind: 'no-record' }
  | { kind: 'not-ready' }
  | { kind: 'load-failed' }
  /** Signed out because a call found no signed-in user or no vendor id (spec §8). */
  | { kind: 'session-expired' }
  /** Signed out because no ID token could be had for a call (spec §8). */
  | { kind: 'token-unavailable' };

export interface SessionState {
  /** loading: a stored session is being restored; signed-in: an approved vendor. */
  status: 'loading' | 'signed-out' | 'signed-in';
  user: SessionUser | null;
  vendorId: string | null;
  vendorName: string | null;
  idToken: string | null;
  notice: SessionNotice | null;
}

export type SignInResult = { kind: 'signed-in' } | { kind: 'refused'; notice: SessionNotice } | { kind: 'error'; error: SignInError };

export interface Session extends SessionState {
  loading: boolean;
  language: Language;
  signIn(email: string, password: string): Promise<SignInResult>;
  /** Signs out; with a notice, the login page then says why (e.g. the session expired during a call). */
  signOut(notice?: SessionNotice): Promise<void>;
  /** Applies a language; when a vendor is signed in also saves it (PATCH /api/me, retried once, then only logged). */
  changeLanguage(language: Language): Promise<void>;
  /** An anonymous visitor's switch: applied locally, never saved. */
  changeLanguageLocally(language: Language): Promise<void>;
}

const signedOut = (notice: SessionNotice | null = null): SessionState => ({
  status: 'signed-out',
  user: null,
  vendorId: null,
  vendorName: null,
  idToken: null,
  notice,
});

function storeVendorId(vendorId: string | null): void {
  try {
    if (vendorId) localStorage.setItem(VENDOR_ID_STORAGE_KEY, vendorId);
    else localStorage.removeItem(VENDOR_ID_STORAGE_KEY);
  } catch {
    // Blocked storage only loses the convenience copy; the session itself lives in memory.
  }
}

async function refuse(notice: SessionNotice): Promise<SessionState> {
  try {
    const { auth } = await loadAuth();
    await auth.signOut();
  } catch (err) {
    console.error('Sign-out failed', err);
  }
  storeVendorId(null);
  return signedOut(notice);
}

/** Who is signed in, from Amplify (after a sign-in, or when the stored token is not fresh enough to use). */
interface Identity {
  userId: string;
  email: string;
  idToken: string;
}

async function identityFromAmplify(auth: AuthModule): Promise<Identity> {
  const { userId, signInDetails } = await auth.getCurrentUser();
  const idToken = (await auth.fetchAuthSession()).tokens?.idToken;
  if (!idToken) throw new ApiError(401, 'unauthenticated', 'No ID token in the session.');
  const email = typeof idToken.payload.email === 'string' ? idToken.payload.email : (signInDetails?.loginId ?? '');
  return { userId, email, idToken: idToken.toString() };
}

/**
 * After a sign-in or on restore: reads the vendor record and decides (spec §4). Approved: the session
 * gets the vendor id and name, the id is stored and the stored language applied. Pending or rejected:
 * signed out at once. No record: the spec's warning, then signed out too (the portal has nothing to
 * show a user without a vendor record, see docs/decisions.md).
 */
async function resolveSession({ userId, email, idToken }: Identity): Promise<SessionState> {
  let me: Me;
  try {
    me = await getMe();
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      console.warn(`Vendor not found for user ${userId}`);
      return refuse({ kind: 'no-record' });
    }
    throw err;
  }
  const access = vendorAccessFor(me);
  if (access.kind !== 'approved') return refuse(access);
  storeVendorId(access.vendorId);
  await switchLanguage(access.language).catch((err: unknown) => console.error('Could not apply the stored language', err));
  return {
    status: 'signed-in',
    user: { userId, email },
    vendorId: access.vendorId,
    vendorName: access.vendorName,
    idToken,
    notice: null,
  };
}

const isAuthFailure = (err: unknown) =>
  (err instanceof ApiError && err.status === 401) || ['UserUnAuthenticatedException', 'NotAuthorizedException'].includes(authErrorName(err) ?? '');

/**
 * Restores the session Amplify kept in localStorage (a reload or a new tab). While the stored ID token
 * is fresh, the vendor record is asked for with it at once and Amplify is not loaded at all (its code
 * is the largest download between the page's first paint and its content); otherwise Amplify restores
 * the session, refreshing the tokens.
 */
async function restoreSession(): Promise<SessionState> {
  const stored = storedIdToken();
  if (stored) {
    try {
      return await resolveSession({ userId: stored.userId, email: stored.email, idToken: stored.token });
    } catch (err) {
      // A token the API refused (revoked, or a clock far off): Amplify's own restore decides below.
      if (!isAuthFailure(err)) {
        console.error('Could not restore the session', err);
        return signedOut({ kind: 'load-failed' });
      }
    }
  }
  let auth: AuthModule;
  try {
    const loaded = await loadAuth();
    auth = loaded.auth;
    if (!hasStoredSession(loaded.config.userPoolClientId)) return signedOut();
  } catch (err) {
    console.error('Could not load the sign-in configuration', err);
    return signedOut({ kind: 'load-failed' });
  }
  try {
    return await resolveSession(await identityFromAmplify(auth));
  } catch (err) {
    if (isAuthFailure(err)) {
      // The stored session is no longer valid (e.g. the refresh token expired): clear it quietly.
      await auth.signOut().catch(() => undefined);
      storeVendorId(null);
      return signedOut();
    }
    console.error('Could not restore the session', err);
    return signedOut({ kind: 'load-failed' });
  }
}

const SessionContext = createContext<Session | null>(null);

const subscribeLanguage = (onChange: () => void) => {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
};
const currentLanguage = () => languageToApply(i18n.language);

export function SessionProvider({ children }: { children: ReactNode }) {
  // A first visitor has nothing stored: known to be signed out at once, without loading Amplify.
  const [restoring] = useState(() => hasStoredSession());
  const [state, setState] = useState<SessionState>(() => (restoring ? { ...signedOut(), status: 'loading' } : signedOut()));
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage, () => DEFAULT_LANGUAGE);

  useEffect(() => {
    if (!restoring) return;
    let active = true;
    void restoreSession().then((next) => {
      // A transition: the signed-in shell and page render in slices, not as one long task.
      if (active) startTransition(() => setState(next));
    });
    return () => {
      active = false;
    };
  }, [restoring]);

  const signIn = useCallback(async (email: string, password: string): Promise<SignInResult> => {
    setState((s) => (s.notice ? { ...s, notice: null } : s));
    let loaded: Awaited<ReturnType<typeof loadAuth>>;
    try {
      loaded = await loadAuth();
    } catch (err) {
      console.error('Could not load the sign-in configuration', err);
      return { kind: 'error', error: signInErrorFor(err) === 'config' ? 'config' : 'network' };
    }
    const { auth, config } = loaded;
    const attempt = () => auth.signIn({ username: email.trim(), password, options: { authFlowType: config.authFlowType } });
    try {
      let result: Awaited<ReturnType<typeof attempt>>;
      try {
        result = await attempt();
      } catch (err) {
        // A stale session left by another tab: replace it.
        if (authErrorName(err) !== 'UserAlreadyAuthenticatedException') throw err;
        await auth.signOut();
        result = await attempt();
      }
      if (!result.isSignedIn) {
        return { kind: 'error', error: result.nextStep.signInStep === 'CONFIRM_SIGN_UP' ? 'not-confirmed' : 'unsupported-step' };
      }
    } catch (err) {
      return { kind: 'error', error: signInErrorFor(err) };
    }
    let next: SessionState;
    try {
      next = await resolveSession(await identityFromAmplify(auth));
    } catch (err) {
      console.error('Could not load the vendor record after sign-in', err);
      next = await refuse({ kind: 'load-failed' });
    }
    setState(next);
    return next.status === 'signed-in' ? { kind: 'signed-in' } : { kind: 'refused', notice: next.notice ?? { kind: 'load-failed' } };
  }, []);

  const signOut = useCallback(async (notice?: SessionNotice) => {
    try {
      const { auth } = await loadAuth();
      await auth.signOut();
    } catch (err) {
      console.error('Sign-out failed', err);
    }
    storeVendorId(null);
    setState(signedOut(notice ?? null));
  }, []);

  const changeLanguageLocally = useCallback(async (next: Language) => {
    await switchLanguage(next).catch((err: unknown) => console.error('Could not switch the language', err));
  }, []);

  const signedInUser = state.status === 'signed-in' ? state.user : null;
  const changeLanguage = useCallback(
    async (next: Language) => {
      await changeLanguageLocally(next);
      if (!signedInUser) {
        console.warn('Language change kept locally: nobody is signed in.');
        return;
      }
      await saveWithRetryOnce('the language', () => saveMyLanguage(next));
    },
    [changeLanguageLocally, signedInUser],
  );

  const session = useMemo<Session>(
    () => ({ ...state, loading: state.status === 'loading', language, signIn, signOut, changeLanguage, changeLanguageLocally }),
    [state, language, signIn, signOut, changeLanguage, changeLanguageLocally],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** For tests that render a part of the app with a given session. */
export const SessionContextForTests = SessionContext;
