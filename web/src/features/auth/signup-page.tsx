import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isEmail } from '../../../../lambdas/shared/email';
import { loadAuth } from '../../lib/auth-client';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { authFlowError } from './auth-errors';
import { AuthField, AuthLayout, FormAlert } from './auth-layout';
import { newPasswordProblem, PASSWORD_MIN_LENGTH } from '../../lib/password-rules';

type Errors = Partial<Record<'businessName' | 'email' | 'password' | 'confirm', string>>;

/**
 * '/signup': apply to sell. Amplify signUp with the e-mail as user name and the business name and
 * chosen language as the `name` and `locale` attributes (the post-confirmation trigger copies them into
 * the vendor record, status pending); then the e-mailed code (confirmSignUp, with resend). The confirm
 * step lives in the URL (?confirm=<email>) so a reload, or a sign-in of an unconfirmed user, lands on it.
 */
export default function SignupPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const confirmEmail = params.get('confirm');
  usePageTitle(confirmEmail ? t('confirm_sign_up_title') : t('sign_up_title'));

  const [businessName, setBusinessName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors & { code?: string }>({});
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    setInfo(null);
    try {
      await action();
    } catch (err) {
      setFailure(authFlowError(err, t, i18n.resolvedLanguage ?? i18n.language));
    } finally {
      setBusy(false);
    }
  };

  const onSignUp = (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirm);
    const next: Errors = {
      ...(businessName.trim() ? {} : { businessName: t('error_business_name_required') }),
      ...(!email.trim() ? { email: t('error_email_required') } : isEmail(email.trim()) ? {} : { email: t('please_enter_valid_email') }),
      ...(problem === 'password_too_weak' ? { password: t('password_too_weak', { min: PASSWORD_MIN_LENGTH }) } : {}),
      ...(problem === 'passwords_do_not_match' ? { confirm: t('passwords_do_not_match') } : {}),
    };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const username = email.trim();
    void run(async () => {
      const { auth } = await loadAuth();
      const result = await auth.signUp({
        username,
        password,
        options: { userAttributes: { email: username, name: businessName.trim(), locale: session.language } },
      });
      if (result.isSignUpComplete) navigate('/signup-success');
      else setParams({ confirm: username });
    });
  };

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmEmail) return;
    if (!code.trim()) {
      setErrors({ code: t('error_code_required') });
      return;
    }
    setErrors({});
    void run(async () => {
      const { auth } = await loadAuth();
      try {
        await auth.confirmSignUp({ username: confirmEmail, confirmationCode: code.trim() });
      } catch (err) {
        // Confirmed already (e.g. in another tab): nothing left to do here.
        if (!(err instanceof Error && err.name === 'NotAuthorizedException' && /CONFIRMED/i.test(err.message))) throw err;
      }
      navigate('/signup-success');
    });
  };

  const onResend = () => {
    if (!confirmEmail) return;
    void run(async () => {
      const { auth } = await loadAuth();
      await auth.resendSignUpCode({ username: confirmEmail });
      setInfo(t('code_resent', { email: confirmEmail }));
    });
  };

  const footer = (
    <>
      {t('have_account')} <Link to="/">{t('back_to_sign_in')}</Link>
    </>
  );

  if (confirmEmail) {
    return (
      <AuthLayout title={t('confirm_sign_up_title')} intro={t('confirm_sign_up_intro', { email: confirmEmail })} footer={footer}>
        {failure && <FormAlert detail={failure.detail}>{failure.text}</FormAlert>}
        {info && <FormAlert tone="success">{info}</FormAlert>}
        <form className="auth-form" noValidate onSubmit={onConfirm}>
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
          <button type="submit" className="auth-submit" disabled={busy}>
            {busy ? t('confirming') : t('confirm')}
          </button>
          <button type="button" className="auth-secondary" onClick={onResend} disabled={busy}>
            {t('resend_code')}
          </button>
        </form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('sign_up_title')} intro={t('sign_up_intro')} footer={footer}>
      {failure && <FormAlert detail={failure.detail}>{failure.text}</FormAlert>}
      <form className="auth-form" noValidate onSubmit={onSignUp}>
        <AuthField
          label={t('business_name')}
          name="organization"
          autoComplete="organization"
          value={businessName}
          onChange={(e) => setBusinessName(e.target.value)}
          error={errors.businessName}
          required
        />
        <AuthField
          label={t('email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <AuthField
          label={t('password')}
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
          label={t('confirm_password')}
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
          required
        />
        <button type="submit" className="auth-submit" disabled={busy}>
          {busy ? t('creating_account') : t('create_account')}
        </button>
      </form>
    </AuthLayout>
  );
}
