import { useSearchParams } from 'react-router-dom';
import { LoadStatus } from '../../../components/load-status';
import { useErrorText } from '../../../lib/error-message';
import { formatCount, formatMoney } from '../../../lib/format';
import { toResource } from '../../../lib/use-resource';
import { useAdminFormat } from '../admin-format';
import { useAdminTranslation } from '../admin-i18n';
import { usePayoutPeriod, type AdminPayoutPeriod } from './api/get-payout-period';
import { PayoutList } from './payout-list';
import { formatPeriod } from './periods';

/** The period's figures: vendors paid, gross, commission, fees, paid out, and payouts by status. */
function PeriodSummary({ data }: { data: AdminPayoutPeriod }) {
  const { t } = useAdminTranslation();
  const { language } = useAdminFormat();
  const money = (cents: number) => formatMoney(cents, language);
  const figures = [
    ['vendors_paid', formatCount(data.vendorsPaid, language)],
    ['gross', money(data.totals.grossSalesCents)],
    ['commission', money(data.totals.commissionCents)],
    ['fees', money(data.totals.feeCents)],
    ['paid_out', money(data.paidOutCents)],
    ['count_paid', formatCount(data.counts.paid, language)],
    ['count_pending', formatCount(data.counts.pending, language)],
    ['count_failed', formatCount(data.counts.failed, language)],
  ] as const;
  return (
    <dl className="admin-payouts-summary" data-testid="admin-payouts-summary">
      {figures.map(([key, value]) => (
        <div key={key} data-testid={`admin-payouts-summary-${key}`}>
          <dt>{t(`admin_payouts_summary_${key}`)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A period (picked from the last twelve closed ones, kept in `?period=`): its figures and payouts. */
export function PeriodView({ period, periods }: { period: string; periods: string[] }) {
  const { t } = useAdminTranslation();
  const { language } = useAdminFormat();
  const [params, setParams] = useSearchParams();
  const describe = useErrorText();
  const summary = toResource(usePayoutPeriod(period));
  const failure = summary.status === 'failed' ? describe(summary.error) : null;
  const choices = periods.includes(period) ? periods : [period, ...periods];
  const pick = (value: string) => {
    const next = new URLSearchParams(params);
    next.set('period', value);
    setParams(next);
  };
  return (
    <>
      <div className="admin-payouts-filter">
        <label htmlFor="admin-payouts-period">{t('admin_payouts_period')}</label>
        <select id="admin-payouts-period" data-testid="admin-payouts-period" value={period} onChange={(e) => pick(e.target.value)}>
          {choices.map((p) => (
            <option key={p} value={p}>
              {formatPeriod(p, language)}
            </option>
          ))}
        </select>
      </div>
      <LoadStatus
        state={summary.status === 'loaded' ? 'idle' : summary.status}
        loadingText={t('admin_payouts_loading')}
        errorText={failure ? t('admin_payouts_failed_to_load', { message: failure.message }) : undefined}
        errorDetail={failure?.detail}
        retryLabel={t('try_again')}
        onRetry={summary.retry}
        testId="admin-payouts-period-status"
      />
      {summary.status === 'loaded' && <PeriodSummary data={summary.data} />}
      <PayoutList view="period" period={period} />
    </>
  );
}
