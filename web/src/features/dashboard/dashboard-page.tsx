import { Card, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../lib/display-name';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/** The dashboard: in this issue the vendor's name and vendor ID (sales and balance follow in issue 4). */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { vendorName, vendorId, user } = useSession();
  usePageTitle(t('dashboard_title'));
  return (
    <section className="page" aria-labelledby="dashboard-heading">
      <Heading level={1} id="dashboard-heading">
        {t('dashboard_title')}
      </Heading>
      <Text className="dashboard-greeting" data-testid="dashboard-greeting">
        {t('dashboard_greeting', { name: displayName(vendorName, user?.email) })}
      </Text>
      <Card variation="outlined" className="vendor-card">
        <dl className="facts">
          <dt>{t('vendor_id')}</dt>
          <dd className="fact-value" data-testid="dashboard-vendor-id">
            {vendorId}
          </dd>
        </dl>
        <Text className="muted">{t('dashboard_vendor_id_hint')}</Text>
      </Card>
    </section>
  );
}
