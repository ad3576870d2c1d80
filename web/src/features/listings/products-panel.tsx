import '../../components/empty-state.css';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProductTab, ProductView } from '@contracts/listings/model';
import { LoadStatus } from '../../components/load-status';
import type { Language } from '../../i18n/language';
import { useLoadErrorProps } from '../../lib/error-message';
import { formatCount } from '../../lib/format';
import type { useProductsList } from './api/get-products';
import { ProductList } from './product-list';

/** A tab's panel: its intro, the list's state, the empty state, the table and "Load more". */
export function ProductsPanel({ tab, list, language, onDelete }: { tab: ProductTab; list: ReturnType<typeof useProductsList>; language: Language; onDelete(product: ProductView): void }) {
  const { t } = useTranslation();
  const loadError = useLoadErrorProps();
  const loading = list.status === 'loading' && !list.loadingMore;
  const empty = list.status === 'loaded' && list.items.length === 0;
  return (
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
          <ProductList tab={tab} products={list.items} language={language} timeZone={list.lastPage?.timeZone ?? 'UTC'} busy={list.status === 'loading'} onDelete={onDelete} />
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
  );
}
