import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../lib/use-page-title';
import { useSession } from '../lib/session';

/** Any path outside the route table (and, for now, the reserved /admin area). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { vendorId } = useSession();
  usePageTitle(t('not_found_title'));
  return (
    <section className="page">
      <Heading level={1}>{t('not_found_title')}</Heading>
      <Text>{t('not_found_body')}</Text>
      <p>
        <Link to={vendorId ? '/dashboard' : '/'}>{vendorId ? t('go_to_dashboard_link') : t('go_to_sign_in')}</Link>
      </p>
    </section>
  );
}
