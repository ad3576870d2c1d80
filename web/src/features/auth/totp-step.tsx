import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { isTotpCode, TOTP_INPUT } from '../../lib/totp';
import type { TotpCodeError } from '../../lib/sign-in-errors';
import { AuthField, AuthLayout, FormAlert } from '../../components/auth-layout';

/**
 * The second step of signing in (issue 14) for a user with two-step sign-in on: the 6-digit code of
 * their authenticator app. A wrong code is said here and can be typed again; when Cognito's sign-in
 * session is over (3 minutes), the visitor goes back to the password step, told why.
 */
export function TotpStep({ onBack }: { onBack(expired: boolean): void }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<Exclude<TotpCodeError, 'sign-in-expired'> | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const errorText = (e: Exclude<TotpCodeError, 'sign-in-expired'>): string => {
    if (typeof e === 'object') return t('error_generic', { message: (i18n.resolvedLanguage ?? i18n.language) === 'en' ? e.other : t('error_reason_unknown') });
    if (e === 'wrong-code') return t('totp_code_wrong');
    if (e === 'too-many-attempts') return t('error_too_many_attempts');
    if (e === 'network') return t('error_network');
    return t('error_config');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const problem = code.trim() === '' ? t('totp_code_required') : isTotpCode(code) ? undefined : t('totp_code_format');
    setFieldError(problem);
    if (problem) return input.current?.focus();
    setBusy(true);
    const result = await session.confirmTotpCode(code);
    setBusy(false);
    if (result.kind !== 'error') return;
    if (result.error === 'sign-in-expired') return onBack(true);
    setError(result.error);
    setCode('');
    input.current?.focus();
  };

  return (
    <AuthLayout title={t('totp_title')} intro={t('totp_intro')}>
      {error && <FormAlert detail={typeof error === 'object' && (i18n.resolvedLanguage ?? i18n.language) !== 'en' ? error.other : null}>{errorText(error)}</FormAlert>}
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="totp-form">
        <AuthField
          ref={input}
          label={t('totp_code_label')}
          name="code"
          {...TOTP_INPUT}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={fieldError}
          required
          autoFocus
          data-testid="totp-code"
        />
        <button type="submit" className="auth-submit" disabled={busy} data-testid="totp-verify">
          {busy ? t('totp_verifying') : t('totp_verify')}
        </button>
      </form>
      <p className="auth-aside">
        <button type="button" className="auth-link-button" onClick={() => onBack(false)} data-testid="totp-back">
          {t('totp_back')}
        </button>
      </p>
      <p className="auth-aside auth-help">{t('totp_lost_device')}</p>
    </AuthLayout>
  );
}
