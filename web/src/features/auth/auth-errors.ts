import type { TFunction } from 'i18next';
import { describeError, type ErrorText } from '../../lib/error-message';
import { PASSWORD_MIN_LENGTH } from '../../lib/password-rules';

/**
 * A user-facing message for a failed Cognito call of the sign-up and password-reset flows: known
 * errors in the vendor's language; anything else says so with the raw text as a detail (in English
 * inside the sentence, as before: lib/error-message.ts).
 */
export function authFlowError(err: unknown, t: TFunction, language: string): { text: string; detail: string | null } {
  const known = knownAuthFlowError(err, t);
  if (known) return { text: known, detail: null };
  const { message, detail }: ErrorText = describeError(err, t, language);
  return { text: t('error_generic', { message }), detail };
}

function knownAuthFlowError(err: unknown, t: TFunction): string | null {
  const name = err instanceof Error ? err.name : '';
  const message = err instanceof Error ? err.message : String(err);
  switch (name) {
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return t('error_account_exists');
    case 'CodeMismatchException':
      return t('error_code_mismatch');
    case 'ExpiredCodeException':
      return t('error_code_expired');
    case 'InvalidPasswordException':
      return t('password_too_weak', { min: PASSWORD_MIN_LENGTH });
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return t('error_too_many_attempts');
    case 'NetworkError':
      return t('error_network');
    case 'ConfigError':
      return t('error_config');
  }
  if (err instanceof TypeError && /fetch|network/i.test(message)) return t('error_network');
  return null;
}
