import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { NewPasswordFields } from '../../components/new-password-fields';
import { loadAuth } from '../../lib/auth-client';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { storedInvitation } from '../../lib/invitation';
import { authFlowError } from './auth-errors';
import { AuthField, AuthLayout, FormAlert } from '../../components/auth-layout';
import { confirmSignUpSchema, signUpSchema, type ConfirmSignUpValues, type SignUpValues } from './auth-schemas';

const signUpResolver = zodResolver(signUpSchema, undefined, { mode: 'sync' });
const confirmResolver = zodResolver(confirmSignUpSchema, undefined, { mode: 'sync' });

/**
 * '/signup': apply to sell. Amplify signUp with the e-mail as user name and the business name and
 * chosen language as the `name` and `locale` attributes (the post-confirmation trigger copies them into
 * the vendor record, status pending); then the e-mailed code (confirmSignUp, with resend). The confirm
 * step lives in the URL (?confirm=<email>) so a reload, or a sign-in of an unconfirmed user, lands on it.
 *
 * A visitor who came from a team invitation (issue 14; lib/invitation.ts) is joining a shop, not
 * applying to sell (issue 24, item 18): the page says so, asks no business name (the account's `name`
 * is the shop's; the application the trigger makes is replaced on joining), and after the code signs
 * them in with the password they just chose — that sign-in accepts the invitation
 * (lib/session-state.ts). The password is kept in memory only; after a reload they sign in themselves.
 */
export default function SignupPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const confirmEmail = params.get('confirm');
  usePageTitle(confirmEmail ? t('confirm_sign_up_title') : t('sign_up_title'));

  // Errors show on submit and stay until the next one (as the spec's pages did); the focus goes to the first.
  // Issue 14: a visitor who came from a team invitation creates an account to join that shop.
  const [invitation] = useState(storedInvitation);
  const signUpForm = useForm<SignUpValues>({ resolver: signUpResolver, reValidateMode: 'onSubmit', defaultValues: { businessName: invitation ? invitation.shop || t('invite_default_account_name') : '', email: '', password: '', confirm: '' } });
  const confirmForm = useForm<ConfirmSignUpValues>({ resolver: confirmResolver, reValidateMode: 'onSubmit', defaultValues: { code: '' } });
  const errors = signUpForm.formState.errors;
  const say = (message: string | undefined) => (message ? t(message) : undefined);
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // An invitee's password, for the sign-in after the code (this page's memory only, never stored).
  const [password, setPassword] = useState<string | null>(null);

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

  /** Confirmed: an applicant is told their application awaits review; an invitee is signed in (and joins). */
  const finish = async (email: string, chosen: string | null) => {
    if (!invitation) return navigate('/signup-success');
    if (chosen) {
      const result = await session.signIn(email, chosen);
      if (result.kind === 'signed-in') return navigate('/', { replace: true });
    }
    // No password in memory (a reload), or the sign-in wants more: the sign-in page, which accepts too.
    navigate('/');
  };

  const onSignUp = signUpForm.handleSubmit((values) => {
    const username = values.email.trim();
    void run(async () => {
      const { auth } = await loadAuth();
      const result = await auth.signUp({
        username,
        password: values.password,
        options: { userAttributes: { email: username, name: values.businessName.trim(), locale: session.language } },
      });
      if (invitation) setPassword(values.password);
      if (result.isSignUpComplete) await finish(username, values.password);
      else setParams({ confirm: username });
    });
  });

  const onConfirm = confirmForm.handleSubmit(({ code }) => {
    if (!confirmEmail) return;
    void run(async () => {
      const { auth } = await loadAuth();
      try {
        await auth.confirmSignUp({ username: confirmEmail, confirmationCode: code.trim() });
      } catch (err) {
        // Confirmed already (e.g. in another tab): nothing left to do here.
        if (!(err instanceof Error && err.name === 'NotAuthorizedException' && /CONFIRMED/i.test(err.message))) throw err;
      }
      await finish(confirmEmail, password);
    });
  });

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
      <AuthLayout
        title={t('confirm_sign_up_title')}
        intro={invitation ? t('invite_confirm_intro', { email: confirmEmail, shop: invitation.shop || '-' }) : t('confirm_sign_up_intro', { email: confirmEmail })}
        footer={footer}
      >
        {failure && <FormAlert detail={failure.detail}>{failure.text}</FormAlert>}
        {info && <FormAlert tone="success">{info}</FormAlert>}
        <form className="auth-form" noValidate onSubmit={(e) => void onConfirm(e)}>
          <AuthField
            label={t('verification_code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            {...confirmForm.register('code')}
            error={say(confirmForm.formState.errors.code?.message)}
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
    <AuthLayout
      title={invitation ? (invitation.shop ? t('invite_title_shop', { shop: invitation.shop }) : t('invite_title')) : t('sign_up_title')}
      intro={invitation ? t('invite_signup_intro') : t('sign_up_intro')}
      footer={footer}
    >
      {failure && <FormAlert detail={failure.detail}>{failure.text}</FormAlert>}
      {invitation && <FormAlert tone="info">{t('invite_signup_note', { shop: invitation.shop || '-' })}</FormAlert>}
      <FormProvider {...signUpForm}>
        <form className="auth-form" noValidate onSubmit={(e) => void onSignUp(e)}>
          {!invitation && (
            <AuthField label={t('business_name')} autoComplete="organization" {...signUpForm.register('businessName')} error={say(errors.businessName?.message)} required />
          )}
          <AuthField label={t('email')} type="email" autoComplete="email" {...signUpForm.register('email')} error={say(errors.email?.message)} required />
          <NewPasswordFields Field={AuthField} labels={{ password: t('password'), confirm: t('confirm_password') }} />
          <button type="submit" className="auth-submit" disabled={busy}>
            {busy ? t('creating_account') : invitation ? t('invite_create_and_join') : t('create_account')}
          </button>
        </form>
      </FormProvider>
    </AuthLayout>
  );
}
