import '../../components/empty-state.css';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { InventorySort } from '@contracts/listings/model';
import { LoadStatus } from '../../components/load-status';
import type { Language } from '../../i18n/language';
import { useLoadErrorProps } from '../../lib/error-message';
import { formatCount } from '../../lib/format';
import type { useInventoryList, InventoryRow } from './api/get-inventory';
import type { InventoryQuery } from './inventory-query';
import { InventoryTable } from './inventory-table';

interface InventoryResultsProps {
  list: ReturnType<typeof useInventoryList>;
  query: InventoryQuery;
  language: Language;
  onSort(sort: InventorySort): void;
  onEdit(row: InventoryRow): void;
  /** Edit is near: the offer dialog's chunk is fetched (hover or focus over the table). */
  onWarm(): void;
}

/** The inventory list's state, its empty states, the table and "Load more". */
export function InventoryResults({ list, query, language, onSort, onEdit, onWarm }: InventoryResultsProps) {
  const { t } = useTranslation();
  const loadError = useLoadErrorProps();
  // A new search or sort keeps the rows shown, marked busy, until its first page arrives.
  const rows = list.items.length > 0 ? list.items : list.previousItems;
  const total = list.lastPage?.total;
  const shown = total !== undefined ? t('inventory_shown', { shown: formatCount(list.items.length, language), total: formatCount(total, language) }) : undefined;
  return (
    <>
      <LoadStatus
        state={list.status === 'loaded' ? 'idle' : list.status}
        loadingText={list.loadingMore ? t('loading_more_products') : t('loading_inventory')}
        {...loadError(list, 'inventory_load_failed')}
        loadedText={shown}
        retryLabel={t('try_again')}
        onRetry={list.retry}
        testId="inventory-status"
      />
      <InventoryEmpty list={list} query={query} />
      {(rows.length > 0 || list.hasMore) && (
        <>
          <div onPointerOver={onWarm} onFocus={onWarm}>
            {rows.length > 0 && <InventoryTable rows={rows} query={query} busy={list.status === 'loading'} language={language} onSort={onSort} onEdit={onEdit} />}
          </div>
          <div className="load-more">
            {shown !== undefined && list.items.length > 0 && (
              <span className="muted" data-testid="inventory-total">
                {shown}
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
    </>
  );
}

/** Nothing to show: no product yet, no match, no low stock; or a search still reading a large catalogue in parts (issue 15). */
function InventoryEmpty({ list, query }: { list: ReturnType<typeof useInventoryList>; query: InventoryQuery }) {
  const { t } = useTranslation();
  const lowFilter = query.stock === 'low';
  if (list.status !== 'loaded' || list.items.length > 0) return null;
  // A part without a match is not "no match" while more remains.
  if (list.hasMore)
    return (
      <p className="muted" role="status" data-testid="inventory-search-more">
        {t('inventory_search_more')}
      </p>
    );
  return (
    <div className="empty-state" data-testid="inventory-empty">
      <p className="empty-state-title">{query.q ? t('no_inventory_match', { q: query.q }) : lowFilter ? t('no_inventory_low') : t('no_inventory_yet')}</p>
      <p className="muted">{query.q ? t('no_inventory_match_hint') : lowFilter ? t('no_inventory_low_hint') : t('no_inventory_yet_hint')}</p>
      {!query.q && !lowFilter && (
        <Link to="/products/new" className="amplify-button amplify-button--primary">
          {t('add_product')}
        </Link>
      )}
    </div>
  );
}
