import { useTranslation } from 'react-i18next';
import { languageToApply } from '../../i18n/language';
import { formatDay, formatInstant, formatMoney } from '../../lib/format';
import type { PayoutMethodView } from './api/get-payout-method';
import type { PayoutsList } from './api/get-payouts';

/**
 * The payout information's figures: method and destination, payout account, next payout and balance
 * ('…' while they load), the minimum and fee sentence, the below-minimum note and the hold after a change.
 */
export function PayoutSummary({ current, list }: { current: PayoutMethodView | undefined; list: PayoutsList | undefined }) {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const money = (cents: number) => formatMoney(cents, language);
  // The API sends holdUntil only while payouts are held (docs/api.md).
  const holdUntil = current?.holdUntil ?? null;
  // Its own expression, not nested in the template below: the build finds the keys a template can make (docs/web.md).
  const methodName = current?.method ? t(`payout_method_${current.method}`) : null;
  return (
    <>
      <dl className="payout-summary">
        <dt>{t('payout_method')}</dt>
        <dd data-testid="payout-method">{current ? (methodName ? `${methodName}: ${current.destination ?? ''}` : t('payout_method_none')) : '…'}</dd>
        {current?.payoutAccountId && (
          <>
            <dt>{t('payout_account')}</dt>
            <dd data-testid="payout-account-id">{current.payoutAccountId}</dd>
          </>
        )}
        <dt>{t('next_payout')}</dt>
        <dd data-testid="payout-next-date">{list ? formatDay(list.nextPayoutDate, language, 'long') : '…'}</dd>
        <dt>{t('current_balance')}</dt>
        <dd data-testid="payout-balance">{list ? money(list.balanceCents) : '…'}</dd>
      </dl>
      {list ? (
        <p className="muted" data-testid="payout-rules">
          {t('payout_rules', { minimum: money(list.minimumPayoutCents), fee: money(list.feeCents) })}
        </p>
      ) : (
        // The sentence's place is kept while the figures load, so the cards below do not jump.
        <p className="muted" aria-hidden="true">
          {t('payout_rules', { minimum: '…', fee: '…' })}
        </p>
      )}
      {list && list.balanceCents < list.minimumPayoutCents && (
        <p className="muted" data-testid="payout-below-minimum">
          {t('balance_below_minimum', { minimum: money(list.minimumPayoutCents) })}
        </p>
      )}
      {holdUntil && current && (
        <p className="payout-hold" data-testid="payout-hold">
          {t('payout_hold_notice', { days: current.holdDays, until: formatInstant(holdUntil, language, list?.timeZone) })}
        </p>
      )}
    </>
  );
}
