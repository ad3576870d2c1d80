import '../../components/data-table.css';
import '../../components/empty-state.css';
import './listings.css';
import './product-form.css';
import './product-images.css';
import { Heading } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { LoadStatus } from '../../components/load-status';
import { ApiError } from '../../lib/api';
import { useLoadErrorProps } from '../../lib/error-message';
import { usePageTitle } from '../../lib/use-page-title';
import { ProductForm } from './product-form';
import { useProduct } from './api/get-product';

/**
 * /products/new and /products/:productId/edit: the item form, empty or with the product's working
 * revision (else its live version).
 */
export default function ProductFormPage() {
  const { t } = useTranslation();
  const { productId } = useParams();
  const title = productId ? t('edit_product_title') : t('add_product_title');
  usePageTitle(title);
  return (
    <section className="page product-form-page" aria-labelledby="product-form-heading">
      <p className="back-link">
        <Link to="/products">{t('back_to_products')}</Link>
      </p>
      <Heading level={1} id="product-form-heading">
        {title}
      </Heading>
      {productId ? <EditProduct key={productId} productId={productId} /> : <ProductForm product={null} />}
    </section>
  );
}

/** Loads the product; one under review is not editable (spec §4): the page says so instead of showing a form the API would refuse. */
function EditProduct({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const loadError = useLoadErrorProps();
  const product = useProduct(productId);
  const notFound = product.status === 'failed' && product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 403);
  return (
    <>
      <LoadStatus
        state={product.status === 'loaded' || notFound ? 'idle' : product.status}
        loadingText={t('loading_product')}
        {...loadError(product, 'product_load_failed')}
        retryLabel={t('try_again')}
        onRetry={product.retry}
        testId="product-status"
      />
      {notFound && (
        <div className="empty-state" data-testid="product-not-found">
          <p className="empty-state-title">{t('product_not_found')}</p>
          <Link to="/products">{t('back_to_products')}</Link>
        </div>
      )}
      {product.status === 'loaded' &&
        (product.data.editable ? (
          <ProductForm product={product.data} />
        ) : (
          <p className="form-notice" data-testid="product-under-review">
            {t('product_under_review')}
          </p>
        ))}
    </>
  );
}
