import { ApiError } from '../../lib/api';

/**
 * Why the password change failed (`POST /api/me/password`'s `{ error, message }`, or Amplify finding
 * no session), in the terms the change-password dialog explains (spec §8).
 */
export type PasswordChangeFailure =
  /** Shown under the current-password field: 'The current password you entered is incorrect.' */
  | { kind: 'wrong-current-password' }
  /** 'User not authenticated.' */
  | { kind: 'not-authenticated' }
  /** The error's own message, or 'An error occurred.' when it has none. */
  | { kind: 'other'; message?: string };

export function passwordChangeFailure(err: unknown): PasswordChangeFailure {
  if (err instanceof ApiError) {
    if (err.code === 'current_password_incorrect') return { kind: 'wrong-current-password' };
    if (err.status === 401) return { kind: 'not-authenticated' };
    // A server failure's message is a reference for support, not a sentence for the vendor.
    if (err.status >= 500) return { kind: 'other' };
    const message = err.message.trim();
    return message ? { kind: 'other', message } : { kind: 'other' };
  }
  const name = err instanceof Error ? err.name : '';
  const message = err instanceof Error ? err.message.trim() : '';
  switch (name) {
    case 'NotAuthorizedException':
      // Cognito answers a wrong previous password with "Incorrect username or password."; the same
      // name with an access-token message means the session itself is no longer valid.
      return /access token/i.test(message) ? { kind: 'not-authenticated' } : { kind: 'wrong-current-password' };
    case 'InvalidPasswordException':
      // cognito-local answers a wrong previous password with InvalidPasswordException (Cognito says
      // NotAuthorizedException). In Cognito this name means the NEW password breaks the pool's policy,
      // which the dialog checks before calling; so it is the current password unless the message
      // says policy.
      return /polic/i.test(message) ? { kind: 'other', message } : { kind: 'wrong-current-password' };
    case 'UserUnAuthenticatedException':
      // Amplify found no tokens (signed out elsewhere, storage cleared).
      return { kind: 'not-authenticated' };
  }
  return message ? { kind: 'other', message } : { kind: 'other' };
}
