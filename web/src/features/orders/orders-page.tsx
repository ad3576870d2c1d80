import '../../components/empty-state.css';
import './orders.css';
import '../../components/data-table.css';
import { Heading } from '@aws-amplify/ui-react';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { useLoadErrorProps } from '../../lib/error-message';
import { usePageTitle } from '../../lib/use-page-title';
import { useUrlQuery } from '../../lib/use-url-query';
import { useOrdersPage } from './api/get-orders';
import { ExportOrders } from './export-orders';
import { filterKey, filterSearchParams, parseOrdersFilter, type OrdersFilter } from './orders-filter';
import { OrdersFilterForm } from './orders-filter-form';
import { OrdersEmpty, OrdersPagination, useOrdersLoadedText } from './orders-list-sections';
import { OrderNumberSearch } from './order-number-search';
import { OrdersTable } from './orders-table';
import { currentPage, firstPage, pagesReducer } from './pagination';

/**
 * Orders (spec §2): the vendor's orders, newest first, 25 a page with Previous / Next; filters by
 * status and marketplace days kept in the URL; the spec's empty state 'no orders yet' (and another
 * message when a filter matches nothing); CSV export of the filter in force.
 */
export default function OrdersPage() {
  const { t, i18n } = useTranslation();
  const loadError = useLoadErrorProps();
  const language = languageToApply(i18n.language);
  usePageTitle(t('orders_title'));
  const { query: filter, params, setParams } = useUrlQuery(parseOrdersFilter, filterSearchParams);
  const key = filterKey(filter);
  // Which page of which filter the vendor is on (UI state: the API's cursors walked, pagination.ts).
  const [pages, dispatch] = useReducer(pagesReducer, key, firstPage);
  const { page, cursor, hasPrevious } = currentPage(pages, key);
  const orders = useOrdersPage(filter, page, cursor);
  const shown = orders.status === 'loaded' ? orders.data : orders.previous;
  const loading = orders.status === 'loading';
  const loadedText = useOrdersLoadedText(filter, language)(orders.status === 'loaded' ? orders.data : undefined);

  const applyFilter = useCallback((next: OrdersFilter) => setParams(filterSearchParams(next, params)), [params, setParams]);
  const clearFilter = useCallback(() => applyFilter({}), [applyFilter]);
  const search = useCallback((number: string) => applyFilter({ number }), [applyFilter]);
  const { tableRef, focusOnLoad } = useFocusTableOnLoad(orders.status === 'loaded' ? orders.data.page : undefined);
  const turnPage = (action: 'next' | 'previous') => {
    if (action === 'next' && shown?.nextCursor) dispatch({ type: 'next', filterKey: key, cursor: shown.nextCursor });
    if (action === 'previous') dispatch({ type: 'previous', filterKey: key });
    focusOnLoad();
  };

  return (
    <section className="page orders" aria-labelledby="orders-heading">
      <Heading level={1} id="orders-heading">
        {t('orders_title')}
      </Heading>
      <OrderNumberSearch key={`number|${filter.number ?? ''}`} number={filter.number} onSearch={search} onClear={clearFilter} />
      <div className="orders-toolbar">
        {/* Keyed by the filter: back/forward or a reload puts the URL's filter into the fields. */}
        <OrdersFilterForm key={key} filter={filter} onApply={applyFilter} onClear={clearFilter} />
        {/* A search by number is not exported: the export takes the filter (status and days). */}
        {!filter.number && <ExportOrders filter={filter} />}
      </div>
      <LoadStatus state={orders.status === 'loaded' ? 'idle' : orders.status} loadingText={t('loading_orders')} {...loadError(orders, 'orders_load_failed')} loadedText={loadedText} retryLabel={t('try_again')} onRetry={orders.retry} testId="orders-status" />
      {orders.status !== 'failed' && shown && shown.orders.length === 0 && !loading && <OrdersEmpty filter={filter} onClear={clearFilter} />}
      {orders.status !== 'failed' && shown && shown.orders.length > 0 && (
        <>
          <OrdersTable ref={tableRef} orders={shown.orders} page={shown.page} filterQuery={shown.filterQuery} timeZone={shown.timeZone} busy={loading} language={language} />
          {(hasPrevious || shown.nextCursor) && <OrdersPagination page={page} hasPrevious={hasPrevious} hasNext={Boolean(shown.nextCursor)} busy={loading} language={language} onTurn={turnPage} />}
        </>
      )}
    </section>
  );
}

/** After Previous / Next, the new page's table takes the focus (and a screen reader reads its caption). */
function useFocusTableOnLoad(loadedPage: number | undefined) {
  const tableRef = useRef<HTMLDivElement>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (loadedPage === undefined || !pending.current) return;
    pending.current = false;
    tableRef.current?.focus();
    tableRef.current?.scrollIntoView?.({ block: 'start' });
  }, [loadedPage]);
  return { tableRef, focusOnLoad: () => void (pending.current = true) };
}
