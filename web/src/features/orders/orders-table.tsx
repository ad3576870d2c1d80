import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/language';
import { formatCount } from '../../lib/format';
import type { OrderView } from './api/get-orders';
import { OrderRows } from './order-rows';

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
