/**
 * Two-step sign-in (TOTP) turned on or off, recorded and announced (issue 14; docs/decisions.md
 * "Issue 14: two-step sign-in"):
 * - `recordTwoStep`: the vendor turned it on or off in the browser (Amplify, with their own tokens) and
 *   the web then calls `POST /api/me/two-step`. The state is read from Cognito, never from the request;
 *   the vendor record's `mfaEnabled` and the security notice (`security_mfa_on` / `security_mfa_off`) are
 *   one transaction (`twoStepWrites`, lambdas/shared/two-step-record.ts), which a team's activity entry can join.
 * - `resetTwoStep`: ops turn it off for a user who lost their phone (`POST /api/admin/users/{userId}/mfa-reset`).
 */
import { AdminGetUserCommand, AdminSetUserMFAPreferenceCommand, CognitoIdentityProviderClient, InvalidParameterException, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { MfaResetAnswer } from '../../contracts/admin-mfa';
import type { TwoStepAnswer } from '../../contracts/me';
import { auditWrite, type Operator } from '../audit/record';
import { activityWrite } from '../activity/record';
import type { TransactItem } from '../notifications/record';
import type { Caller } from '../shared/auth';
import { dynamo } from '../shared/clients';
import { env } from '../shared/env';
import { NotFoundError } from '../shared/errors';
import { logger } from '../shared/logger';
import { totpIsOn, totpOnIn } from '../shared/step-up';
import { twoStepWrites } from '../shared/two-step-record';
import { getVendorByUserId, USER_ID_MAX } from '../shared/vendors';

export { twoStepWrites };

let cognito: CognitoIdentityProviderClient | undefined;
const idp = () => (cognito ??= new CognitoIdentityProviderClient({}));

/** `POST /api/me/two-step`: the caller's real state from Cognito, recorded when it changed. */
export async function recordTwoStep(caller: Caller, now: Date = new Date()): Promise<TwoStepAnswer> {
  const totp = await totpIsOn(caller.userId);
  // A user without a vendor record (an admin) has no record or inbox: the answer is the state alone.
  if (!caller.vendor) return { totp, changed: false };
  // Off is news only after a recorded "on" (the caller's own item: a member's, or the account
  // holder's vendor record): a vendor who never had it on is not told it went off (issue 24, item 7).
  const own = caller.membershipRecord ?? caller.vendor;
  if (!totp && (own as { mfaEnabled?: boolean }).mfaEnabled !== true) return { totp, changed: false };
  const at = now.toISOString();
  // A team member (issue 14) records it on their own item, not the shop's record; the shop's notice is
  // the account holder's own, so a member's change is told in the activity log only.
  const teamMember = caller.member !== null && !caller.member.accountHolder;
  const items = twoStepWrites({ userId: caller.userId, vendorId: caller.vendor.vendorId }, totp, 'vendor', at, { onlyIfChanged: true, notify: !teamMember });
  // The activity log (issue 14): MFA turned on or off, in the same transaction.
  if (caller.member && caller.vendor.vendorId) {
    items.push(activityWrite({ vendorId: caller.vendor.vendorId, actor: { userId: caller.userId, email: caller.email }, action: totp ? 'mfa.enabled' : 'mfa.disabled', at: now }));
  }
  try {
    await dynamo.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    // The recorded state is already this one: nothing changed, nothing to announce.
    if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return { totp, changed: false };
    throw err;
  }
  logger.info('two-step sign-in recorded', { userId: caller.userId, totp });
  return { totp, changed: true };
}

/**
 * Ops reset: Cognito first (turning TOTP off is idempotent), then one transaction with the audit entry,
 * the vendor record's state and the vendor's notice. Cognito is not part of a DynamoDB transaction: if
 * the transaction fails after Cognito turned it off, the operator's retry finds it off already
 * (`wasOn` false), turns it off again (a no-op) and writes the entry then; the notice is still sent while
 * the vendor record says it was on — and only then or when Cognito had it on: a vendor who never had it
 * on gets no "turned off" notice (issue 24, item 7). A user unknown to Cognito is 404 `user_not_found`.
 */
export async function resetTwoStep(userId: string, reason: string, operator: Operator, now: Date = new Date()): Promise<MfaResetAnswer> {
  if (!userId || userId.length > USER_ID_MAX) throw new NotFoundError(`No user ${userId.slice(0, 64)}`, 'user_not_found');
  let wasOn: boolean;
  try {
    wasOn = totpOnIn(await idp().send(new AdminGetUserCommand({ UserPoolId: env.userPoolId(), Username: userId })));
  } catch (err) {
    // A user name Cognito refuses outright (not a name it could have issued) names nobody either.
    if (err instanceof UserNotFoundException || err instanceof InvalidParameterException) throw new NotFoundError(`No user ${userId.slice(0, 64)}`, 'user_not_found');
    throw err;
  }
  await idp().send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: env.userPoolId(), Username: userId, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }));
  const record = await getVendorByUserId(userId);
  const at = now.toISOString();
  const items: TransactItem[] = [
    auditWrite({ actor: operator, action: 'mfa.reset', target: { type: 'user', id: userId }, vendorId: record?.vendorId ?? record?.userId ?? null, before: { totp: wasOn }, after: { totp: false }, reason, at }),
  ];
  if (record) items.push(...twoStepWrites(record, false, 'operations', at, { onlyIfChanged: false, notify: wasOn || record.mfaEnabled === true }));
  await dynamo.send(new TransactWriteCommand({ TransactItems: items }));
  logger.info('two-step sign-in reset by operations', { userId, operator: operator.email, wasOn });
  return { userId, totp: false, wasOn };
}
