import { Heading } from '@aws-amplify/ui-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/i18n';
import type { Language } from '../../i18n/language';
import { formatCount, formatDay, formatDayRange, formatMoney } from '../../lib/format';
import type { Dashboard, PeriodKey } from './api/get-dashboard';

export const loadChart = () => import('./daily-sales-chart');
const DailySalesChart = lazy(loadChart);

/** The dashboard's periods in the order the page shows them (spec §9: Today, 7 Days, 15 Days, 30 Days). */
const PERIOD_KEYS: readonly PeriodKey[] = ['today', 'last7Days', 'last15Days', 'last30Days'];

/** The spec's period names (§2, §9). */
const PERIOD_LABELS: Record<PeriodKey, TranslationKey> = {
  today: 'period_today',
  last7Days: 'period_7_days',
  last15Days: 'period_15_days',
  last30Days: 'period_30_days',
};

/** The four periods' sales (spec §2), once the answer is here. */
export function PeriodCards({ data, language }: { data: Dashboard; language: Language }) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, language, data.currency);
  return (
    <ul className="period-cards">
      {PERIOD_KEYS.map((key) => {
        const period = data.periods[key];
        return (
          <li key={key} className="period-card" data-testid={`period-${key}`}>
            <h3 className="period-name">{t(PERIOD_LABELS[key])}</h3>
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

/** The current balance with the next payout day and the minimum-payout rule (a negative balance explained). */
export function BalanceSection({ data, language }: { data: Dashboard; language: Language }) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, language, data.currency);
  const belowMinimum = data.balanceCents >= 0 && data.balanceCents < data.minimumPayoutCents;
  return (
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
  );
}

/** The 30-day chart (a lazy chunk, with the same numbers as a table). */
export function DailySalesSection({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  return (
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
  );
}
