import { Button, SelectField, TextField } from '@aws-amplify/ui-react';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { languageToApply } from '../../i18n/language';
import { formatDay, timeZoneLabel } from '../../lib/format';
import { useMarketplaceTimeZone } from '../../lib/marketplace';
import { FIRST_FILTER_DAY, isFilterDay, isOrderStatus, LAST_FILTER_DAY, ORDER_STATUSES, type OrdersFilter } from './orders-filter';
import { STATUS_LABELS } from './orders-table';

type DayError = 'invalid' | 'after-to' | null;

/**
 * The filter fields: status ('All statuses' first) and From / To days. Apply puts them in the URL
 * (a history entry, so Back returns to the previous filter); nothing is fetched while the vendor is
 * still typing a date. Clear filters appears when a filter is in force.
 */
export function OrdersFilterForm({ filter, onApply, onClear }: { filter: OrdersFilter; onApply(filter: OrdersFilter): void; onClear(): void }) {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const [status, setStatus] = useState<string>(filter.status ?? '');
  const [from, setFrom] = useState(filter.from ?? '');
  const [to, setTo] = useState(filter.to ?? '');
  const [fromError, setFromError] = useState<DayError>(null);
  const [toError, setToError] = useState<DayError>(null);
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const timeZone = useMarketplaceTimeZone();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const badFrom: DayError = from && !isFilterDay(from) ? 'invalid' : from && to && isFilterDay(to) && from > to ? 'after-to' : null;
    const badTo: DayError = to && !isFilterDay(to) ? 'invalid' : null;
    setFromError(badFrom);
    setToError(badTo);
    if (badFrom) return fromRef.current?.focus();
    if (badTo) return toRef.current?.focus();
    onApply({ status: isOrderStatus(status) ? status : undefined, from: from || undefined, to: to || undefined });
  };

  const dayErrorText = (error: DayError) =>
    error === 'after-to'
      ? t('filter_from_after_to')
      : t('filter_day_invalid', { first: formatDay(FIRST_FILTER_DAY, language), last: formatDay(LAST_FILTER_DAY, language) });

  /** A day of the range (From, To): the filter's span as its bounds, its error said under it. */
  const dayField = (name: 'from' | 'to', ref: RefObject<HTMLInputElement | null>, label: string, value: string, error: DayError, onChange: (value: string) => void) => (
    <TextField
      ref={ref}
      type="date"
      label={label}
      value={value}
      min={FIRST_FILTER_DAY}
      max={LAST_FILTER_DAY}
      size="small"
      onChange={(e) => onChange(e.target.value)}
      hasError={error !== null}
      errorMessage={error ? dayErrorText(error) : undefined}
      data-testid={`filter-${name}`}
    />
  );

  return (
    <form className="orders-filter" role="search" aria-label={t('orders_filters')} onSubmit={submit} noValidate data-testid="orders-filter">
      <div className="orders-filter-fields">
        <SelectField label={t('filter_status')} value={status} onChange={(e) => setStatus(e.target.value)} size="small" data-testid="filter-status">
          <option value="">{t('filter_all_statuses')}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(STATUS_LABELS[s])}
            </option>
          ))}
        </SelectField>
        {dayField('from', fromRef, t('filter_from'), from, fromError, (value) => {
          setFrom(value);
          setFromError(null);
        })}
        {dayField('to', toRef, t('filter_to'), to, toError, (value) => {
          setTo(value);
          setToError(null);
          if (fromError === 'after-to') setFromError(null);
        })}
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
