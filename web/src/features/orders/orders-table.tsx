import { useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TranslationKey } from '../../i18n/i18n';
import type { Language } from '../../i18n/language';
import { formatCount, formatDateTime, formatMoney } from '../../lib/format';
import type { OrderView } from './orders-api';
import type { OrderStatus } from './orders-filter';

/** i18n keys of the spec's order status labels (§4: fulfilled, paid, cancelled, pending). */
export const STATUS_LABELS: Record<OrderStatus, TranslationKey> = {
  pending: 'order_status_pending',
  paid: 'order_status_paid',
  fulfilled: 'order_status_fulfilled',
  cancelled: 'order_status_cancelled',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`status-badge status-${status}`} data-testid="order-status" data-status={status}>
      {t(STATUS_LABELS[status])}
    </span>
  );
}

export interface OrdersTableProps {
  orders: readonly OrderView[];
  /** The page these orders are (shown in the caption). */
  page: number;
  /** The filter they match, as a query string (`status=paid`; '' for all): the table's `data-filter`. */
  filterQuery: string;
  /** The marketplace's zone: order times are shown in it. */
  timeZone: string;
  /** A new page or filter is loading: the rows shown are the previous answer. */
  busy: boolean;
  language: Language;
  /** The scrolling region around the table (focused after Previous / Next). */
  ref?: Ref<HTMLDivElement>;
}

/**
 * The spec's columns: order number, date, total, product, quantity, status. An order of several
 * lines shows its first product and "and N more" (a disclosure button that opens a row with every
 * line) and the total quantity. Each order is its own `<tbody>`, so the row and its lines stay together.
 */
export function OrdersTable({ orders, page, filterQuery, timeZone, busy, language, ref }: OrdersTableProps) {
  const { t } = useTranslation();
  const caption = t('orders_table_caption', { page: formatCount(page, language) });
  return (
    // Scrolls sideways on narrow screens: focusable so keyboard users can scroll it too.
    <div className="table-scroll" ref={ref} tabIndex={0} role="region" aria-label={caption}>
      <table className="data-table card-table orders-table" aria-busy={busy} data-testid="orders-table" data-page={page} data-filter={filterQuery}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('order_number')}</th>
            <th scope="col">{t('order_date')}</th>
            <th scope="col" className="numeric">
              {t('order_total')}
            </th>
            <th scope="col">{t('order_product')}</th>
            <th scope="col" className="numeric">
              {t('order_quantity')}
            </th>
            <th scope="col">{t('order_status')}</th>
          </tr>
        </thead>
        {orders.map((order) => (
          <OrderRows key={order.orderId} order={order} timeZone={timeZone} language={language} listSearch={filterQuery ? `?${filterQuery}` : ''} />
        ))}
      </table>
    </div>
  );
}

function OrderRows({ order, timeZone, language, listSearch }: { order: OrderView; timeZone: string; language: Language; listSearch: string }) {
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
      {more.length > 0 && (
        <tr id={linesId} className="order-lines-row" hidden={!open}>
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
      )}
    </tbody>
  );
}
