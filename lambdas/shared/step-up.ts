/**
 * Two-step sign-in checks on the server (issue 14, docs/decisions.md "Issue 14: two-step sign-in").
 *
 * - `requireRecentSecondStep`: sensitive changes (the payout method; the team, added by the merger)
 *   need TOTP on and a sign-in within the last 5 minutes that happened after two-step sign-in was
 *   turned on (issue 24, item 2): a sign-in from before then was a password-only one, whatever Cognito
 *   says now. Whether TOTP is on is asked of Cognito (AdminGetUser), never taken from the request; when it
 *   went on is the caller's own record (`mfaChangedAt`, written server-side: two-step-record.ts); the
 *   sign-in time is the verified ID token's `auth_time` (API Gateway's authorizer checked the signature),
 *   which may not lie in the future beyond a small clock skew.
 * - `requireAdminTotp`: the ops console refuses an admin without TOTP. Asked of Cognito too, with a
 *   short in-memory cache of the answer "on" per user (a console page makes several calls).
 *
 * Functions that use either declare `cognitoAdmin: ['cognito-idp:AdminGetUser']` (contracts/routes.ts).
 */
import { AdminGetUserCommand, CognitoIdentityProviderClient, type AdminGetUserCommandOutput } from '@aws-sdk/client-cognito-identity-provider';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Caller } from './auth';
import { dynamo } from './clients';
import { env } from './env';
import { ForbiddenError } from './errors';
import { logger } from './logger';
import { twoStepWrites } from './two-step-record';

/** How recent the sign-in with the second step must be for a sensitive change. */
export const STEP_UP_WINDOW_SECONDS = 5 * 60;
/** How far in the future a token's `auth_time` may lie (clocks differ a little); beyond it the token is refused. */
export const AUTH_TIME_SKEW_SECONDS = 60;
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

/** The caller's own item (what their two-step state is recorded on): an account holder's vendor record, a member's membership item. */
type StepUpCaller = Pick<Caller, 'userId' | 'vendor' | 'member' | 'membershipRecord'>;
function ownRecord(caller: StepUpCaller): { mfaEnabled?: boolean; mfaChangedAt?: string } | null {
  return caller.member && !caller.member.accountHolder ? caller.membershipRecord : caller.vendor;
}

/** When two-step sign-in went on, as recorded (ms since the epoch); null when the record does not say it is on. */
export function twoStepOnSince(record: { mfaEnabled?: boolean; mfaChangedAt?: string } | null): number | null {
  if (record?.mfaEnabled !== true || typeof record.mfaChangedAt !== 'string') return null;
  const at = Date.parse(record.mfaChangedAt);
  return Number.isFinite(at) ? at : null;
}

const stepUpRequired = () => new ForbiddenError('Confirm it is you: sign in again with your password and two-step code.', 'step_up_required');

/**
 * 403 `mfa_required` when the caller has no TOTP on; 403 `step_up_required` when their sign-in (the
 * token's `auth_time`) is older than 5 minutes, unknown, in the future, or from before two-step sign-in
 * went on (or on again after a reset). Call before anything is written.
 *
 * Cognito saying "on" while the caller's record does not (the web never reported the set-up: a client
 * of Cognito's own API) is recorded here, now, with the security notice; this sign-in then does not count.
 */
export async function requireRecentSecondStep(caller: StepUpCaller, event: APIGatewayProxyEvent, now: Date = new Date()): Promise<void> {
  if (!(await totpIsOn(caller.userId))) {
    throw new ForbiddenError('Turn on two-step sign-in first.', 'mfa_required');
  }
  const authTime = authTimeOf(event);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (authTime === null || authTime > nowSeconds + AUTH_TIME_SKEW_SECONDS || nowSeconds - authTime > STEP_UP_WINDOW_SECONDS) throw stepUpRequired();
  let onSince = twoStepOnSince(ownRecord(caller));
  if (onSince === null) {
    await recordSeenOn(caller, now);
    onSince = now.getTime();
  }
  // `auth_time` is whole seconds rounded down: a sign-in is proven after the turn-on only when even the
  // start of its second is (a sign-in in the same second as the turn-on must sign in once more).
  if (authTime * 1000 < onSince) throw stepUpRequired();
}

/** Records "on since now" on the caller's own item, with the shop's notice (an account holder's). */
async function recordSeenOn(caller: StepUpCaller, now: Date): Promise<void> {
  const accountHolder = !caller.member || caller.member.accountHolder;
  const vendorId = caller.vendor?.vendorId;
  const items = twoStepWrites({ userId: caller.userId, vendorId }, true, 'vendor', now.toISOString(), { onlyIfChanged: true, notify: accountHolder && typeof vendorId === 'string' });
  try {
    await dynamo.send(new TransactWriteCommand({ TransactItems: items }));
    logger.warn('two-step sign-in found on without a record: recorded now', { userId: caller.userId });
  } catch (err) {
    // Recorded meanwhile (a concurrent call): its time is as late as this one's, and this sign-in is refused either way.
    if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return;
    throw err;
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
