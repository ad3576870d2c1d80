import { ORDER_STATUSES } from '@contracts/orders';
import { PAYOUT_STATUSES } from '@contracts/payout-statuses';
import { formatDay, formatMoney } from '../../../lib/format';
import { useAdminFormat } from '../admin-format';
import { useAdminTranslation } from '../admin-i18n';
import type { VendorDetail } from './api/get-vendor';

/** A status by its name (the vendor's own order words, the console's payout words), never its code; '—' for one this build does not know. */
function useCodeText() {
  const { t } = useAdminTranslation();
  return (known: readonly string[], code: string, prefix: string) => (known.includes(code) ? t(`${prefix}${code}`) : '—');
}

/** The vendor's latest orders: number, when, status, total. */
export function VendorOrdersSection({ orders }: { orders: VendorDetail['recentOrders'] }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  const codeText = useCodeText();
  return (
    <section className="admin-card" aria-labelledby="admin-vendor-orders">
      <h2 id="admin-vendor-orders">{t('admin_vendors_recent_orders')}</h2>
      {orders.length === 0 ? (
        <p className="admin-muted">{t('admin_vendors_no_orders')}</p>
      ) : (
        <table className="admin-list-table" data-testid="admin-vendor-orders">
          <thead>
            <tr>
              <th scope="col">{t('admin_vendors_order')}</th>
              <th scope="col">{t('admin_vendors_placed')}</th>
              <th scope="col">{t('admin_apps_status')}</th>
              <th scope="col">{t('admin_vendors_total')}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.orderId}>
                <th scope="row" data-label={t('admin_vendors_order')}>
                  {order.orderNumber}
                </th>
                <td data-label={t('admin_vendors_placed')}>{format.instant(order.placedAt)}</td>
                <td data-label={t('admin_apps_status')}>{codeText(ORDER_STATUSES, order.status, 'order_status_')}</td>
                <td data-label={t('admin_vendors_total')}>{formatMoney(order.totalCents, format.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The masked payout method and the payouts: period, status, amount. */
export function VendorPayoutsSection({ detail }: { detail: VendorDetail }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  const codeText = useCodeText();
  const method = detail.payoutMethod;
  return (
    <section className="admin-card" aria-labelledby="admin-vendor-payouts">
      <h2 id="admin-vendor-payouts">{t('admin_vendors_payouts')}</h2>
      <p data-testid="admin-vendor-payout-method">
        {method
          ? t('admin_vendors_payout_method', { method: t(`admin_vendors_method_${method.method}`), destination: method.destination, id: method.payoutAccountId })
          : t('admin_vendors_no_payout_method')}
      </p>
      {detail.payouts.length === 0 ? (
        <p className="admin-muted">{t('admin_vendors_no_payouts')}</p>
      ) : (
        <table className="admin-list-table" data-testid="admin-vendor-payout-history">
          <thead>
            <tr>
              <th scope="col">{t('admin_vendors_period')}</th>
              <th scope="col">{t('admin_apps_status')}</th>
              <th scope="col">{t('admin_vendors_amount')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.payouts.map((payout) => (
              <tr key={payout.payoutId}>
                <th scope="row" data-label={t('admin_vendors_period')}>
                  {`${formatDay(payout.periodFrom, format.language)} – ${formatDay(payout.periodTo, format.language)}`}
                </th>
                <td data-label={t('admin_apps_status')}>{codeText(PAYOUT_STATUSES, payout.status, 'admin_payouts_status_')}</td>
                <td data-label={t('admin_vendors_amount')}>{formatMoney(payout.amountCents, format.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
