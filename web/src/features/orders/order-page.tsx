import './orders.css';
import '../../components/data-table.css';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { useLoadErrorProps } from '../../lib/error-message';
import { usePageTitle } from '../../lib/use-page-title';
import { useOrder } from './api/get-order';
import { OrderFactsSection, OrderHistorySection, OrderLinesSection, OrderTotalsSection } from './order-sections';

/** What the orders list passes to the detail page: its query string, so Back to the list keeps the filter. */
export interface OrderLinkState {
  listSearch?: string;
}

/** The list's URL to go back to: `/orders` with the filter it came from (only a query string, never another path). */
export function backToList(state: unknown): string {
  const search = (state as OrderLinkState | null)?.listSearch;
  return typeof search === 'string' && /^\?[^#]*$/.test(search) ? `/orders${search}` : '/orders';
}

/**
 * One order (issue 15), opened from the orders list: its lines with product, quantity, unit price,
 * amount and the commission on each; the totals (gross, commission, net); its status history. Times
 * in the marketplace's zone. Another vendor's order is "not found", like one that does not exist.
 */
export default function OrderPage() {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const { orderId = '' } = useParams();
  const location = useLocation();
  const loadError = useLoadErrorProps();
  const resource = useOrder(orderId);
  const data = resource.status === 'loaded' ? resource.data : resource.previous;
  usePageTitle(data ? t('order_detail_title', { orderNumber: data.order.orderNumber }) : t('order_detail_heading'));

  return (
    <section className="page order-detail" aria-labelledby="order-detail-heading" data-testid="order-detail">
      <p className="order-back">
        <Link to={backToList(location.state)} data-testid="order-back">
          {t('order_back')}
        </Link>
      </p>
      <h1 className="amplify-heading amplify-heading--1" id="order-detail-heading">
        {data ? t('order_detail_title', { orderNumber: data.order.orderNumber }) : t('order_detail_heading')}
      </h1>
      <LoadStatus
        state={resource.status === 'loaded' ? 'idle' : resource.status}
        loadingText={t('order_detail_loading')}
        {...loadError(resource, 'order_detail_load_failed')}
        retryLabel={t('try_again')}
        onRetry={resource.retry}
        testId="order-detail-status"
      />
      {data && (
        <>
          <OrderFactsSection order={data.order} timeZone={data.timeZone} language={language} />
          <OrderLinesSection order={data.order} language={language} />
          <OrderTotalsSection order={data.order} language={language} />
          <OrderHistorySection order={data.order} timeZone={data.timeZone} language={language} />
        </>
      )}
    </section>
  );
}
