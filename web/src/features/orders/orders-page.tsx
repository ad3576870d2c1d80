import '../../components/empty-state.css';
import './orders.css';
import '../../components/data-table.css';
import { Button, Heading } from '@aws-amplify/ui-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { loadConfig } from '../../lib/config';
import { useLoadErrorProps } from '../../lib/error-message';
import { formatCount } from '../../lib/format';
import { queryKeys } from '../../lib/query-client';
import { useResource } from '../../lib/use-resource';
import { usePageTitle } from '../../lib/use-page-title';
import { useUrlQuery } from '../../lib/use-url-query';
import { ExportOrders } from './export-orders';
import { getOrdersPage } from './orders-api';
import { filterKey, filterSearchParams, isFiltered, parseOrdersFilter, type OrdersFilter } from './orders-filter';
import { OrdersFilterForm } from './orders-filter-form';
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
  // Each page is a query of its own, keyed by the filter and its cursor: going back asks the server again
  // (the cached page shows meanwhile, marked busy), and while another page loads the last one stays shown.
  const filterQuery = filterSearchParams(filter).toString();
  const orders = useResource(
    useQuery({
      queryKey: queryKeys.orders.page(filterQuery, page, cursor),
      queryFn: async ({ signal }) => {
        const [config, answer] = await Promise.all([loadConfig(), getOrdersPage(filter, cursor, signal)]);
        // filterQuery: the filter these rows answer (the table's data-filter, for tests and debugging);
        // timeZone: order times are shown in the marketplace's zone, whose days the filter counts.
        return { ...answer, page, filterQuery, timeZone: config.marketplaceTimeZone };
      },
      placeholderData: keepPreviousData,
    }),
  );
  const shown = orders.status === 'loaded' ? orders.data : orders.previous;
  const loading = orders.status === 'loading';

  const applyFilter = useCallback((next: OrdersFilter) => setParams(filterSearchParams(next, params)), [params, setParams]);
  const clearFilter = useCallback(() => applyFilter({}), [applyFilter]);
  const search = useCallback((number: string) => applyFilter({ number }), [applyFilter]);

  // After Previous / Next, the new page's table takes the focus (and a screen reader reads its caption).
  const tableRef = useRef<HTMLDivElement>(null);
  const focusTableOnLoad = useRef(false);
  const loadedPage = orders.status === 'loaded' ? orders.data.page : undefined;
  useEffect(() => {
    if (loadedPage === undefined || !focusTableOnLoad.current) return;
    focusTableOnLoad.current = false;
    tableRef.current?.focus();
    tableRef.current?.scrollIntoView?.({ block: 'start' });
  }, [loadedPage]);
  const turnPage = (action: 'next' | 'previous') => {
    if (action === 'next' && shown?.nextCursor) dispatch({ type: 'next', filterKey: key, cursor: shown.nextCursor });
    if (action === 'previous') dispatch({ type: 'previous', filterKey: key });
    focusTableOnLoad.current = true;
  };

  const filtered = isFiltered(filter);
  const loadedText =
    orders.status === 'loaded'
      ? orders.data.orders.length
        ? filter.number
          ? t('order_search_loaded', { number: filter.number, orders: formatCount(orders.data.orders.length, language) })
          : t('orders_loaded', { page: formatCount(orders.data.page, language), orders: formatCount(orders.data.orders.length, language) })
        : filter.number
          ? t('order_search_none', { number: filter.number })
          : filtered
            ? t('no_orders_match')
            : t('no_orders_yet')
      : undefined;

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
      <LoadStatus
        state={orders.status === 'loaded' ? 'idle' : orders.status}
        loadingText={t('loading_orders')}
        {...loadError(orders, 'orders_load_failed')}
        loadedText={loadedText}
        retryLabel={t('try_again')}
        onRetry={orders.retry}
        testId="orders-status"
      />
      {orders.status !== 'failed' && shown && shown.orders.length === 0 && !loading && (
        <div className="empty-state" data-testid="orders-empty">
          <p className="empty-state-title">{filter.number ? t('order_search_none', { number: filter.number }) : filtered ? t('no_orders_match') : t('no_orders_yet')}</p>
          <p className="muted">{filter.number ? t('order_search_none_hint') : filtered ? t('no_orders_match_hint') : t('no_orders_yet_hint')}</p>
          {filtered && <Button onClick={clearFilter}>{t('clear_filters')}</Button>}
        </div>
      )}
      {orders.status !== 'failed' && shown && shown.orders.length > 0 && (
        <>
          <OrdersTable ref={tableRef} orders={shown.orders} page={shown.page} filterQuery={shown.filterQuery} timeZone={shown.timeZone} busy={loading} language={language} />
          {(hasPrevious || shown.nextCursor) && (
            <nav className="pagination" aria-label={t('orders_pagination')}>
              <Button size="small" onClick={() => turnPage('previous')} isDisabled={!hasPrevious || loading} data-testid="orders-previous">
                {t('previous_page')}
              </Button>
              <span className="pagination-page" data-testid="orders-page-number">
                {t('page_number', { page: formatCount(page, language) })}
              </span>
              <Button size="small" onClick={() => turnPage('next')} isDisabled={!shown.nextCursor || loading} data-testid="orders-next">
                {t('next_page')}
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
