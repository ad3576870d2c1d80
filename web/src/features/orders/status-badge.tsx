import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/i18n';
import type { OrderStatus } from './orders-filter';

/** i18n keys of the spec's order status labels (§4: fulfilled, paid, cancelled, pending). */
export const STATUS_LABELS: Record<OrderStatus, TranslationKey> = {
  pending: 'order_status_pending',
  paid: 'order_status_paid',
  fulfilled: 'order_status_fulfilled',
  cancelled: 'order_status_cancelled',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`status-badge status-${status}`} data-testid="order-status" data-status={status}>
      {t(STATUS_LABELS[status])}
    </span>
  );
}
