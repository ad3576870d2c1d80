import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TABS, type ProductPage, type ProductTab } from '@contracts/listings/model';
import type { Language } from '../../i18n/language';
import { formatCount } from '../../lib/format';

/** The four lists' tabs (ARIA tabs pattern: arrow keys, Home, End), each with its count once known (issue 15). */
export function ProductTabs({ tab, counts, language, onSelect }: { tab: ProductTab; counts: ProductPage['counts']; language: Language; onSelect(tab: ProductTab): void }) {
  const { t } = useTranslation();
  const tabRefs = useRef<Partial<Record<ProductTab, HTMLButtonElement | null>>>({});
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = PRODUCT_TABS.indexOf(tab);
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: PRODUCT_TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = PRODUCT_TABS[(to + PRODUCT_TABS.length) % PRODUCT_TABS.length]!;
    onSelect(next);
    tabRefs.current[next]?.focus();
  };
  return (
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
          onClick={() => onSelect(id)}
          onKeyDown={onTabKey}
          data-testid={`products-tab-${id}`}
        >
          {counts ? t('product_tab_count', { tab: t(`tab_${id}`), count: formatCount(counts[id], language) }) : t(`tab_${id}`)}
        </button>
      ))}
    </div>
  );
}
