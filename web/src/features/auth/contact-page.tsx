import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { loadConfig } from '../../lib/config';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthLayout, FormAlert } from '../../components/auth-layout';

/** What the login page hands over (router state, never the URL): the e-mail the visitor typed. */
export interface ContactState {
  email?: string;
}

type Address = { status: 'loading' } | { status: 'loaded'; email: string | null } | { status: 'failed' };

/**
 * '/contact' (issue 10, not in the spec): how a vendor who cannot sign in — application pending or
 * rejected, no vendor record, a forgotten e-mail — reaches vendor support. Support cases need a signed-in
 * vendor account, so this page offers vendor support's e-mail address (`supportEmail` of /config.json)
 * as a mailto link with a prepared subject and body, instead of a form whose message would be lost.
 */
export default function ContactPage() {
  const { t } = useTranslation();
  const { state } = useLocation() as { state: ContactState | null };
  usePageTitle(t('contact_title'));
  const [address, setAddress] = useState<Address>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    loadConfig().then(
      (config) => current && setAddress({ status: 'loaded', email: config.supportEmail ?? null }),
      () => current && setAddress({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const retry = () => {
    setAddress({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  const signInEmail = typeof state?.email === 'string' ? state.email : '';
  const mailto = (email: string) =>
    `mailto:${email}?subject=${encodeURIComponent(t('contact_mail_subject'))}&body=${encodeURIComponent(t('contact_mail_body', { email: signInEmail }))}`;

  return (
    <AuthLayout title={t('contact_title')} intro={t('contact_intro')} footer={<Link to="/">{t('back_to_sign_in')}</Link>}>
      {address.status === 'loading' && (
        <p className="auth-text" role="status">
          {t('contact_loading')}
        </p>
      )}
      {address.status === 'loaded' && address.email && (
        <>
          <p className="auth-text">
            {t('contact_email_label')}{' '}
            <a href={mailto(address.email)} data-testid="support-email-link">
              {address.email}
            </a>
          </p>
          <p className="auth-text">{t('contact_include')}</p>
        </>
      )}
      {address.status === 'loaded' && !address.email && <FormAlert>{t('contact_not_configured')}</FormAlert>}
      {address.status === 'failed' && (
        <>
          <FormAlert>{t('contact_unavailable')}</FormAlert>
          <button type="button" className="auth-secondary" onClick={retry}>
            {t('try_again')}
          </button>
        </>
      )}
    </AuthLayout>
  );
}
