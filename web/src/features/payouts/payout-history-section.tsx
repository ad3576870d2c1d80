import { Heading } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { formatMonth } from '../../lib/format';
import type { Resource } from '../../lib/use-resource';
import type { PayoutsList } from './api/get-payouts';
import { PayoutDetailsDialog } from './payout-details-dialog';
import { periodMonths } from './payout-form';
import { PayoutsTable } from './payouts-table';

/**
 * Recent payouts: the period filter (in the URL: `period`, undefined for all periods), the table with
 * a details modal and a statement CSV per payout, the empty and failed states.
 */
export function PayoutHistorySection({ period, onPeriod, payouts }: { period: string | undefined; onPeriod(period: string | undefined): void; payouts: Resource<PayoutsList> & { retry(): void } }) {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  const list = payouts.status === 'loaded' ? payouts.data : payouts.status === 'loading' ? payouts.previous : undefined;
  const months = period && !periodMonths().includes(period) ? [period, ...periodMonths()] : periodMonths();
  return (
    <section className="payouts-card" aria-labelledby="payout-history-heading">
      <Heading level={2} id="payout-history-heading">
        {t('recent_payouts')}
      </Heading>
      <div className="payout-filter">
        <label htmlFor="payout-period">{t('payout_period_filter')}</label>
        <select id="payout-period" value={period ?? 'all'} data-testid="payout-period" onChange={(e) => onPeriod(e.target.value === 'all' ? undefined : e.target.value)}>
          <option value="all">{t('all_periods')}</option>
          {months.map((m) => (
            <option key={m} value={m}>
              {formatMonth(m, language)}
            </option>
          ))}
        </select>
      </div>
      <LoadStatus
        state={payouts.status === 'loaded' ? 'idle' : payouts.status}
        loadingText={t('loading_payouts')}
        errorText={payouts.status === 'failed' ? t('failed_to_fetch_payouts') : undefined}
        retryLabel={t('try_again')}
        onRetry={payouts.retry}
        testId="payouts-status"
      />
      {list && list.payouts.length === 0 && payouts.status === 'loaded' && (
        <p className="empty-state-title" data-testid="payouts-empty">
          {period ? t('no_payouts_in_period') : t('no_payouts_yet')}
        </p>
      )}
      {list && list.payouts.length > 0 && <PayoutsTable payouts={list.payouts} busy={payouts.status === 'loading'} onDetails={setDetailsOf} />}
      {detailsOf && <PayoutDetailsDialog payoutId={detailsOf} onClose={() => setDetailsOf(null)} />}
    </section>
  );
}
