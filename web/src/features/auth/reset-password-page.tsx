import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { isEmail } from '../../../../lambdas/shared/email';
import { loadAuth } from '../../lib/auth-client';
import { usePageTitle } from '../../lib/use-page-title';
import { authFlowError } from './auth-errors';
import { AuthField, AuthLayout, FormAlert } from './auth-layout';
import { newPasswordProblem, PASSWORD_MIN_LENGTH } from '../../lib/password-rules';

type Errors = Partial<Record<'email' | 'code' | 'password' | 'confirm', string>>;

/** '/reset-password': the e-mailed code and a new password, twice (Amplify confirmResetPassword). */
export default function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  usePageTitle(t('reset_password_title'));
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirm);
    const next: Errors = {
      ...(!email.trim() ? { email: t('error_email_required') } : isEmail(email.trim()) ? {} : { email: t('please_enter_valid_email') }),
      ...(code.trim() ? {} : { code: t('error_code_required') }),
      ...(problem === 'passwords_do_not_match' ? { confirm: t('passwords_do_not_match') } : {}),
      ...(problem === 'password_too_weak' ? { password: t('password_too_weak', { min: PASSWORD_MIN_LENGTH }) } : {}),
    };
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const { auth } = await loadAuth();
      await auth.confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword: password });
      setDone(true);
    } catch (err) {
      setFailure(authFlowError(err, t, i18n.resolvedLanguage ?? i18n.language));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AuthLayout title={t('reset_password_title')}>
        <FormAlert tone="success">{t('reset_password_done')}</FormAlert>
        <Link className="auth-button-link" to="/">
          {t('go_to_sign_in')}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('reset_password_title')} intro={t('reset_password_intro')} footer={<Link to="/">{t('back_to_sign_in')}</Link>}>
      {failure && <FormAlert detail={failure.detail}>{failure.text}</FormAlert>}
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <AuthField
          label={t('email')}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <AuthField
          label={t('verification_code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={errors.code}
          required
        />
        <AuthField
          label={t('new_password')}
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={t('password_rules', { min: PASSWORD_MIN_LENGTH })}
          error={errors.password}
          required
        />
        <AuthField
          label={t('confirm_new_password')}
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
          required
        />
        <button type="submit" className="auth-submit" disabled={busy}>
          {busy ? t('resetting_password') : t('reset_password_submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
