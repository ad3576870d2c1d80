import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { i18n, switchLanguage } from '../i18n/i18n';
import { DEFAULT_LANGUAGE, languageToApply, type Language } from '../i18n/language';
import { ApiError } from './api';
import { authErrorName, hasStoredSession, loadAuth, storedIdToken, type AuthModule } from './auth-client';
import type { Role } from '../../../contracts/me';
import { getMe, saveMyLanguage, type Me } from './me-api';
import { saveWithRetryOnce } from './save-with-retry';
import { signInErrorFor, type SignInError } from './sign-in-errors';
import { vendorAccessFor } from './vendor-access';

/** localStorage key of the signed-in vendor's id (spec §3: "The vendor id is also kept in local browser storage"). */
export const VENDOR_ID_STORAGE_KEY = 'vendorId';

/**
 * Where a signed-in admin lands (issue 13): the ops console. Here, not in app/, so that the lazy login
 * page importing it does not tie its chunk to the app's modules (that split the entry chunk).
 */
export const ADMIN_HOME = '/admin';

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
  /** loading: a stored session is being restored; signed-in: an approved vendor or an admin (issue 11). */
  status: 'loading' | 'signed-out' | 'signed-in';
  user: SessionUser | null;
  /**
   * What the signed-in user may open (contracts/me.ts): `vendor` the vendor pages, `admin` the ops
   * console at /admin. Empty while signed out.
   */
  roles: readonly Role[];
  /** Set for an approved vendor; null for an admin without a vendor record. */
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
  roles: [],
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
 * show a user without a vendor record, see docs/decisions.md). An admin (issue 11) is signed in
 * whatever their vendor record says, with the vendor id only if that record is approved: never told
 * "pending" or "no record".
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
  const admin = me.roles.includes('admin');
  // (No record without the admin role does not reach here: the server answers it 404, above.)
  if (access.kind !== 'approved' && !admin) return refuse(access);
  const vendor = access.kind === 'approved' ? access : null;
  storeVendorId(vendor?.vendorId ?? null);
  if (vendor) await switchLanguage(vendor.language).catch((err: unknown) => console.error('Could not apply the stored language', err));
  return {
    status: 'signed-in',
    user: { userId, email },
    roles: me.roles,
    vendorId: vendor?.vendorId ?? null,
    vendorName: vendor?.vendorName ?? null,
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
  // The language is saved on the vendor record: an admin without one keeps it locally.
  const hasVendorRecord = state.vendorId !== null;
  const changeLanguage = useCallback(
    async (next: Language) => {
      await changeLanguageLocally(next);
      if (!signedInUser) {
        console.warn('Language change kept locally: nobody is signed in.');
        return;
      }
      if (!hasVendorRecord) return;
      await saveWithRetryOnce('the language', () => saveMyLanguage(next));
    },
    [changeLanguageLocally, signedInUser, hasVendorRecord],
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
