import './dashboard.css';
import '../../components/data-table.css';
import { Heading, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadStatus } from '../../components/load-status';
import type { TranslationKey } from '../../i18n/i18n';
import { languageToApply, type Language } from '../../i18n/language';
import { displayName } from '../../lib/display-name';
import { useLoadErrorProps } from '../../lib/error-message';
import { formatCount, formatDay, formatDayRange, formatMoney, timeZoneLabel } from '../../lib/format';
import { queryKeys } from '../../lib/query-client';
import { useResource } from '../../lib/use-resource';
import { useMarketplaceTimeZone } from '../../lib/marketplace';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { getDashboard, PERIOD_KEYS, type Dashboard, type PeriodKey } from './dashboard-api';

const loadChart = () => import('./daily-sales-chart');
const DailySalesChart = lazy(loadChart);

/** The spec's period names (§2, §9). */
const PERIOD_LABELS: Record<PeriodKey, TranslationKey> = {
  today: 'period_today',
  last7Days: 'period_7_days',
  last15Days: 'period_15_days',
  last30Days: 'period_30_days',
};

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
  const dashboard = useResource(useQuery({ queryKey: queryKeys.dashboard, queryFn: ({ signal }) => getDashboard(signal) }));
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
        <LoadStatus
          state={dashboard.status === 'loaded' ? 'idle' : dashboard.status}
          loadingText={t('loading_sales')}
          {...loadError(dashboard, 'sales_load_failed')}
          retryLabel={t('try_again')}
          onRetry={dashboard.retry}
          testId="dashboard-status"
        />
        {dashboard.status === 'loaded' && <PeriodCards data={dashboard.data} language={language} />}
      </section>
      {dashboard.status === 'loaded' && <DashboardFigures data={dashboard.data} language={language} />}
    </section>
  );
}

/** The four periods' sales (spec §2), once the answer is here. */
function PeriodCards({ data, language }: { data: Dashboard; language: Language }) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, language, data.currency);
  return (
    <ul className="period-cards">
      {PERIOD_KEYS.map((key) => {
        const period = data.periods[key];
        return (
          <li key={key} className="period-card" data-testid={`period-${key}`}>
            <h3 className="period-name">
              {t(PERIOD_LABELS[key])}
            </h3>
            <p className="period-range">{formatDayRange(period.from, period.to, language)}</p>
            <dl className="period-figures">
              <div className="period-figure-main">
                <dt>{t('sales_amount')}</dt>
                <dd className="period-amount" data-testid="period-amount">
                  {money(period.amountCents)}
                </dd>
              </div>
              <div>
                <dt>{t('quantity_sold')}</dt>
                <dd data-testid="period-quantity">{formatCount(period.quantity, language)}</dd>
              </div>
              <div>
                <dt>{t('orders_count')}</dt>
                <dd data-testid="period-orders">{formatCount(period.orders, language)}</dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

function DashboardFigures({ data, language }: { data: Dashboard; language: Language }) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, language, data.currency);
  const belowMinimum = data.balanceCents >= 0 && data.balanceCents < data.minimumPayoutCents;
  return (
    <>

      <section className="dashboard-section balance-card" aria-labelledby="balance-heading">
        <div className="balance-figures">
          <div>
            <Heading level={2} id="balance-heading">
              {t('current_balance')}
            </Heading>
            <p className={data.balanceCents < 0 ? 'balance-amount balance-negative' : 'balance-amount'} data-testid="dashboard-balance">
              {money(data.balanceCents)}
            </p>
          </div>
          <dl className="next-payout">
            <dt>{t('next_payout')}</dt>
            <dd data-testid="dashboard-next-payout">
              <time dateTime={data.nextPayoutDate}>{formatDay(data.nextPayoutDate, language, 'long')}</time>
            </dd>
          </dl>
        </div>
        {data.balanceCents < 0 && (
          <p className="balance-note" data-testid="balance-note">
            {t('balance_negative')}
          </p>
        )}
        {belowMinimum && (
          <p className="balance-note" data-testid="balance-note">
            {t('balance_below_minimum', { minimum: money(data.minimumPayoutCents) })}
          </p>
        )}
        <p className="muted" data-testid="payout-rule">
          {t('payout_schedule', { minimum: money(data.minimumPayoutCents) })}
        </p>
      </section>

      <section className="dashboard-section" aria-labelledby="daily-sales-heading">
        <Heading level={2} id="daily-sales-heading">
          {t('daily_sales_heading')}
        </Heading>
        <Suspense
          fallback={
            <div className="sales-chart-placeholder">
              <span className="visually-hidden">{t('loading')}</span>
            </div>
          }
        >
          <DailySalesChart daily={data.daily} currency={data.currency} />
        </Suspense>
      </section>
    </>
  );
}
