import './dashboard.css';
import '../../components/data-table.css';
import { Heading, Text } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { displayName } from '../../lib/display-name';
import { useLoadErrorProps } from '../../lib/error-message';
import { timeZoneLabel } from '../../lib/format';
import { useMarketplaceTimeZone } from '../../lib/marketplace';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useDashboard } from './api/get-dashboard';
import { BalanceSection, DailySalesSection, loadChart, PeriodCards } from './dashboard-sections';

/**
 * The dashboard (spec §2): sales and quantity sold for Today, 7 Days, 15 Days and 30 Days, the
 * current balance with the next payout date and the minimum-payout rule, and a 30-day daily chart
 * (a lazy chunk, with the same numbers as a table). The vendor ID stays on the page for support.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const loadError = useLoadErrorProps();
  const language = languageToApply(i18n.language);
  const { vendorName, vendorId, user } = useSession();
  usePageTitle(t('dashboard_title'));
  const dashboard = useDashboard();
  const marketplaceZone = useMarketplaceTimeZone();
  const daysZone = dashboard.status === 'loaded' ? dashboard.data.timeZone : marketplaceZone;
  // Fetch the chart's chunk while the figures load, not after.
  useEffect(() => {
    loadChart().catch(() => undefined);
  }, []);

  return (
    <section className="page dashboard" aria-labelledby="dashboard-heading">
      <Heading level={1} id="dashboard-heading">
        {t('dashboard_title')}
      </Heading>
      <div className="dashboard-intro">
        <Text className="dashboard-greeting" data-testid="dashboard-greeting">
          {t('dashboard_greeting', { name: displayName(vendorName, user?.email) })}
        </Text>
        <dl className="vendor-id-line">
          <dt>{t('vendor_id')}</dt>
          <dd className="vendor-id-value" data-testid="dashboard-vendor-id">
            {vendorId}
          </dd>
        </dl>
        <p className="muted dashboard-hint">{t('dashboard_vendor_id_hint')}</p>
      </div>
      <section className="dashboard-section" aria-labelledby="sales-heading">
        <Heading level={2} id="sales-heading">
          {t('sales_heading')}
        </Heading>
        {/* With the page, not after the figures: the days are the marketplace's (config), the answer names the same zone. */}
        {daysZone && <p className="muted dashboard-hint">{t('dashboard_days_note', { zone: timeZoneLabel(daysZone, language) })}</p>}
        <LoadStatus state={dashboard.status === 'loaded' ? 'idle' : dashboard.status} loadingText={t('loading_sales')} {...loadError(dashboard, 'sales_load_failed')} retryLabel={t('try_again')} onRetry={dashboard.retry} testId="dashboard-status" />
        {dashboard.status === 'loaded' && <PeriodCards data={dashboard.data} language={language} />}
      </section>
      {dashboard.status === 'loaded' && <BalanceSection data={dashboard.data} language={language} />}
      {dashboard.status === 'loaded' && <DailySalesSection data={dashboard.data} />}
    </section>
  );
}
