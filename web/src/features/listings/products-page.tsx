import '../../components/empty-state.css';
import './listings.css';
import { Button, Heading } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PRODUCT_TABS, type ProductPage, type ProductTab, type ProductView } from '../../../../lambdas/listings/model';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { loadConfig } from '../../lib/config';
import { errorMessage } from '../../lib/error-message';
import { formatCount } from '../../lib/format';
import { useCursorList } from '../../lib/use-cursor-list';
import { usePageTitle } from '../../lib/use-page-title';
import type { SavedState } from './product-form';
import { ProductList } from './product-lists';
import { deleteProduct, getProductsPage, isProductTab } from './products-api';

const DEFAULT_TAB: ProductTab = 'published';

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
  const language = languageToApply(i18n.language);
  usePageTitle(t('products_title'));
  const [params, setParams] = useSearchParams();
  const rawTab = params.get('tab');
  const tab: ProductTab = isProductTab(rawTab) ? rawTab : DEFAULT_TAB;
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (rawTab !== null && !isProductTab(rawTab)) {
      const next = new URLSearchParams(params);
      next.delete('tab');
      setParams(next, { replace: true });
    }
  }, [rawTab, params, setParams]);

  const list = useCursorList<ProductView, ProductPage & { timeZone: string }>(tab, async (cursor, signal) => {
    const [config, page] = await Promise.all([loadConfig(), getProductsPage(tab, cursor, signal)]);
    return { ...page, timeZone: config.marketplaceTimeZone };
  });

  // What the item form or a deletion has to say, for the page it was said on.
  const saved = isSavedState(location.state) ? location.state.saved : null;
  const [deleted, setDeleted] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ProductView | null>(null);
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
          {t('draft_deleted', { name: deleted })}
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
            {t(`tab_${id}`)}
          </button>
        ))}
      </div>
      <div className="tab-panel" role="tabpanel" id="products-panel" aria-labelledby={`products-tab-${tab}`} data-testid="products-panel">
        <p className="muted tab-intro">{t(`tab_intro_${tab}`)}</p>
        <LoadStatus
          state={list.status === 'loaded' ? 'idle' : list.status}
          loadingText={list.loadingMore ? t('loading_more_products') : t('loading_products')}
          errorText={list.status === 'failed' ? t('products_load_failed', { message: errorMessage(list.error) }) : undefined}
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
            <ProductList tab={tab} products={list.items} language={language} timeZone={timeZone} busy={list.status === 'loading'} onDelete={setDeleting} />
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
        <DeleteDraftDialog
          product={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            list.update((items) => items.filter((p) => p.productId !== deleting.productId));
            setDeleted(deleting.nameEn || deleting.sku);
            setDeleting(null);
            if (saved) navigate({ search: location.search }, { replace: true, state: null });
          }}
        />
      )}
    </section>
  );
}

/** Delete with confirmation: only a draft, and a published product's live version stays (it says so). */
function DeleteDraftDialog({ product, onClose, onDeleted }: { product: ProductView; onClose(): void; onDeleted(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = product.nameEn || product.sku;
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await deleteProduct(product.productId);
      onDeleted();
    } catch (err) {
      setBusy(false);
      setFailure(t('delete_draft_failed', { message: errorMessage(err) }));
    }
  };
  return (
    <Dialog
      title={t('delete_draft_title')}
      onClose={() => !busy && onClose()}
      testId="delete-draft-dialog"
      footer={
        <>
          <Button onClick={onClose} isDisabled={busy} data-autofocus>
            {t('cancel')}
          </Button>
          <Button variation="destructive" onClick={() => void confirm()} isLoading={busy} loadingText={t('deleting')} data-testid="delete-draft-confirm">
            {t('delete_draft')}
          </Button>
        </>
      }
    >
      {failure && <Alert tone="error">{failure}</Alert>}
      <p>{t('delete_draft_body', { name })}</p>
      {product.live && <p className="muted">{t('delete_draft_live_note')}</p>}
    </Dialog>
  );
}
