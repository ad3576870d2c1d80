import '../../components/empty-state.css';
import './listings.css';
import { Button, Heading } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PRODUCT_TABS, type ProductPage, type ProductTab, type ProductView } from '../../../../contracts/listings/model';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { loadConfig } from '../../lib/config';
import { useErrorText, useLoadErrorProps } from '../../lib/error-message';
import { formatCount } from '../../lib/format';
import { invalidateCatalogue, queryKeys } from '../../lib/query-client';
import { updateCursorListItems, useCursorList } from '../../lib/use-cursor-list';
import { usePageTitle } from '../../lib/use-page-title';
import { useUrlQuery } from '../../lib/use-url-query';
import type { SavedState } from './product-form';
import { ProductList, removeKind, shownName, type RemoveKind } from './product-list';
import { deleteProduct, getProductsPage, isProductTab } from './products-api';

const DEFAULT_TAB: ProductTab = 'published';

const parseTab = (params: URLSearchParams): ProductTab => {
  const raw = params.get('tab');
  return isProductTab(raw) ? raw : DEFAULT_TAB;
};
/** An unknown tab is dropped from the URL; a known one stays as written. */
const tabSearchParams = (tab: ProductTab, params: URLSearchParams): URLSearchParams => {
  const next = new URLSearchParams(params);
  if (params.has('tab') && params.get('tab') !== tab) next.delete('tab');
  return next;
};

const isSavedState = (state: unknown): state is SavedState =>
  typeof state === 'object' && state !== null && typeof (state as SavedState).saved === 'object' && typeof (state as SavedState).saved?.name === 'string';

/**
 * The product lists (spec §2), one tab each: Published, Pending review, Rejected, Drafts. The tab is
 * the URL (`/products?tab=pending`; no parameter = Published, an unknown one is dropped), so a saved
 * form can send the vendor to the right list and Back works. Tabs follow the ARIA tabs pattern
 * (arrow keys, Home, End). Each list loads 'Load more' pages over the API's cursor.
 */
