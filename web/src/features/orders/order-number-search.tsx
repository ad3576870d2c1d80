import { Button, TextField } from '@aws-amplify/ui-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OrderNumberSearchValues } from '@contracts/order-filter';
import { normalizeOrderNumber } from '@contracts/orders';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver';
import { orderFormSchemas } from './orders-filter-form';
import { ORDER_NUMBER_MAX } from './orders-filter';

const resolver = lazyZodResolver(() => orderFormSchemas().then((m) => m.orderNumberSearchSchema));

/**
 * Find an order by its number (issue 15): an exact number or its beginning (`MO-20260308`). Search
 * puts `?number=` in the URL, in place of the status and days (the API takes a search or a filter);
 * a blank search is said under the field; Clear search goes back to all orders.
 */
export function OrderNumberSearch({ number, onSearch, onClear }: { number?: string; onSearch(number: string): void; onClear(): void }) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm<OrderNumberSearchValues>({ resolver, defaultValues: { number: number ?? '' } });
  const error = formState.errors.number?.message;
  const submit = handleSubmit((values) => onSearch(normalizeOrderNumber(values.number)));
  return (
    <form className="orders-search" role="search" aria-label={t('order_search_label')} onSubmit={(e) => void submit(e)} noValidate data-testid="orders-search">
      <div className="orders-filter-fields">
        <TextField
          label={t('order_number')}
          {...register('number')}
          maxLength={ORDER_NUMBER_MAX}
          size="small"
          autoComplete="off"
          spellCheck={false}
          hasError={error !== undefined}
          errorMessage={error ? t('order_search_blank') : undefined}
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
