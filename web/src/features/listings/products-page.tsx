import './listings.css';
import { Heading } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { ProductPage, ProductTab, ProductView } from '@contracts/listings/model';
import { Alert } from '../../components/alert';
import { languageToApply } from '../../i18n/language';
import { usePageTitle } from '../../lib/use-page-title';
import { useUrlQuery } from '../../lib/use-url-query';
import { isProductTab, useProductsList } from './api/get-products';
import { DeleteProductDialog, REMOVE_TEXT } from './delete-product-dialog';
import type { SavedState } from './product-form';
import { removeKind, shownName, type RemoveKind } from './product-list';
import { ProductTabs } from './product-tabs';
import { ProductsPanel } from './products-panel';

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

/** How many products each tab holds (issue 15): from the last page the server sent, kept while another tab loads; `drop` counts one gone from a tab. */
function useTabCounts(answeredCounts: ProductPage['counts']) {
  const [counts, setCounts] = useState<ProductPage['counts']>(undefined);
  const [answered, setAnswered] = useState<ProductPage['counts']>(undefined);
  if (answeredCounts && answeredCounts !== answered) {
    // A new answer's counts replace what was shown (set while rendering: React's pattern for state derived from props).
    setAnswered(answeredCounts);
    setCounts(answeredCounts);
  }
  const drop = (tab: ProductTab) => setCounts((c) => (c ? { ...c, [tab]: Math.max(0, c[tab] - 1) } : c));
  return { counts, drop };
}

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
  const { query: tab, params, setParams } = useUrlQuery(parseTab, tabSearchParams);
  const location = useLocation();
  const navigate = useNavigate();
  const list = useProductsList(tab);
  const { counts, drop } = useTabCounts(list.lastPage?.counts);

  // What the item form or a deletion has to say, for the page it was said on.
  const saved = isSavedState(location.state) ? location.state.saved : null;
  const [deleted, setDeleted] = useState<{ kind: RemoveKind; name: string } | null>(null);
  const [deleting, setDeleting] = useState<{ product: ProductView; kind: RemoveKind; name: string } | null>(null);
  const onDelete = (product: ProductView) => {
    const kind = removeKind(product, tab);
    if (kind) setDeleting({ product, kind, name: shownName(product, tab, language) });
  };
  const forgetSaved = () => {
    if (saved) navigate({ search: location.search }, { replace: true, state: null });
  };
  const selectTab = (next: ProductTab) => {
    const query = new URLSearchParams(params);
    if (next === DEFAULT_TAB) query.delete('tab');
    else query.set('tab', next);
    setDeleted(null);
    setParams(query);
  };

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
      {(saved || deleted) && (
        <Alert
          tone="success"
          testId="products-notice"
          onDismiss={() => {
            setDeleted(null);
            forgetSaved();
          }}
          dismissLabel={t('dismiss')}
        >
          {deleted ? t(REMOVE_TEXT[deleted.kind].done, { name: deleted.name }) : saved!.mode === 'submit' ? t('product_submitted', { name: saved!.name }) : t('product_saved_draft', { name: saved!.name })}
        </Alert>
      )}
      <ProductTabs tab={tab} counts={counts} language={language} onSelect={selectTab} />
      <ProductsPanel tab={tab} list={list} language={language} onDelete={onDelete} />
      {deleting && (
        <DeleteProductDialog
          {...deleting}
          tab={tab}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            // Whichever the kind, the product leaves this tab (a discarded revision leaves its live version in Published).
            drop(tab);
            setDeleted({ kind: deleting.kind, name: deleting.name });
            setDeleting(null);
            forgetSaved();
          }}
        />
      )}
    </section>
  );
}
