/**
 * How a session comes to be (lib/session.tsx holds it for the app): the vendor record decides who may
 * stay signed in (approved vendors only), a reload restores it from the stored ID token or Amplify, and
 * a refused or failed sign-in leaves a notice for the login page.
 */
import { switchLanguage } from '../i18n/i18n';
import { rememberLanguage } from '../i18n/language';
import { ApiError } from './api';
import { authErrorName, hasStoredSession, loadAuth, storedIdToken, type AuthModule } from './auth-client';
import type { Role } from '@contracts/me';
import { acceptInvitation, getMe, type Me } from './me-api';
import { forgetInvitation, storedInvitation } from './invitation';
import type { MemberRole } from '@contracts/team-roles';
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
  | { kind: 'token-unavailable' }
  /** A team member the owner removed (issue 14): the API refuses them from then on. */
  | { kind: 'membership-ended' }
  /** Signed in from an invitation link, but the invitation could not be accepted (the API's error code). */
  | { kind: 'invitation-failed'; code: string };

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
  /** The user's role in the shop's team (issue 14): what the navigation shows and the pages open. */
  memberRole: MemberRole | null;
  /** Set once, when this sign-in accepted a team invitation: the header welcomes the new member. */
  joined: { vendorName: string; role: MemberRole } | null;
  idToken: string | null;
  notice: SessionNotice | null;
}

export const signedOut = (notice: SessionNotice | null = null): SessionState => ({
  status: 'signed-out',
  user: null,
  roles: [],
  vendorId: null,
  vendorName: null,
  memberRole: null,
  joined: null,
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

/** Signs Amplify out and forgets the stored vendor id: the signed-out state, with the notice the login page gives (if any). */
export async function endSession(notice: SessionNotice | null = null): Promise<SessionState> {
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

export async function identityFromAmplify(auth: AuthModule): Promise<Identity> {
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
export async function resolveSession({ userId, email, idToken }: Identity): Promise<SessionState> {
  let me: Me;
  let joined: SessionState['joined'] = null;
  try {
    me = await getMe();
  } catch (err) {
    if (err instanceof ApiError && err.status === 404 && !storedInvitation()) {
      console.warn(`Vendor not found for user ${userId}`);
      return endSession({ kind: 'no-record' });
    }
    if (err instanceof ApiError && err.code === 'membership_ended' && !storedInvitation()) return endSession({ kind: 'membership-ended' });
    if (!(err instanceof ApiError && (err.status === 404 || err.code === 'membership_ended'))) throw err;
    me = { userId, email, groups: [], roles: [], status: null, vendorId: null, vendorName: null, language: null, payoutAccountId: null, memberRole: null, accountHolder: false };
  }
  // Signed in from an invitation link (issue 14) by someone without a shop of their own: signing in
  // with the invited address accepts it, and they enter as the new member.
  const invitation = storedInvitation();
  if (invitation && vendorAccessFor(me).kind !== 'approved') {
    forgetInvitation();
    try {
      const accepted = await acceptInvitation(invitation.token);
      joined = { vendorName: accepted.vendorName, role: accepted.role };
      me = await getMe();
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) return endSession({ kind: 'invitation-failed', code: err.code });
      throw err;
    }
  }
  const access = vendorAccessFor(me);
  const admin = me.roles.includes('admin');
  // (No record without the admin role does not reach here: the server answers it 404, above.)
  if (access.kind === 'no-record' && !admin) return endSession({ kind: 'no-record' });
  if (access.kind !== 'approved' && !admin) return endSession(access);
  const vendor = access.kind === 'approved' ? access : null;
  storeVendorId(vendor?.vendorId ?? null);
  if (vendor) {
    // The profile's language wins, and this device remembers it for its signed-out pages (issue 24, item 13).
    rememberLanguage(vendor.language);
    await switchLanguage(vendor.language).catch((err: unknown) => console.error('Could not apply the stored language', err));
  }
  return {
    status: 'signed-in',
    user: { userId, email },
    roles: me.roles,
    vendorId: vendor?.vendorId ?? null,
    vendorName: vendor?.vendorName ?? null,
    memberRole: vendor ? me.memberRole : null,
    joined,
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
export async function restoreSession(): Promise<SessionState> {
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
