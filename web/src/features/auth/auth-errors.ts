import type { TFunction } from 'i18next';
import { PASSWORD_MIN_LENGTH } from '../../lib/password-rules';

/** A user-facing message for a failed Cognito call of the sign-up and password-reset flows. */
export function authFlowErrorMessage(err: unknown, t: TFunction): string {
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
  return t('error_generic', { message });
}
