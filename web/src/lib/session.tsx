import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { i18n, switchLanguage } from '../i18n/i18n';
import { DEFAULT_LANGUAGE, languageToApply, rememberLanguage, type Language } from '../i18n/language';
import { MEMBERSHIP_ENDED_EVENT } from './api';
import { authErrorName, hasStoredSession, loadAuth } from './auth-client';
import { saveMyLanguage } from './me-api';
import { saveWithRetryOnce } from './save-with-retry';
import { signInErrorFor, totpCodeErrorFor, type SignInError, type TotpCodeError } from './sign-in-errors';
import { endSession, identityFromAmplify, resolveSession, restoreSession, signedOut, type SessionNotice, type SessionState } from './session-state';

export type { SessionNotice, SessionState, SessionUser } from './session-state';
export { ADMIN_HOME, VENDOR_ID_STORAGE_KEY } from './session-state';

export type SignInResult =
  | { kind: 'signed-in' }
  | { kind: 'refused'; notice: SessionNotice }
  | { kind: 'error'; error: SignInError }
  /** The password was right and the user has two-step sign-in on: `confirmTotpCode` finishes the sign-in. */
  | { kind: 'totp-required' };

export type TotpResult = { kind: 'signed-in' } | { kind: 'refused'; notice: SessionNotice } | { kind: 'error'; error: TotpCodeError };

export interface Session extends SessionState {
  loading: boolean;
  language: Language;
  signIn(email: string, password: string): Promise<SignInResult>;
  /** The second step of a sign-in that answered `totp-required`: the code from the authenticator app. */
  confirmTotpCode(code: string): Promise<TotpResult>;
  /** Signs out; with a notice, the login page then says why (e.g. the session expired during a call). */
  signOut(notice?: SessionNotice): Promise<void>;
  /** Applies a language; when a vendor is signed in also saves it (PATCH /api/me, retried once, then only logged). */
  changeLanguage(language: Language): Promise<void>;
  /** An anonymous visitor's switch: applied and remembered on this device, never saved to a profile. */
  changeLanguageLocally(language: Language): Promise<void>;
  /** Reads `/api/me` again (e.g. after accepting a team invitation while signed in). */
  refresh(): Promise<void>;
  /** Forgets the one-time welcome of a member who just joined. */
  dismissJoined(): void;
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

  /** After Cognito signed the user in: the vendor record and roles decide where they go. */
  const finishSignIn = useCallback(async (auth: Awaited<ReturnType<typeof loadAuth>>['auth']): Promise<{ kind: 'signed-in' } | { kind: 'refused'; notice: SessionNotice }> => {
    let next: SessionState;
    try {
      next = await resolveSession(await identityFromAmplify(auth));
    } catch (err) {
      console.error('Could not load the vendor record after sign-in', err);
      next = await endSession({ kind: 'load-failed' });
    }
    setState(next);
    return next.status === 'signed-in' ? { kind: 'signed-in' } : { kind: 'refused', notice: next.notice ?? { kind: 'load-failed' } };
  }, []);

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
        if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return { kind: 'totp-required' };
        return { kind: 'error', error: result.nextStep.signInStep === 'CONFIRM_SIGN_UP' ? 'not-confirmed' : 'unsupported-step' };
      }
    } catch (err) {
      return { kind: 'error', error: signInErrorFor(err) };
    }
    return finishSignIn(auth);
  }, [finishSignIn]);

  const confirmTotpCode = useCallback(async (code: string): Promise<TotpResult> => {
    let auth: Awaited<ReturnType<typeof loadAuth>>['auth'];
    try {
      auth = (await loadAuth()).auth;
      const result = await auth.confirmSignIn({ challengeResponse: code.replace(/\s/g, '') });
      if (!result.isSignedIn) return { kind: 'error', error: 'sign-in-expired' };
    } catch (err) {
      return { kind: 'error', error: totpCodeErrorFor(err) };
    }
    return finishSignIn(auth);
  }, [finishSignIn]);


  const signOut = useCallback(async (notice?: SessionNotice) => {
    setState(await endSession(notice ?? null));
  }, []);

  // Issue 14: the owner removed this member; any call the API refuses for it ends the session here.
  useEffect(() => {
    const ended = () => void endSession({ kind: 'membership-ended' }).then(setState);
    window.addEventListener(MEMBERSHIP_ENDED_EVENT, ended);
    return () => window.removeEventListener(MEMBERSHIP_ENDED_EVENT, ended);
  }, []);

  const refresh = useCallback(async () => {
    const current = state.user && state.idToken ? { userId: state.user.userId, email: state.user.email, idToken: state.idToken } : null;
    if (!current) return;
    const next = await resolveSession(current).catch(() => null);
    if (next) setState(next);
  }, [state.user, state.idToken]);

  const dismissJoined = useCallback(() => setState((s) => (s.joined ? { ...s, joined: null } : s)), []);

  // Every choice is remembered on the device (issue 24, item 13): the next page load starts in it.
  const changeLanguageLocally = useCallback(async (next: Language) => {
    rememberLanguage(next);
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
    () => ({ ...state, loading: state.status === 'loading', language, signIn, confirmTotpCode, signOut, changeLanguage, changeLanguageLocally, refresh, dismissJoined }),
    [state, language, signIn, confirmTotpCode, signOut, changeLanguage, changeLanguageLocally, refresh, dismissJoined],
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
