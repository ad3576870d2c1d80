import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/language';
import { formatCount, formatDateTime, formatMoney, intlLocale, timeZoneLabel } from '../../lib/format';
import type { OrderDetails } from './api/get-order';
import { StatusBadge } from './status-badge';

/** The order page's sections (issue 15): facts, lines, totals, status history. Times in the marketplace's zone. */
interface SectionProps {
  order: OrderDetails;
  language: Language;
}

const percent = (bps: number, language: Language) => new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);

/** An instant as "Mar 8, 2026 10:04 AM" in `timeZone`. */
const when = (instant: string, language: Language, timeZone: string) => {
  const { date, time } = formatDateTime(instant, language, timeZone);
  return `${date} ${time}`;
};

/** When it was placed, its status, quantity and commission rate; the zone its times are in. */
export function OrderFactsSection({ order, language, timeZone }: SectionProps & { timeZone: string }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="order-facts">
        <div>
          <dt>{t('order_date')}</dt>
          <dd>
            <time dateTime={order.placedAt} data-testid="order-placed">
              {when(order.placedAt, language, timeZone)}
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
    </>
  );
}

/** Its lines with product, quantity, unit price, amount and the commission on each. */
export function OrderLinesSection({ order, language }: SectionProps) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, language);
  const numeric = ['order_quantity', 'unit_price', 'line_total', 'order_commission', 'order_net'] as const;
  return (
    <>
      <h2 className="order-section-heading">{t('order_lines_heading')}</h2>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t('order_lines_heading')}>
        <table className="data-table card-table order-detail-lines" data-testid="order-detail-lines">
          <caption className="visually-hidden">{t('order_lines_caption', { orderNumber: order.orderNumber })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('order_product')}</th>
              <th scope="col">{t('sku')}</th>
              {numeric.map((key) => (
                <th key={key} scope="col" className="numeric">
                  {t(key)}
                </th>
              ))}
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
    </>
  );
}

/** Gross, commission and net (and, for a cancelled order, that nothing is paid for it). */
export function OrderTotalsSection({ order, language }: SectionProps) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, language);
  return (
    <>
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
    </>
  );
}

/** Its status history (with "placed" first when the history is not complete, and a note saying so). */
export function OrderHistorySection({ order, language, timeZone }: SectionProps & { timeZone: string }) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="order-section-heading">{t('order_history_heading')}</h2>
      <ol className="order-history" data-testid="order-history">
        {order.historyComplete ? null : (
          <li className="order-history-entry" data-testid="order-history-placed">
            <span className="order-history-what">{t('order_history_placed')}</span>
            <time dateTime={order.placedAt}>{when(order.placedAt, language, timeZone)}</time>
          </li>
        )}
        {order.statusHistory.map((change, i) => (
          <li key={`${change.status}-${i}`} className="order-history-entry" data-testid="order-history-entry" data-status={change.status}>
            <StatusBadge status={change.status} />
            <time dateTime={change.at}>{when(change.at, language, timeZone)}</time>
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
