import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Language } from '../../i18n/language';
import { formatCount, formatDateTime, formatMoney } from '../../lib/format';
import type { OrderView } from './api/get-orders';
import { StatusBadge } from './status-badge';

/**
 * One order of the list, its own `<tbody>` so the row and its lines stay together: number (a link to
 * the order, issue 15), date, total, first product with "and N more" (a disclosure button that opens a
 * row with every line), quantity, status.
 */
export function OrderRows({ order, timeZone, language, listSearch }: { order: OrderView; timeZone: string; language: Language; listSearch: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const linesId = useId();
  const [first, ...more] = order.lines;
  const placed = formatDateTime(order.placedAt, language, timeZone);
  const money = (cents: number) => formatMoney(cents, language);
  return (
    <tbody className={open ? 'order open' : 'order'}>
      <tr data-testid="order-row" data-order-number={order.orderNumber} data-status={order.status}>
        <th scope="row" className="order-number" data-testid="order-number">
          {/* The order's detail page (issue 15); Back there returns to this filter. */}
          <Link to={`/orders/${encodeURIComponent(order.orderId)}`} state={{ listSearch }} className="order-link" aria-label={t('order_open_label', { orderNumber: order.orderNumber })} data-testid="order-link">
            {order.orderNumber}
          </Link>
        </th>
        <td className="order-date" data-label={t('order_date')}>
          <time dateTime={order.placedAt}>
            {placed.date}
            <span className="order-time">{placed.time}</span>
          </time>
        </td>
        <td className="numeric" data-testid="order-total" data-label={t('order_total')}>
          {money(order.totalCents)}
        </td>
        <td className="order-product card-wide" data-label={t('order_product')}>
          <span data-testid="order-product">{first?.name ?? '—'}</span>
          {more.length > 0 && (
            <button
              type="button"
              className="text-button order-lines-toggle"
              aria-expanded={open}
              aria-controls={linesId}
              aria-label={t('order_lines_toggle_label', { more: formatCount(more.length, language), orderNumber: order.orderNumber })}
              onClick={() => setOpen((v) => !v)}
              data-testid="order-lines-toggle"
            >
              {t('order_more_lines', { more: formatCount(more.length, language) })}
              <svg className="order-lines-chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
                <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          )}
        </td>
        <td className="numeric" data-testid="order-quantity" data-label={t('order_quantity')}>
          {formatCount(order.quantity, language)}
        </td>
        <td data-label={t('order_status')}>
          <StatusBadge status={order.status} />
        </td>
      </tr>
      {more.length > 0 && <OrderLinesRow id={linesId} order={order} open={open} language={language} />}
    </tbody>
  );
}

/** The disclosed row of an order of several lines: every line with its SKU, quantity, unit price and amount. */
function OrderLinesRow({ id, order, open, language }: { id: string; order: OrderView; open: boolean; language: Language }) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, language);
  return (
    <tr id={id} className="order-lines-row" hidden={!open}>
      <td colSpan={6} className="card-wide">
        <table className="order-lines card-table" data-testid="order-lines">
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
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, i) => (
              <tr key={`${line.sku}-${i}`}>
                <td className="card-wide" data-label={t('order_product')}>
                  {line.name}
                </td>
                <td className="order-sku" data-label={t('sku')}>
                  {line.sku}
                </td>
                <td className="numeric" data-label={t('order_quantity')}>
                  {formatCount(line.quantity, language)}
                </td>
                <td className="numeric" data-label={t('unit_price')}>
                  {money(line.unitPriceCents)}
                </td>
                <td className="numeric" data-label={t('line_total')}>
                  {money(line.quantity * line.unitPriceCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </td>
    </tr>
  );
}
