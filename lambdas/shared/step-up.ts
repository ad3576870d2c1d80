/**
 * Two-step sign-in checks on the server (issue 14, docs/decisions.md "Issue 14: two-step sign-in").
 *
 * - `requireRecentSecondStep`: sensitive changes (the payout method; the team, added by the merger)
 *   need TOTP on and a sign-in within the last 5 minutes. Whether TOTP is on is asked of Cognito
 *   (AdminGetUser), never taken from the request; the sign-in time is the verified ID token's
 *   `auth_time` (API Gateway's authorizer checked the signature; `claimsOf`).
 * - `requireAdminTotp`: the ops console refuses an admin without TOTP. Asked of Cognito too, with a
 *   short in-memory cache of the answer "on" per user (a console page makes several calls).
 *
 * Functions that use either declare `cognitoAdmin: ['cognito-idp:AdminGetUser']` (contracts/routes.ts).
 */
import { AdminGetUserCommand, CognitoIdentityProviderClient, type AdminGetUserCommandOutput } from '@aws-sdk/client-cognito-identity-provider';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { env } from './env';
import { ForbiddenError } from './errors';

/** How recent the sign-in with the second step must be for a sensitive change. */
export const STEP_UP_WINDOW_SECONDS = 5 * 60;
/** How long an admin's "TOTP is on" is believed without asking Cognito again. */
export const ADMIN_TOTP_CACHE_MS = 5 * 60 * 1000;

let cognito: CognitoIdentityProviderClient | undefined;
const idp = () => (cognito ??= new CognitoIdentityProviderClient({}));

/** Whether an AdminGetUser answer shows TOTP (software token MFA) on. */
export function totpOnIn(user: Pick<AdminGetUserCommandOutput, 'UserMFASettingList' | 'PreferredMfaSetting'>): boolean {
  return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA') || user.PreferredMfaSetting === 'SOFTWARE_TOKEN_MFA';
}

/** Asks Cognito whether the user (by sub or user name) has two-step sign-in with TOTP on. */
export async function totpIsOn(username: string): Promise<boolean> {
  const user = await idp().send(new AdminGetUserCommand({ UserPoolId: env.userPoolId(), Username: username }));
  return totpOnIn(user);
}

/** The verified ID token's `auth_time` (seconds since the epoch), or null when it has none. */
export function authTimeOf(event: APIGatewayProxyEvent): number | null {
  // As auth.ts claimsOf reads them (not imported: auth.ts imports this module).
  const authorizer = event.requestContext?.authorizer as { claims?: Record<string, unknown> } | null | undefined;
  const raw = authorizer?.claims?.auth_time;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isFinite(value) ? value : null;
}

/**
 * 403 `mfa_required` when the caller has no TOTP on; 403 `step_up_required` when their sign-in (the
 * token's `auth_time`) is older than 5 minutes (or unknown). Call before anything is written.
 */
export async function requireRecentSecondStep(caller: { userId: string }, event: APIGatewayProxyEvent, now: Date = new Date()): Promise<void> {
  if (!(await totpIsOn(caller.userId))) {
    throw new ForbiddenError('Turn on two-step sign-in first.', 'mfa_required');
  }
  const authTime = authTimeOf(event);
  const age = authTime === null ? Infinity : Math.floor(now.getTime() / 1000) - authTime;
  if (age > STEP_UP_WINDOW_SECONDS) {
    throw new ForbiddenError('Confirm it is you: sign in again with your password and two-step code.', 'step_up_required');
  }
}

const adminTotpSeen = new Map<string, number>();

/**
 * 403 `admin_mfa_required` for an admin without TOTP on. Only "on" is cached (for ADMIN_TOTP_CACHE_MS):
 * an admin who has just turned it on gets in at once; a reset by ops applies within the cache time.
 */
export async function requireAdminTotp(caller: { userId: string }, now: number = Date.now()): Promise<void> {
  const seen = adminTotpSeen.get(caller.userId);
  if (seen !== undefined && now - seen < ADMIN_TOTP_CACHE_MS) return;
  if (await totpIsOn(caller.userId)) {
    adminTotpSeen.set(caller.userId, now);
    return;
  }
  adminTotpSeen.delete(caller.userId);
  throw new ForbiddenError('Set up two-step sign-in to use the console.', 'admin_mfa_required');
}

/** Tests: forget the cached answers. */
export function forgetAdminTotpCache(): void {
  adminTotpSeen.clear();
}
