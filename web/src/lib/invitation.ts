/**
 * A team invitation the visitor followed (issue 14: the e-mailed `/invite?token=…&shop=…` link), kept
 * in sessionStorage while they sign in or create their account: the sign-in that follows accepts it
 * (lib/session-state.ts), and the sign-up page knows which shop they are joining.
 */
export interface StoredInvitation {
  token: string;
  /** The shop's name as the link gave it: shown, never trusted (the server decides what is joined). */
  shop: string;
}

const KEY = 'seller-portal.invitation';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function rememberInvitation(invitation: StoredInvitation): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(invitation));
  } catch {
    // Blocked storage: the invite page still accepts for a signed-in visitor.
  }
}

export function storedInvitation(): StoredInvitation | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredInvitation>;
    return typeof value.token === 'string' && TOKEN.test(value.token) ? { token: value.token, shop: typeof value.shop === 'string' ? value.shop.slice(0, 200) : '' } : null;
  } catch {
    return null;
  }
}

export function forgetInvitation(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored then.
  }
}

export const isInvitationToken = (value: string | null): value is string => value !== null && TOKEN.test(value);
