import { Button } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { useLoadErrorProps } from '../../lib/error-message';
import { formatCount, formatDayRange, formatMoney } from '../../lib/format';
import { queryKeys } from '../../lib/query-client';
import { useResource } from '../../lib/use-resource';
import { getPayoutDetails } from './payouts-api';

/**
 * The details modal: the period, the lines that add up to Paid to you (gross sales, commission,
 * cancellations and adjustments, carried over, transfer fee — as the statement CSV has them), and
 * the products sold in the period with quantity and price.
 */
export function PayoutDetailsDialog({ payoutId, onClose }: { payoutId: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const loadError = useLoadErrorProps();
  const language = languageToApply(i18n.language);
  const details = useResource(useQuery({ queryKey: queryKeys.payouts.details(payoutId), queryFn: ({ signal }) => getPayoutDetails(payoutId, signal) }));
  const money = (cents: number) => formatMoney(cents, language);
  // What comes off, with its sign (and no "-$0.00").
  const minus = (cents: number) => money(cents === 0 ? 0 : -cents);
  const r = details.status === 'loaded' ? details.data.reconciliation : null;
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
        {...loadError(details, 'payout_details_failed')}
        retryLabel={t('try_again')}
        onRetry={details.retry}
        testId="payout-details-status"
      />
      {details.status === 'loaded' && r && (
        <>
          <dl className="payout-summary">
            <dt>{t('payout_period')}</dt>
            <dd data-testid="payout-details-period">{formatDayRange(details.data.periodFrom, details.data.periodTo, language)}</dd>
          </dl>
          {/* The statement's lines, in its order: they add up to Paid to you (docs/api.md). */}
          <h3>{t('payout_reconciliation_caption')}</h3>
          <dl className="payout-summary" data-testid="payout-reconciliation">
            <dt>{t('payout_gross_sales')}</dt>
            <dd data-testid="payout-details-gross">{money(r.grossSalesCents)}</dd>
            <dt>{t('payout_commission')}</dt>
            <dd data-testid="payout-details-commission">{minus(r.commissionCents)}</dd>
            {r.adjustmentsCents !== 0 && (
              <>
                <dt>{t('payout_adjustments')}</dt>
                <dd data-testid="payout-details-adjustments">{money(r.adjustmentsCents)}</dd>
              </>
            )}
            <dt>{t('payout_carried_over')}</dt>
            <dd data-testid="payout-details-carried-over">{money(r.carriedOverCents)}</dd>
            <dt>{t('payout_fee')}</dt>
            <dd data-testid="payout-details-fee">{minus(r.feeCents)}</dd>
            <dt>{t('paid_to_you')}</dt>
            <dd data-testid="payout-details-paid">{money(r.paidCents)}</dd>
          </dl>
          <h3>{t('products_sold')}</h3>
          {details.data.sales.products.length === 0 ? (
            <p className="muted">{t('no_products_sold')}</p>
          ) : (
            <table className="data-table card-table" data-testid="payout-details-products">
              <thead>
                <tr>
                  <th scope="col">{t('payout_product')}</th>
                  <th scope="col">{t('payout_quantity')}</th>
                  <th scope="col">{t('payout_price')}</th>
                  <th scope="col">{t('payout_line_amount')}</th>
                </tr>
              </thead>
              <tbody>
                {details.data.sales.products.map((p) => (
                  <tr key={`${p.sku}#${p.unitPriceCents}`}>
                    <th scope="row">{p.name}</th>
                    <td className="num" data-label={t('payout_quantity')}>
                      {formatCount(p.quantity, language)}
                    </td>
                    <td className="num" data-label={t('payout_price')}>
                      {money(p.unitPriceCents)}
                    </td>
                    <td className="num" data-label={t('payout_line_amount')}>
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
