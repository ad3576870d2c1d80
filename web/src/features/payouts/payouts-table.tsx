import '../../components/data-table.css';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { languageToApply } from '../../i18n/language';
import { formatDayRange, formatMoney } from '../../lib/format';
import type { PayoutView } from './api/get-payouts';
import { StatementDownload } from './statement-download';

/**
 * Recent payouts, one row each (a card per payout on a phone): period, status, amount, fee, what the
 * vendor received, the masked destination, and the payout's details and statement CSV. `busy` while
 * another period's answer is on its way (the rows shown are the previous period's).
 */
export function PayoutsTable({ payouts, busy, onDetails }: { payouts: readonly PayoutView[]; busy: boolean; onDetails(payoutId: string): void }) {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const money = (cents: number) => formatMoney(cents, language);
  return (
    <div className="table-scroll">
      <table className="data-table card-table" data-testid="payouts-table" aria-busy={busy}>
        <caption className="visually-hidden">{t('recent_payouts')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('payout_period')}</th>
            <th scope="col">{t('payout_status')}</th>
            <th scope="col">{t('payout_amount')}</th>
            <th scope="col">{t('payout_fee')}</th>
            <th scope="col">{t('paid_to_you')}</th>
            <th scope="col">{t('payout_destination')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('payout_actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((p) => (
            <tr key={p.payoutId} data-testid="payout-row" data-payout-id={p.payoutId}>
              <th scope="row">{formatDayRange(p.periodFrom, p.periodTo, language)}</th>
              <td data-testid="payout-row-status" data-label={t('payout_status')}>
                {t(`payout_status_${p.status}`)}
              </td>
              <td className="num" data-label={t('payout_amount')}>
                {money(p.amountCents)}
              </td>
              <td className="num" data-label={t('payout_fee')}>
                {money(p.feeCents)}
              </td>
              <td className="num" data-testid="payout-row-paid" data-label={t('paid_to_you')}>
                {money(p.paidCents)}
              </td>
              <td data-label={t('payout_destination')}>{p.destination}</td>
              <td className="payout-row-actions card-wide">
                <Button size="small" onClick={() => onDetails(p.payoutId)} data-testid="payout-details-open">
                  {t('payout_details')}
                </Button>
                <StatementDownload payoutId={p.payoutId} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
