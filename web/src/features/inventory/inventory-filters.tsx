import { Button, SelectField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_MAX, type InventoryQuery } from './inventory-query';
import { LowStockDefaultControl } from './low-stock-default';

/** The inventory's search box, stock filter and the shop's default low-stock level, over the table. */
export function InventoryFilters({ query, onApply, onLevelSaved }: { query: InventoryQuery; onApply(next: InventoryQuery): void; onLevelSaved(message: string): void }) {
  const { t } = useTranslation();
  return (
    <div className="inventory-filters">
      {/* Keyed by the search: back/forward or a reload puts the URL's search into the box. */}
      <SearchForm key={query.q} q={query.q} onSearch={(q) => onApply({ ...query, q })} />
      <SelectField
        label={t('inventory_filter_label')}
        size="small"
        value={query.stock ?? 'all'}
        onChange={(e) => onApply({ ...query, stock: e.target.value === 'low' ? 'low' : undefined })}
        data-testid="inventory-stock-filter"
      >
        <option value="all">{t('inventory_filter_all')}</option>
        <option value="low">{t('inventory_filter_low')}</option>
      </SelectField>
      <LowStockDefaultControl onSaved={onLevelSaved} />
    </div>
  );
}

/**
 * Search by name or SKU: applied on Enter or Search (not while typing), so each search is one request
 * and one history entry. Not on react-hook-form: a filter with no rule to say (the box holds at most
 * SEARCH_MAX characters, trimmed), and the form library and zod would join the table's first download.
 */
function SearchForm({ q, onSearch }: { q: string; onSearch(q: string): void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(search.trim().slice(0, SEARCH_MAX));
  };
  return (
    <form className="inventory-search" role="search" aria-label={t('inventory_search_form')} onSubmit={submit} noValidate data-testid="inventory-search">
      <TextField
        label={t('inventory_search_label')}
        type="search"
        value={search}
        maxLength={SEARCH_MAX}
        onChange={(e) => setSearch(e.target.value)}
        size="small"
        autoComplete="off"
        data-testid="inventory-search-input"
      />
      <Button type="submit" size="small" data-testid="inventory-search-submit">
        {t('search')}
      </Button>
      {q && (
        <Button size="small" onClick={() => onSearch('')} data-testid="inventory-search-clear">
          {t('clear_search')}
        </Button>
      )}
    </form>
  );
}
