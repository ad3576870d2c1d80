import './inventory.css';
import { Heading } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { InventorySort } from '@contracts/listings/model';
import { productNameIn } from '@contracts/listings/names';
import { Alert } from '../../components/alert';
import { languageToApply } from '../../i18n/language';
import { prefetchWhenIdle } from '../../lib/prefetch';
import { usePageTitle } from '../../lib/use-page-title';
import { useUrlQuery } from '../../lib/use-url-query';
import { replaceInventoryRow, useInventoryList, type InventoryRow } from './api/get-inventory';
import { useLowStockDefault } from './api/inventory-settings';
import { InventoryFilters } from './inventory-filters';
import { firstOrder, inventorySearchParams, parseInventoryQuery, type InventoryQuery } from './inventory-query';
import { InventoryResults } from './inventory-results';
import { loadLowStockDefaultDialog, LowStockRecheckStatus } from './low-stock-default';

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
  const language = languageToApply(i18n.language);
  usePageTitle(t('inventory_title'));
  const { query, params, setParams } = useUrlQuery(parseInventoryQuery, inventorySearchParams);
  // Fetched once the page has settled, so Edit opens the dialog without a wait (and hovering Edit fetches it sooner).
  useEffect(() => prefetchWhenIdle(() => Promise.all([loadOfferDialog(), loadLowStockDefaultDialog()])), []);
  const queryClient = useQueryClient();
  const list = useInventoryList(query);
  const [editing, setEditing] = useState<InventoryRow | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [levelSaved, setLevelSaved] = useState<string | null>(null);
  const lowStockDefault = useLowStockDefault();

  const apply = (next: InventoryQuery) => {
    setSaved(null);
    setParams(inventorySearchParams(next, params));
  };
  const onSort = (sort: InventorySort) => apply({ ...query, sort, order: sort === query.sort ? (query.order === 'asc' ? 'desc' : 'asc') : firstOrder(sort) });
  const onSaved = (row: InventoryRow) => {
    // The row changes in place from what the server accepted; the other lists load again when next shown (useUpdateOffer).
    replaceInventoryRow(queryClient, query, row);
    setEditing(null);
    setSaved(productNameIn(row, language, row.sku));
  };

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
      <InventoryFilters
        query={query}
        onApply={apply}
        onLevelSaved={(message) => {
          setSaved(null);
          setLevelSaved(message);
        }}
      />
      <InventoryResults list={list} query={query} language={language} onSort={onSort} onEdit={setEditing} onWarm={warmOfferDialog} />
      {editing && (
        <Suspense fallback={null}>
          <OfferDialog row={editing} lowStockDefault={lowStockDefault} onClose={() => setEditing(null)} onSaved={onSaved} />
        </Suspense>
      )}
    </section>
  );
}
