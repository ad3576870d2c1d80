import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { FullScreenLock } from '../../components/full-screen-lock';
import type { SessionNotice } from '../../lib/session';
import { ADMIN_HOME, useSession } from '../../lib/session';
import type { SignInError } from '../../lib/sign-in-errors';
import { usePageTitle } from '../../lib/use-page-title';
import { ApiError } from '../../lib/api';
import { errorReasonKey } from '../../lib/error-message';
import { homeFor } from '@contracts/team-roles';
import { AuthField, AuthLayout, FormAlert } from '../../components/auth-layout';
import { TotpStep } from './totp-step';
import type { ContactState } from './contact-page';

/** The way to vendor support for a visitor who cannot sign in (issue 10): the public /contact page, with the e-mail typed here. */
function ContactLink({ email }: { email: string }) {
  const { t } = useTranslation();
  const state: ContactState = email.trim() ? { email: email.trim() } : {};
  return (
    <Link to="/contact" state={state} data-testid="contact-support-link">
      {t('contact_title')}
    </Link>
  );
}

function NoticeText({ notice, email }: { notice: SessionNotice; email: string }) {
  const { t } = useTranslation();
  const contact = (prompt: string) => (
    <p>
      {prompt} <ContactLink email={email} />
    </p>
  );
  switch (notice.kind) {
    case 'pending':
      return (
        <>
          <p>{t('notice_pending')}</p>
          {contact(t('notice_contact_prompt'))}
        </>
      );
    case 'rejected':
      return (
        <>
          <p>{t('notice_rejected')}</p>
          {notice.reason && <p data-testid="rejection-reason">{t('notice_rejected_reason', { reason: notice.reason })}</p>}
          {contact(t('notice_rejected_contact'))}
        </>
      );
    case 'no-record':
      return (
        <>
          <p>{t('notice_no_record')}</p>
          {contact(t('notice_contact_prompt'))}
        </>
      );
    case 'not-ready':
      return (
        <>
          <p>{t('notice_not_ready')}</p>
          {contact(t('notice_contact_prompt'))}
        </>
      );
    case 'load-failed':
      return <p>{t('notice_session_error')}</p>;
    case 'session-expired':
      return <p>{t('session_expired')}</p>;
    case 'token-unavailable':
      return <p>{t('auth_token_unavailable')}</p>;
    case 'membership-ended':
      return <p>{t('error_reason_membership_ended')}</p>;
    case 'invitation-failed':
      return <p>{t(errorReasonKey(new ApiError(403, notice.code, '')))}</p>;
  }
}

function useSignInErrorText() {
  const { t, i18n } = useTranslation();
  return (error: Exclude<SignInError, 'not-confirmed'>): string => {
    // An unexpected error: its own words in English; in another language a translated sentence (the words are the detail).
    if (typeof error === 'object') return t('error_generic', { message: (i18n.resolvedLanguage ?? i18n.language) === 'en' ? error.other : t('error_reason_unknown') });
    switch (error) {
      case 'wrong-credentials':
        return t('error_wrong_credentials');
      case 'too-many-attempts':
        return t('error_too_many_attempts');
      case 'network':
        return t('error_network');
      case 'config':
        return t('error_config');
      case 'unsupported-step':
        return t('error_unsupported_step');
    }
  };
}

/**
 * '/': sign in with e-mail and password (Amplify signIn, authFlowType from /config.json). An admin
 * goes on to the ops console (/admin), an approved vendor to /dashboard; pending, rejected and unknown users are signed out again and told why
 * here, in the page (spec §4).
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const errorText = useSignInErrorText();
  usePageTitle(t('sign_in'));

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<Exclude<SignInError, 'not-confirmed'> | null>(null);
  const [busy, setBusy] = useState(false);
  // The second step (issue 14), after a right password of a user with two-step sign-in on.
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [totpExpired, setTotpExpired] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Where a signed-in user belongs (issue 13): an admin the ops console, an approved vendor the dashboard.
  // A team member (issue 14) lands on the first page their role opens.
  const home = session.status !== 'signed-in' ? null : session.roles.includes('admin') ? ADMIN_HOME : session.vendorId ? homeFor(session.memberRole ?? 'owner') : null;
  useEffect(() => {
    if (home) navigate(home, { replace: true });
  }, [home, navigate]);

  if (session.loading) return <FullScreenLock message={t('checking_authentication')} />;
  if (home) return null;
  if (step === 'totp') {
    return (
      <TotpStep
        onBack={(expired) => {
          setPassword('');
          setTotpExpired(expired);
          setStep('password');
        }}
      />
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = {
      ...(email.trim() ? {} : { email: t('error_email_required') }),
      ...(password ? {} : { password: t('error_password_required') }),
    };
    setFieldErrors(errors);
    setError(null);
    setTotpExpired(false);
    if (errors.email) return emailRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();
    setBusy(true);
    const result = await session.signIn(email, password);
    setBusy(false);
    if (result.kind === 'totp-required') return setStep('totp');
    if (result.kind !== 'error') return;
    if (result.error === 'not-confirmed') {
      navigate(`/signup?confirm=${encodeURIComponent(email.trim())}`);
      return;
    }
    setError(result.error);
  };

  return (
    <AuthLayout
      title={t('sign_in_title')}
      intro={t('sign_in_intro')}
      footer={
        <>
          {t('new_vendor')} <Link to="/signup">{t('sign_up_link')}</Link>
        </>
      }
    >
      {session.notice && (
        <FormAlert tone="info">
          <NoticeText notice={session.notice} email={email} />
        </FormAlert>
      )}
      {totpExpired && <FormAlert>{t('totp_sign_in_expired')}</FormAlert>}
      {error && (
        <FormAlert detail={typeof error === 'object' && (i18n.resolvedLanguage ?? i18n.language) !== 'en' ? error.other : null}>{errorText(error)}</FormAlert>
      )}
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <AuthField
          ref={emailRef}
          label={t('email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldErrors.email}
          required
        />
        <AuthField
          ref={passwordRef}
          label={t('password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldErrors.password}
          required
        />
        <p className="auth-aside">
          <Link to="/forgot-password">{t('forgot_password_link')}</Link>
        </p>
        <button type="submit" className="auth-submit" disabled={busy}>
          {busy ? t('signing_in') : t('sign_in')}
        </button>
      </form>
      <p className="auth-aside auth-help">
        {t('login_need_help')} <ContactLink email={email} />
      </p>
    </AuthLayout>
  );
}
