import { useTranslation } from 'react-i18next';
import type { PayoutDetails } from '@contracts/payouts';
import { languageToApply } from '../../i18n/language';
import { formatCount, formatMoney } from '../../lib/format';

function useMoney() {
  const { i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  return { language, money: (cents: number) => formatMoney(cents, language) };
}

/** The statement's lines, in its order: they add up to Paid to you (docs/api.md). */
export function PayoutReconciliationLines({ reconciliation: r }: { reconciliation: PayoutDetails['reconciliation'] }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  // What comes off, with its sign (and no "-$0.00").
  const minus = (cents: number) => money(cents === 0 ? 0 : -cents);
  return (
    <>
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
    </>
  );
}

/** The products sold in the period, with quantity, price and amount. */
export function PayoutProducts({ products }: { products: PayoutDetails['sales']['products'] }) {
  const { t } = useTranslation();
  const { money, language } = useMoney();
  return (
    <>
      <h3>{t('products_sold')}</h3>
      {products.length === 0 ? (
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
            {products.map((p) => (
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
  );
}
