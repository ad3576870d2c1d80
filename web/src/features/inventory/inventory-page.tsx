import '../../components/empty-state.css';
import './inventory.css';
import { Button, Heading, SelectField, TextField } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { InventorySort } from '../../../../contracts/listings/model';
import { Alert } from '../../components/alert';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { useLoadErrorProps } from '../../lib/error-message';
import { formatCount } from '../../lib/format';
import { invalidateCatalogue, queryKeys } from '../../lib/query-client';
import { updateCursorListItems, useCursorList } from '../../lib/use-cursor-list';
import { usePageTitle } from '../../lib/use-page-title';
import { prefetchWhenIdle } from '../../lib/prefetch';
import { useUrlQuery } from '../../lib/use-url-query';
import { getInventoryPage, type InventoryPage, type InventoryRow } from './inventory-api';
import { firstOrder, inventorySearchParams, parseInventoryQuery, queryKey, SEARCH_MAX, type InventoryQuery } from './inventory-query';
import { InventoryTable } from './inventory-table';
import { LowStockDefaultControl, LowStockRecheckStatus, useLowStockDefault } from './low-stock-default';
import { productNameIn } from '../../../../contracts/listings/names';

/** The offer dialog (its form library and the offer schema's zod) is a lazy chunk: the table does not wait for it. */
const loadOfferDialog = () => import('./offer-dialog');
const warmOfferDialog = () => void loadOfferDialog().catch(() => undefined);
const OfferDialog = lazy(() => loadOfferDialog().then((m) => ({ default: m.OfferDialog })));

/**
 * Inventory (spec §2): every product of the vendor with its offer, searched by name or SKU, sorted and
 * filtered to low stock by the server (`GET /api/inventory?q=&sort=&order=&stock=`), the URL saying
 * which; "Load more" pages.
 * Edit opens the offer dialog; a saved row changes in place and the page repeats the 30-minute notice.
 */
