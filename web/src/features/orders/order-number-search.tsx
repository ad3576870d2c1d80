import { Button, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_NUMBER_MAX } from './orders-filter';

/**
 * Find an order by its number (issue 15): an exact number or its beginning (`MO-20260308`). Search
 * puts `?number=` in the URL, in place of the status and days (the API takes a search or a filter);
 * Clear search goes back to all orders.
 */
export function OrderNumberSearch({ number, onSearch, onClear }: { number?: string; onSearch(number: string): void; onClear(): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(number ?? '');
  const [blank, setBlank] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = value.normalize('NFKC').trim();
    setBlank(typed === '');
    if (typed) onSearch(typed);
  };
  return (
    <form className="orders-search" role="search" aria-label={t('order_search_label')} onSubmit={submit} noValidate data-testid="orders-search">
      <div className="orders-filter-fields">
      <TextField
        label={t('order_number')}
        value={value}
        maxLength={ORDER_NUMBER_MAX}
        size="small"
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => {
          setValue(e.target.value);
          setBlank(false);
        }}
        hasError={blank}
        errorMessage={blank ? t('order_search_blank') : undefined}
        data-testid="order-search-number"
      />
      <div className="orders-filter-actions">
        <Button type="submit" size="small" variation="primary" data-testid="order-search-submit">
          {t('order_search_submit')}
        </Button>
        {number && (
          <Button type="button" size="small" onClick={onClear} data-testid="order-search-clear">
            {t('order_search_clear')}
          </Button>
        )}
      </div>
      </div>
      <p className="orders-filter-hint">{t('order_search_hint')}</p>
    </form>
  );
}
