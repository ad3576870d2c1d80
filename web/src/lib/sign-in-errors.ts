/** Why a sign-in attempt failed, in the terms the login page explains. */
export type SignInError = 'wrong-credentials' | 'not-confirmed' | 'too-many-attempts' | 'network' | 'config' | 'unsupported-step' | { other: string };

/** Why a two-step code was refused: not the current code, or the sign-in it belongs to is over (start again). */
export type TotpCodeError = 'wrong-code' | 'sign-in-expired' | Exclude<SignInError, 'wrong-credentials' | 'not-confirmed' | 'unsupported-step'>;

/** Maps an Amplify / Cognito error of `confirmSignIn` with a TOTP code to a TotpCodeError. */
export function totpCodeErrorFor(err: unknown): TotpCodeError {
  const name = err instanceof Error ? err.name : '';
  const message = err instanceof Error ? err.message : String(err);
  if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException') return 'wrong-code';
  // Cognito's challenge session lasts 3 minutes ("Invalid session for the user, session is expired.").
  if (name === 'NotAuthorizedException' || name === 'SignInException' || /session/i.test(message)) return 'sign-in-expired';
  const other = signInErrorFor(err);
  return other === 'wrong-credentials' || other === 'not-confirmed' || other === 'unsupported-step' ? { other: message || 'Unknown error' } : other;
}

/** Maps an Amplify / Cognito error to a SignInError. */
export function signInErrorFor(err: unknown): SignInError {
  const name = err instanceof Error ? err.name : '';
  const message = err instanceof Error ? err.message : String(err);
  switch (name) {
    case 'NotAuthorizedException':
      return /attempts exceeded/i.test(message) ? 'too-many-attempts' : 'wrong-credentials';
    // cognito-local answers a wrong password with InvalidPasswordException (Cognito: NotAuthorizedException).
    case 'UserNotFoundException':
    case 'InvalidPasswordException':
    case 'EmptySignInUsername':
    case 'EmptySignInPassword':
      return 'wrong-credentials';
    case 'UserNotConfirmedException':
      return 'not-confirmed';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return 'too-many-attempts';
    case 'NetworkError':
      return 'network';
    case 'ConfigError':
      return 'config';
  }
  if (err instanceof TypeError && /fetch|network/i.test(message)) return 'network';
  return { other: message || 'Unknown error' };
}
