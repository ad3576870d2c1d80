import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthLayout } from '../../components/auth-layout';

/** '/signup-success': the e-mail is confirmed and the application (status pending) awaits review. */
export default function SignupSuccessPage() {
  const { t } = useTranslation();
  usePageTitle(t('signup_success_title'));
  return (
    <AuthLayout title={t('signup_success_title')}>
      <p className="auth-text">{t('signup_success_body')}</p>
      <p className="auth-text">{t('signup_success_next')}</p>
      <Link className="auth-button-link" to="/">
        {t('go_to_sign_in')}
      </Link>
    </AuthLayout>
  );
}