export default function InventoryPage() {
  const { t, i18n } = useTranslation();
  const loadError = useLoadErrorProps();
  const language = languageToApply(i18n.language);
  usePageTitle(t('inventory_title'));
  const { query, params, setParams } = useUrlQuery(parseInventoryQuery, inventorySearchParams);
  const key = queryKey(query);

  // Fetched once the page has settled, so Edit opens the dialog without a wait (and hovering Edit fetches it sooner).
  useEffect(() => prefetchWhenIdle(loadOfferDialog), []);

  const queryClient = useQueryClient();
  const listKey = queryKeys.inventory.list(key);
  const list = useCursorList<InventoryRow, InventoryPage>(listKey, (cursor, signal) => getInventoryPage(query, cursor, signal));
  const [editing, setEditing] = useState<InventoryRow | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [levelSaved, setLevelSaved] = useState<string | null>(null);
  const lowStockDefault = useLowStockDefault();

  const apply = (next: InventoryQuery) => {
    setSaved(null);
    setParams(inventorySearchParams(next, params));
  };
  const onSort = (sort: InventorySort) => apply({ ...query, sort, order: sort === query.sort ? (query.order === 'asc' ? 'desc' : 'asc') : firstOrder(sort) });

  // A new search or sort keeps the rows shown, marked busy, until its first page arrives.
  const rows = list.items.length > 0 ? list.items : list.previousItems;
  const total = list.lastPage?.total;
  // A search reads a large catalogue in parts (issue 15): a part without a match is not "no match" while more remains.
  const empty = list.status === 'loaded' && list.items.length === 0 && !list.hasMore;
  const lowFilter = query.stock === 'low';

  return (
    <section className="page inventory" aria-labelledby="inventory-heading">
      <Heading level={1} id="inventory-heading">
        {t('inventory_title')}
      </Heading>
      <p className="muted">{t('inventory_intro')}</p>
      <p>
        <Link to={query.q ? `/inventory/bulk?q=${encodeURIComponent(query.q)}` : '/inventory/bulk'} data-testid="inventory-bulk-link">
          {t('bulk_link')}
        </Link>
      </p>
      {saved && (
        <Alert tone="success" testId="inventory-notice" onDismiss={() => setSaved(null)} dismissLabel={t('dismiss')}>
          {t('offer_saved', { name: saved })}
        </Alert>
      )}
      {levelSaved && (
        <Alert tone="success" testId="low-stock-default-notice" onDismiss={() => setLevelSaved(null)} dismissLabel={t('dismiss')}>
          {levelSaved}
        </Alert>
      )}
      {/* The default's re-check while it runs (issue 16); done, the lists load again and the notice says so. */}
      <LowStockRecheckStatus onDone={setLevelSaved} />
      {/* Keyed by the search: back/forward or a reload puts the URL's search into the box. */}
      <div className="inventory-filters">
        <SearchForm key={query.q} q={query.q} onSearch={(q) => apply({ ...query, q })} />
        <SelectField
          label={t('inventory_filter_label')}
          size="small"
          value={query.stock ?? 'all'}
          onChange={(e) => apply({ ...query, stock: e.target.value === 'low' ? 'low' : undefined })}
          data-testid="inventory-stock-filter"
        >
          <option value="all">{t('inventory_filter_all')}</option>
          <option value="low">{t('inventory_filter_low')}</option>
        </SelectField>
        <LowStockDefaultControl
          onSaved={(message) => {
            setSaved(null);
            setLevelSaved(message);
          }}
        />
      </div>
      <LoadStatus
        state={list.status === 'loaded' ? 'idle' : list.status}
        loadingText={list.loadingMore ? t('loading_more_products') : t('loading_inventory')}
        {...loadError(list, 'inventory_load_failed')}
        loadedText={total !== undefined ? t('inventory_shown', { shown: formatCount(list.items.length, language), total: formatCount(total, language) }) : undefined}
        retryLabel={t('try_again')}
        onRetry={list.retry}
        testId="inventory-status"
      />
      {empty && (
        <div className="empty-state" data-testid="inventory-empty">
          <p className="empty-state-title">{query.q ? t('no_inventory_match', { q: query.q }) : lowFilter ? t('no_inventory_low') : t('no_inventory_yet')}</p>
          <p className="muted">{query.q ? t('no_inventory_match_hint') : lowFilter ? t('no_inventory_low_hint') : t('no_inventory_yet_hint')}</p>
          {!query.q && !lowFilter && (
            <Link to="/products/new" className="amplify-button amplify-button--primary">
              {t('add_product')}
            </Link>
          )}
        </div>
      )}
      {list.status === 'loaded' && list.items.length === 0 && list.hasMore && (
        <p className="muted" role="status" data-testid="inventory-search-more">
          {t('inventory_search_more')}
        </p>
      )}
      {(rows.length > 0 || list.hasMore) && (
        <>
          <div onPointerOver={warmOfferDialog} onFocus={warmOfferDialog}>
            {rows.length > 0 && <InventoryTable rows={rows} query={query} busy={list.status === 'loading'} language={language} onSort={onSort} onEdit={setEditing} />}
          </div>
          <div className="load-more">
            {total !== undefined && list.items.length > 0 && (
              <span className="muted" data-testid="inventory-total">
                {t('inventory_shown', { shown: formatCount(list.items.length, language), total: formatCount(total, language) })}
              </span>
            )}
            {list.hasMore && list.status !== 'failed' && (
              <Button onClick={list.loadMore} isLoading={list.loadingMore} loadingText={t('loading')} data-testid="inventory-load-more">
                {t('load_more')}
              </Button>
            )}
          </div>
        </>
      )}
      {editing && (
        <Suspense fallback={null}>
          <OfferDialog
            row={editing}
            lowStockDefault={lowStockDefault}
            onClose={() => setEditing(null)}
            onSaved={(row) => {
              // The row changes in place from what the server accepted (no reload of every loaded page); the
              // product lists and other searches are invalidated and load again when next shown.
              updateCursorListItems<InventoryRow, InventoryPage>(queryClient, listKey, (rows) => rows.map((r) => (r.productId === row.productId ? row : r)));
              invalidateCatalogue(queryClient, 'none');
              setEditing(null);
              setSaved(productNameIn(row, language, row.sku));
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

/** Search by name or SKU: applied on Enter or Search (not while typing), so each search is one request and one history entry. */
function SearchForm({ q, onSearch }: { q: string; onSearch(q: string): void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(search.trim().slice(0, SEARCH_MAX));
  };
  return (
    <form className="inventory-search" role="search" aria-label={t('inventory_search_form')} onSubmit={submit} noValidate data-testid="inventory-search">
      <TextField
        label={t('inventory_search_label')}
        type="search"
        value={search}
        maxLength={SEARCH_MAX}
        onChange={(e) => setSearch(e.target.value)}
        size="small"
        autoComplete="off"
        data-testid="inventory-search-input"
      />
      <Button type="submit" size="small" data-testid="inventory-search-submit">
        {t('search')}
      </Button>
      {q && (
        <Button size="small" onClick={() => onSearch('')} data-testid="inventory-search-clear">
          {t('clear_search')}
        </Button>
      )}
    </form>
  );
}