export default function ProductsPage() {
  const { t, i18n } = useTranslation();
  const loadError = useLoadErrorProps();
  const language = languageToApply(i18n.language);
  usePageTitle(t('products_title'));
  const { query: tab, params, setParams } = useUrlQuery(parseTab, tabSearchParams);
  const location = useLocation();
  const navigate = useNavigate();

  const queryClient = useQueryClient();
  const listKey = queryKeys.products.list(tab);
  const list = useCursorList<ProductView, ProductPage & { timeZone: string }>(listKey, async (cursor, signal) => {
    const [config, page] = await Promise.all([loadConfig(), getProductsPage(tab, cursor, signal)]);
    return { ...page, timeZone: config.marketplaceTimeZone };
  });

  // How many products each tab holds (issue 15): from the last page the server sent, kept while another tab loads.
  const [counts, setCounts] = useState<ProductPage['counts']>(undefined);
  const [answered, setAnswered] = useState<ProductPage['counts']>(undefined);
  const answeredCounts = list.lastPage?.counts;
  if (answeredCounts && answeredCounts !== answered) {
    // A new answer's counts replace what was shown (set while rendering: React's pattern for state derived from props).
    setAnswered(answeredCounts);
    setCounts(answeredCounts);
  }

  // What the item form or a deletion has to say, for the page it was said on.
  const saved = isSavedState(location.state) ? location.state.saved : null;
  const [deleted, setDeleted] = useState<{ kind: RemoveKind; name: string } | null>(null);
  const [deleting, setDeleting] = useState<{ product: ProductView; kind: RemoveKind; name: string } | null>(null);
  const onDelete = (product: ProductView) => {
    const kind = removeKind(product, tab);
    if (kind) setDeleting({ product, kind, name: shownName(product, tab, language) });
  };
  const dismiss = () => {
    setDeleted(null);
    if (saved) navigate({ search: location.search }, { replace: true, state: null });
  };

  const tabRefs = useRef<Partial<Record<ProductTab, HTMLButtonElement | null>>>({});
  const selectTab = (next: ProductTab, focus = false) => {
    const query = new URLSearchParams(params);
    if (next === DEFAULT_TAB) query.delete('tab');
    else query.set('tab', next);
    setDeleted(null);
    setParams(query);
    if (focus) tabRefs.current[next]?.focus();
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = PRODUCT_TABS.indexOf(tab);
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: PRODUCT_TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    selectTab(PRODUCT_TABS[(to + PRODUCT_TABS.length) % PRODUCT_TABS.length]!, true);
  };

  const loading = list.status === 'loading' && !list.loadingMore;
  const empty = list.status === 'loaded' && list.items.length === 0;
  const timeZone = list.lastPage?.timeZone ?? 'UTC';

  return (
    <section className="page products" aria-labelledby="products-heading">
      <div className="page-heading-row">
        <Heading level={1} id="products-heading">
          {t('products_title')}
        </Heading>
        <Link to="/products/new" className="amplify-button amplify-button--primary" data-testid="add-product">
          {t('add_product')}
        </Link>
      </div>
      {saved && (
        <Alert tone="success" testId="products-notice" onDismiss={dismiss} dismissLabel={t('dismiss')}>
          {saved.mode === 'submit' ? t('product_submitted', { name: saved.name }) : t('product_saved_draft', { name: saved.name })}
        </Alert>
      )}
      {deleted && (
        <Alert tone="success" testId="products-notice" onDismiss={dismiss} dismissLabel={t('dismiss')}>
          {t(REMOVE_TEXT[deleted.kind].done, { name: deleted.name })}
        </Alert>
      )}
      <div className="tabs" role="tablist" aria-label={t('products_tabs_label')}>
        {PRODUCT_TABS.map((id) => (
          <button
            key={id}
            ref={(el) => {
              tabRefs.current[id] = el;
            }}
            type="button"
            role="tab"
            id={`products-tab-${id}`}
            aria-selected={id === tab}
            aria-controls="products-panel"
            tabIndex={id === tab ? 0 : -1}
            className="tab"
            onClick={() => selectTab(id)}
            onKeyDown={onTabKey}
            data-testid={`products-tab-${id}`}
          >
            {counts ? t('product_tab_count', { tab: t(`tab_${id}`), count: formatCount(counts[id], language) }) : t(`tab_${id}`)}
          </button>
        ))}
      </div>
      <div className="tab-panel" role="tabpanel" id="products-panel" aria-labelledby={`products-tab-${tab}`} data-testid="products-panel">
        <p className="muted tab-intro">{t(`tab_intro_${tab}`)}</p>
        <LoadStatus
          state={list.status === 'loaded' ? 'idle' : list.status}
          loadingText={list.loadingMore ? t('loading_more_products') : t('loading_products')}
          {...loadError(list, 'products_load_failed')}
          loadedText={list.status === 'loaded' ? t('products_loaded', { shown: formatCount(list.items.length, language) }) : undefined}
          retryLabel={t('try_again')}
          onRetry={list.retry}
          testId="products-status"
        />
        {empty && (
          <div className="empty-state" data-testid="products-empty">
            <p className="empty-state-title">{t(`no_products_${tab}`)}</p>
            <p className="muted">{t(`no_products_${tab}_hint`)}</p>
            {(tab === 'published' || tab === 'draft') && (
              <Link to="/products/new" className="amplify-button amplify-button--primary">
                {t('add_product')}
              </Link>
            )}
          </div>
        )}
        {list.items.length > 0 && !loading && (
          <>
            <ProductList tab={tab} products={list.items} language={language} timeZone={timeZone} busy={list.status === 'loading'} onDelete={onDelete} />
            {list.hasMore && list.status !== 'failed' && (
              <div className="load-more">
                <Button onClick={list.loadMore} isLoading={list.loadingMore} loadingText={t('loading')} data-testid="products-load-more">
                  {t('load_more')}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
      {deleting && (
        <DeleteDialog
          {...deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            // Gone from this tab either way: deleted (204), or its draft or rejected revision discarded (200, the live version stays).
            // The row leaves the list on screen from the server's answer (no reload of every loaded page); the
            // other lists, the product and the inventory are invalidated and load again when next shown.
            updateCursorListItems<ProductView, ProductPage>(queryClient, listKey, (items) => items.filter((p) => p.productId !== deleting.product.productId));
            invalidateCatalogue(queryClient, 'none');
            // Whichever the kind, the product leaves this tab (a discarded revision leaves its live version in Published).
            setCounts((c) => (c ? { ...c, [tab]: Math.max(0, c[tab] - 1) } : c));
            setDeleted({ kind: deleting.kind, name: deleting.name });
            setDeleting(null);
            if (saved) navigate({ search: location.search }, { replace: true, state: null });
          }}
        />
      )}
    </section>
  );
}

/** The texts of each kind of deletion (i18n keys). */
const REMOVE_TEXT: Record<RemoveKind, { title: string; body: string; confirm: string; failed: string; done: string; testId: string }> = {
  draft: { title: 'delete_draft_title', body: 'delete_draft_body', confirm: 'delete_draft', failed: 'delete_draft_failed', done: 'draft_deleted', testId: 'delete-draft' },
  product: { title: 'delete_product_title', body: 'delete_product_body', confirm: 'delete_product', failed: 'delete_product_failed', done: 'product_deleted', testId: 'delete-product' },
  changes: { title: 'discard_changes_title', body: 'discard_changes_body', confirm: 'discard_changes', failed: 'discard_changes_failed', done: 'changes_discarded', testId: 'discard-changes' },
};

/**
 * Delete with confirmation (`DELETE /api/products/{id}`): a draft, a rejected product that was never
 * published, or the rejected changes of a published product. Whatever is live stays (the dialog says so).
 */
function DeleteDialog({ product, kind, name, onClose, onDeleted }: { product: ProductView; kind: RemoveKind; name: string; onClose(): void; onDeleted(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const errorText = useErrorText();
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);
  const text = REMOVE_TEXT[kind];
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await deleteProduct(product.productId);
      onDeleted();
    } catch (err) {
      setBusy(false);
      const { message, detail } = errorText(err);
      setFailure({ text: t(text.failed, { message }), detail });
    }
  };
  return (
    <Dialog
      title={t(text.title)}
      onClose={() => !busy && onClose()}
      testId={`${text.testId}-dialog`}
      footer={
        <>
          <Button onClick={onClose} isDisabled={busy} data-autofocus>
            {t('cancel')}
          </Button>
          <Button variation="destructive" onClick={() => void confirm()} isLoading={busy} loadingText={t(kind === 'changes' ? 'discarding' : 'deleting')} data-testid={`${text.testId}-confirm`}>
            {t(text.confirm)}
          </Button>
        </>
      }
    >
      {failure && (
        <Alert tone="error" detail={failure.detail}>
          {failure.text}
        </Alert>
      )}
      <p>{t(text.body, { name })}</p>
      {product.live && <p className="muted">{t('delete_draft_live_note')}</p>}
    </Dialog>
  );
}
