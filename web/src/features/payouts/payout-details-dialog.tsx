import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { errorMessage } from '../../lib/error-message';
import { formatCount, formatDayRange, formatMoney } from '../../lib/format';
import { useResource } from '../../lib/use-resource';
import { getPayoutDetails } from './payouts-api';

/** The details modal: period, commission, total, paid to you, and the products sold with quantity and price. */
export function PayoutDetailsDialog({ payoutId, onClose }: { payoutId: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const details = useResource(payoutId, (signal) => getPayoutDetails(payoutId, signal));
  const money = (cents: number) => formatMoney(cents, language);
  return (
    <Dialog
      title={t('payout_details_title')}
      onClose={onClose}
      testId="payout-details"
      footer={
        <Button onClick={onClose} data-testid="payout-details-close">
          {t('close')}
        </Button>
      }
    >
      <LoadStatus
        state={details.status === 'loaded' ? 'idle' : details.status}
        loadingText={t('loading_payout_details')}
        errorText={details.status === 'failed' ? t('payout_details_failed', { message: errorMessage(details.error) }) : undefined}
        retryLabel={t('try_again')}
        onRetry={details.retry}
        testId="payout-details-status"
      />
      {details.status === 'loaded' && (
        <>
          <dl className="payout-summary">
            <dt>{t('payout_period')}</dt>
            <dd data-testid="payout-details-period">{formatDayRange(details.data.periodFrom, details.data.periodTo, language)}</dd>
            <dt>{t('payout_total_sales')}</dt>
            <dd data-testid="payout-details-total">{money(details.data.sales.totalCents)}</dd>
            <dt>{t('payout_commission')}</dt>
            <dd data-testid="payout-details-commission">{money(details.data.sales.commissionCents)}</dd>
            <dt>{t('payout_fee')}</dt>
            <dd data-testid="payout-details-fee">{money(details.data.feeCents)}</dd>
            <dt>{t('paid_to_you')}</dt>
            <dd data-testid="payout-details-paid">{money(details.data.paidCents)}</dd>
          </dl>
          <h3>{t('products_sold')}</h3>
          {details.data.sales.products.length === 0 ? (
            <p className="muted">{t('no_products_sold')}</p>
          ) : (
            <table className="data-table card-table" data-testid="payout-details-products">
              <thead>
                <tr>
                  <th scope="col">{t('order_product')}</th>
                  <th scope="col">{t('order_quantity')}</th>
                  <th scope="col">{t('unit_price')}</th>
                  <th scope="col">{t('line_total')}</th>
                </tr>
              </thead>
              <tbody>
                {details.data.sales.products.map((p) => (
                  <tr key={`${p.sku}#${p.unitPriceCents}`}>
                    <th scope="row">{p.name}</th>
                    <td className="num" data-label={t('order_quantity')}>
                      {formatCount(p.quantity, language)}
                    </td>
                    <td className="num" data-label={t('unit_price')}>
                      {money(p.unitPriceCents)}
                    </td>
                    <td className="num" data-label={t('line_total')}>
                      {money(p.amountCents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </Dialog>
  );
}
