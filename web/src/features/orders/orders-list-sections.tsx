import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/language';
import { formatCount } from '../../lib/format';
import { isFiltered, type OrdersFilter } from './orders-filter';

/** What LoadStatus says once a page is here: the page and its count, the search's result, or why there is nothing. */
export function useOrdersLoadedText(filter: OrdersFilter, language: Language) {
  const { t } = useTranslation();
  return (answer: { orders: readonly unknown[]; page: number } | undefined): string | undefined => {
    if (!answer) return undefined;
    const count = formatCount(answer.orders.length, language);
    if (answer.orders.length) return filter.number ? t('order_search_loaded', { number: filter.number, orders: count }) : t('orders_loaded', { page: formatCount(answer.page, language), orders: count });
    return filter.number ? t('order_search_none', { number: filter.number }) : isFiltered(filter) ? t('no_orders_match') : t('no_orders_yet');
  };
}

/** The spec's empty state 'no orders yet', or that the search or filter matches nothing (with Clear filters). */
export function OrdersEmpty({ filter, onClear }: { filter: OrdersFilter; onClear(): void }) {
  const { t } = useTranslation();
  const filtered = isFiltered(filter);
  return (
    <div className="empty-state" data-testid="orders-empty">
      <p className="empty-state-title">{filter.number ? t('order_search_none', { number: filter.number }) : filtered ? t('no_orders_match') : t('no_orders_yet')}</p>
      <p className="muted">{filter.number ? t('order_search_none_hint') : filtered ? t('no_orders_match_hint') : t('no_orders_yet_hint')}</p>
      {filtered && <Button onClick={onClear}>{t('clear_filters')}</Button>}
    </div>
  );
}

/** Previous / Next with the page number; both disabled while a page loads. */
export function OrdersPagination({ page, hasPrevious, hasNext, busy, language, onTurn }: { page: number; hasPrevious: boolean; hasNext: boolean; busy: boolean; language: Language; onTurn(action: 'next' | 'previous'): void }) {
  const { t } = useTranslation();
  return (
    <nav className="pagination" aria-label={t('orders_pagination')}>
      <Button size="small" onClick={() => onTurn('previous')} isDisabled={!hasPrevious || busy} data-testid="orders-previous">
        {t('previous_page')}
      </Button>
      <span className="pagination-page" data-testid="orders-page-number">
        {t('page_number', { page: formatCount(page, language) })}
      </span>
      <Button size="small" onClick={() => onTurn('next')} isDisabled={!hasNext || busy} data-testid="orders-next">
        {t('next_page')}
      </Button>
    </nav>
  );
}
