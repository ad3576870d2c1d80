/**
 * The signed-in password change (POST /api/me/password, issue 12): Cognito's ChangePassword with the
 * caller's access token, then the "password changed" security notice in their inbox. The browser used
 * to call Amplify's updatePassword itself, so the server never knew (docs/decisions.md, "Vendor
 * notifications", password changes).
 */
import { randomUUID } from 'node:crypto';
import { ChangePasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { ChangePasswordBody } from '../../contracts/me';
import { recordNotification } from '../notifications/record';
import type { Caller } from '../shared/auth';
import { BadRequestError, ForbiddenError, TooManyRequestsError, UnauthorizedError, ValidationError, type HttpError } from '../shared/errors';
import { logger } from '../shared/logger';

let cognito: CognitoIdentityProviderClient | undefined;
/** Cognito's ChangePassword is authorized by the access token itself: the function needs no IAM grant for it. */
const idp = () => (cognito ??= new CognitoIdentityProviderClient({}));

/** The claims of a JWT, unverified (Cognito verifies the token when it is used); null if it is not a JWT. */
export function unverifiedClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The access token must be the caller's own: an access token (`token_use`) of the same user as the
 * verified ID token (`sub`; both tokens of a session carry the user's sub). Its signature and expiry
 * are Cognito's to check when ChangePassword uses it, so a forged token that passes here fails there;
 * this check stops a valid token of another user from being used under this caller's name, and the
 * notice from landing in the wrong inbox.
 */
export function assertOwnAccessToken(caller: Pick<Caller, 'userId'>, accessToken: string): void {
  const claims = unverifiedClaims(accessToken);
  if (!claims || claims.token_use !== 'access') throw new BadRequestError('The access token is not a Cognito access token.');
  if (claims.sub !== caller.userId) throw new ForbiddenError('The access token belongs to another user.');
}

/** Cognito's failures as the API's `{ error, message }` (Cognito's own words are English and kept as the message). */
export function changePasswordError(err: unknown): HttpError | null {
  const name = err instanceof Error ? err.name : '';
  const message = err instanceof Error ? err.message.trim() : '';
  switch (name) {
    case 'NotAuthorizedException':
      // A wrong previous password ("Incorrect username or password."); the same name with an
      // access-token message means the token is expired, revoked or not Cognito's.
      if (/access token/i.test(message)) return new UnauthorizedError('Your session has ended. Sign in again.');
      return new BadRequestError('The current password you entered is incorrect.', 'current_password_incorrect');
    case 'InvalidPasswordException':
      // Cognito: the new password breaks the pool's policy (the body was checked against it, so a rule
      // we do not know of). cognito-local answers a wrong previous password with this name, without
      // "policy" in its message.
      if (/polic/i.test(message)) return new ValidationError({ proposedPassword: 'password_too_weak' }, message);
      return new BadRequestError('The current password you entered is incorrect.', 'current_password_incorrect');
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return new TooManyRequestsError(message || 'Attempt limit exceeded, please try after some time.');
    case 'InvalidParameterException':
      return new BadRequestError(message || 'Check the request.');
    case 'PasswordResetRequiredException':
    case 'UserNotConfirmedException':
    case 'UserNotFoundException':
      return new ForbiddenError(message || 'This account cannot change its password now.');
  }
  return null;
}

/**
 * Changes the caller's password and records the security notice (always e-mailed: category
 * `security`). The notice is recorded after Cognito accepted the change, on its own (Cognito is not
 * part of a DynamoDB transaction), keyed by a fresh event id: a repeated request is a second change.
 * A user without a vendor record (an admin of the ops console) has no inbox: nothing is recorded.
 */
export async function changePassword(caller: Caller, body: ChangePasswordBody, now = new Date()): Promise<void> {
  assertOwnAccessToken(caller, body.accessToken);
  try {
    await idp().send(new ChangePasswordCommand({ AccessToken: body.accessToken, PreviousPassword: body.previousPassword, ProposedPassword: body.proposedPassword }));
  } catch (err) {
    const mapped = changePasswordError(err);
    if (mapped) {
      logger.info('password change refused by Cognito', { userId: caller.userId, reason: err instanceof Error ? err.name : 'unknown' });
      throw mapped;
    }
    throw err;
  }
  logger.info('password changed', { userId: caller.userId });
  // A team member's shop inbox is the account holder's (issue 14): a member's own password is not its news.
  if (!caller.vendor || (caller.member && !caller.member.accountHolder)) return;
  const at = now.toISOString();
  await recordNotification({
    vendorId: caller.vendor.vendorId ?? caller.userId,
    type: 'password_changed',
    subject: `${caller.userId}.${randomUUID()}`,
    params: {},
    createdAt: at,
  });
}
