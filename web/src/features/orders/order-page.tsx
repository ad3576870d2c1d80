import './orders.css';
import '../../components/data-table.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { LoadStatus } from '../../components/load-status';
import { languageToApply, type Language } from '../../i18n/language';
import { loadConfig } from '../../lib/config';
import { useLoadErrorProps } from '../../lib/error-message';
import { formatCount, formatDateTime, formatMoney, intlLocale, timeZoneLabel } from '../../lib/format';
import { queryKeys } from '../../lib/query-client';
import { usePageTitle } from '../../lib/use-page-title';
import { toResource } from '../../lib/use-resource';
import { getOrder, type OrderDetails } from './orders-api';
import { StatusBadge } from './orders-table';

/** What the orders list passes to the detail page: its query string, so Back to the list keeps the filter. */
export interface OrderLinkState {
  listSearch?: string;
}

/** The list's URL to go back to: `/orders` with the filter it came from (only a query string, never another path). */
export function backToList(state: unknown): string {
  const search = (state as OrderLinkState | null)?.listSearch;
  return typeof search === 'string' && /^\?[^#]*$/.test(search) ? `/orders${search}` : '/orders';
}

const percent = (bps: number, language: Language) => new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);

/**
 * One order (issue 15), opened from the orders list: its lines with product, quantity, unit price,
 * amount and the commission on each; the totals (gross, commission, net); its status history. Times
 * in the marketplace's zone. Another vendor's order is "not found", like one that does not exist.
 */
export default function OrderPage() {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const { orderId = '' } = useParams();
  const location = useLocation();
  const loadError = useLoadErrorProps();
  const resource = toResource(
    useQuery({
      queryKey: queryKeys.orders.detail(orderId),
      queryFn: async ({ signal }) => {
        const [config, order] = await Promise.all([loadConfig(), getOrder(orderId, signal)]);
        return { order, timeZone: config.marketplaceTimeZone };
      },
    }),
  );
  const data = resource.status === 'loaded' ? resource.data : resource.previous;
  usePageTitle(data ? t('order_detail_title', { orderNumber: data.order.orderNumber }) : t('order_detail_heading'));

  return (
    <section className="page order-detail" aria-labelledby="order-detail-heading" data-testid="order-detail">
      <p className="order-back">
        <Link to={backToList(location.state)} data-testid="order-back">
          {t('order_back')}
        </Link>
      </p>
      <h1 className="amplify-heading amplify-heading--1" id="order-detail-heading">
        {data ? t('order_detail_title', { orderNumber: data.order.orderNumber }) : t('order_detail_heading')}
      </h1>
      <LoadStatus
        state={resource.status === 'loaded' ? 'idle' : resource.status}
        loadingText={t('order_detail_loading')}
        {...loadError(resource, 'order_detail_load_failed')}
        retryLabel={t('try_again')}
        onRetry={resource.retry}
        testId="order-detail-status"
      />
      {data && <OrderDetailBody order={data.order} timeZone={data.timeZone} language={language} />}
    </section>
  );
}

function OrderDetailBody({ order, timeZone, language }: { order: OrderDetails; timeZone: string; language: Language }) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, language);
  const when = (instant: string) => {
    const { date, time } = formatDateTime(instant, language, timeZone);
    return `${date} ${time}`;
  };
  return (
    <>
      <dl className="order-facts">
        <div>
          <dt>{t('order_date')}</dt>
          <dd>
            <time dateTime={order.placedAt} data-testid="order-placed">
              {when(order.placedAt)}
            </time>
          </dd>
        </div>
        <div>
          <dt>{t('order_status')}</dt>
          <dd>
            <StatusBadge status={order.status} />
          </dd>
        </div>
        <div>
          <dt>{t('order_quantity')}</dt>
          <dd>{formatCount(order.quantity, language)}</dd>
        </div>
        <div>
          <dt>{t('order_commission_rate')}</dt>
          <dd data-testid="order-commission-rate">{order.commissionRateBps === null ? t('order_commission_rate_unknown') : percent(order.commissionRateBps, language)}</dd>
        </div>
      </dl>
      <p className="muted order-zone">{t('order_times_zone', { zone: timeZoneLabel(timeZone, language) })}</p>

      <h2 className="order-section-heading">{t('order_lines_heading')}</h2>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t('order_lines_heading')}>
        <table className="data-table card-table order-detail-lines" data-testid="order-detail-lines">
          <caption className="visually-hidden">{t('order_lines_caption', { orderNumber: order.orderNumber })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('order_product')}</th>
              <th scope="col">{t('sku')}</th>
              <th scope="col" className="numeric">
                {t('order_quantity')}
              </th>
              <th scope="col" className="numeric">
                {t('unit_price')}
              </th>
              <th scope="col" className="numeric">
                {t('line_total')}
              </th>
              <th scope="col" className="numeric">
                {t('order_commission')}
              </th>
              <th scope="col" className="numeric">
                {t('order_net')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, i) => (
              <tr key={`${line.sku}-${i}`} data-testid="order-detail-line">
                <th scope="row" className="card-wide">
                  {line.name}
                </th>
                <td className="order-sku" data-label={t('sku')}>
                  {line.sku}
                </td>
                <td className="numeric" data-label={t('order_quantity')}>
                  {formatCount(line.quantity, language)}
                </td>
                <td className="numeric" data-label={t('unit_price')}>
                  {money(line.unitPriceCents)}
                </td>
                <td className="numeric" data-label={t('line_total')} data-testid="line-amount">
                  {money(line.amountCents)}
                </td>
                <td className="numeric" data-label={t('order_commission')} data-testid="line-commission">
                  {money(line.commissionCents)}
                </td>
                <td className="numeric" data-label={t('order_net')} data-testid="line-net">
                  {money(line.netCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 className="order-section-heading">{t('order_totals_heading')}</h2>
      <dl className="order-totals" data-testid="order-totals">
        <div>
          <dt>{t('order_gross')}</dt>
          <dd data-testid="order-gross">{money(order.grossCents)}</dd>
        </div>
        <div>
          <dt>{t('order_commission')}</dt>
          <dd data-testid="order-commission">{money(-order.commissionCents)}</dd>
        </div>
        <div className="order-totals-net">
          <dt>{t('order_net')}</dt>
          <dd data-testid="order-net">{money(order.netCents)}</dd>
        </div>
      </dl>
      {order.status === 'cancelled' && <p className="muted">{t('order_cancelled_note')}</p>}

      <h2 className="order-section-heading">{t('order_history_heading')}</h2>
      <ol className="order-history" data-testid="order-history">
        {order.historyComplete ? null : (
          <li className="order-history-entry" data-testid="order-history-placed">
            <span className="order-history-what">{t('order_history_placed')}</span>
            <time dateTime={order.placedAt}>{when(order.placedAt)}</time>
          </li>
        )}
        {order.statusHistory.map((change, i) => (
          <li key={`${change.status}-${i}`} className="order-history-entry" data-testid="order-history-entry" data-status={change.status}>
            <StatusBadge status={change.status} />
            <time dateTime={change.at}>{when(change.at)}</time>
          </li>
        ))}
      </ol>
      {!order.historyComplete && (
        <p className="muted" data-testid="order-history-partial">
          {t('order_history_partial')}
        </p>
      )}
    </>
  );
}
