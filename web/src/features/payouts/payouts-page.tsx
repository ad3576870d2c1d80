import '../../components/empty-state.css';
import './payouts.css';
import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-page-title';
import { useUrlQuery } from '../../lib/use-url-query';
import { usePayouts } from './api/get-payouts';
import { isMonth } from './payout-form';
import { PayoutHistorySection } from './payout-history-section';
import { PayoutInfoSection } from './payout-info-section';

/** The history's period filter (`?period=2026-11`); an unusable one is dropped from the URL. */
const parsePeriod = (params: URLSearchParams): string | undefined => {
  const raw = params.get('period');
  return isMonth(raw) ? raw : undefined;
};
const periodSearchParams = (period: string | undefined, params: URLSearchParams): URLSearchParams => {
  const next = new URLSearchParams(params);
  if (period === undefined) next.delete('period');
  else next.set('period', period);
  return next;
};

/**
 * Payouts (spec §2, issue 6): payout information (method and masked destination, next payout, balance,
 * minimum and fee, the hold after a change), the e-mail form and the bank-account wizard, and recent
 * payouts with the period filter in the URL, a details modal and a statement CSV per payout.
 */
export default function PayoutsPage() {
  const { t } = useTranslation();
  usePageTitle(t('payouts_title'));
  const { query: period, params, setParams } = useUrlQuery(parsePeriod, periodSearchParams);
  // The history's answer carries the figures the payout information shows (balance, next payout, minimum, fee).
  const payouts = usePayouts(period);
  const list = payouts.status === 'loaded' ? payouts.data : payouts.status === 'loading' ? payouts.previous : undefined;
  return (
    <section className="page payouts" aria-labelledby="payouts-heading">
      <Heading level={1} id="payouts-heading">
        {t('payouts_title')}
      </Heading>
      <Text className="muted">{t('payouts_description')}</Text>
      <PayoutInfoSection list={list} />
      <PayoutHistorySection period={period} onPeriod={(next) => setParams(periodSearchParams(next, params))} payouts={payouts} />
    </section>
  );
}
