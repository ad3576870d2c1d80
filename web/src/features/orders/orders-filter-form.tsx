import { Button, SelectField, TextField } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OrdersFilterFormValues } from '@contracts/order-filter';
import { languageToApply } from '../../i18n/language';
import { formatDay, timeZoneLabel } from '../../lib/format';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver';
import { useMarketplaceTimeZone } from '../../lib/marketplace';
import { FIRST_FILTER_DAY, isOrderStatus, LAST_FILTER_DAY, ORDER_STATUSES, type OrdersFilter } from './orders-filter';
import { STATUS_LABELS } from './status-badge';

/** The forms' schemas (contracts/order-filter.ts, zod/mini): fetched as the form shows, checked on Apply. */
export const orderFormSchemas = () => import('@contracts/order-filter');
const resolver = lazyZodResolver(() => orderFormSchemas().then((m) => m.ordersFilterFormSchema));

/**
 * The filter fields: status ('All statuses' first) and From / To days. Apply puts them in the URL
 * (a history entry, so Back returns to the previous filter); nothing is fetched while the vendor is
 * still typing a date. A day that is not one, or a From after To, is said under its field (the API's
 * rules, contracts/order-filter.ts) and the focus goes there. Clear filters appears when a filter is in force.
 */
export function OrdersFilterForm({ filter, onApply, onClear }: { filter: OrdersFilter; onApply(filter: OrdersFilter): void; onClear(): void }) {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const timeZone = useMarketplaceTimeZone();
  const { register, handleSubmit, formState } = useForm<OrdersFilterFormValues>({ resolver, defaultValues: { status: filter.status ?? '', from: filter.from ?? '', to: filter.to ?? '' } });
  useEffect(() => void orderFormSchemas().catch(() => undefined), []);
  const submit = handleSubmit((values) => onApply({ status: isOrderStatus(values.status) ? values.status : undefined, from: values.from || undefined, to: values.to || undefined }));
  const dayError = (message: string | undefined) =>
    message === undefined ? undefined : message === 'filter_from_after_to' ? t('filter_from_after_to') : t('filter_day_invalid', { first: formatDay(FIRST_FILTER_DAY, language), last: formatDay(LAST_FILTER_DAY, language) });
  /** A day of the range (From, To): the filter's span as its bounds, its error said under it. */
  const dayField = (name: 'from' | 'to', label: string) => {
    const error = dayError(formState.errors[name]?.message);
    return <TextField {...register(name)} type="date" label={label} min={FIRST_FILTER_DAY} max={LAST_FILTER_DAY} size="small" hasError={error !== undefined} errorMessage={error} data-testid={`filter-${name}`} />;
  };

  return (
    <form className="orders-filter" role="search" aria-label={t('orders_filters')} onSubmit={(e) => void submit(e)} noValidate data-testid="orders-filter">
      <div className="orders-filter-fields">
        <SelectField label={t('filter_status')} {...register('status')} size="small" data-testid="filter-status">
          <option value="">{t('filter_all_statuses')}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(STATUS_LABELS[s])}
            </option>
          ))}
        </SelectField>
        {dayField('from', t('filter_from'))}
        {dayField('to', t('filter_to'))}
        <div className="orders-filter-actions">
          <Button type="submit" size="small" variation="primary" data-testid="filter-apply">
            {t('apply_filters')}
          </Button>
          {Boolean(filter.status || filter.from || filter.to) && (
            <Button type="button" size="small" onClick={onClear} data-testid="filter-clear">
              {t('clear_filters')}
            </Button>
          )}
        </div>
      </div>
      {timeZone && <p className="orders-filter-hint">{t('filter_days_hint', { zone: timeZoneLabel(timeZone, language) })}</p>}
    </form>
  );
}
