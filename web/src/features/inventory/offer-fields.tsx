import '@aws-amplify/ui-react/styles/fieldMessages.css';
import { TextField } from '@aws-amplify/ui-react';
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OfferFormValues } from '@contracts/listings/schema';
import { FIELD_MESSAGES, type OfferField } from './offer-values';

interface OfferFieldsProps {
  register: UseFormRegister<OfferFormValues>;
  control: Control<OfferFormValues, unknown, OfferFormValues>;
  errors: FieldErrors<OfferFormValues>;
  /** The shop's default low-stock level, named in the threshold's hint. */
  lowStockDefault: number;
}

/** The offer dialog's fields: prices, stock, the out-of-stock switch with its "back in stock on" day, the low-stock threshold. */
export function OfferFields({ register, control, errors, lowStockDefault }: OfferFieldsProps) {
  const { t, i18n } = useTranslation();
  const say = (field: OfferField) => {
    const message = errors[field]?.message;
    return message ? t(i18n.exists(message) ? message : FIELD_MESSAGES[field]) : undefined;
  };
  const outOfStock = useWatch({ control, name: 'outOfStock' });
  const field = (key: 'price' | 'compareAtPrice' | 'inventory' | 'lowStockThreshold', label: string, hint: string, autofocus = false) => (
    <TextField
      label={label}
      {...register(key)}
      inputMode={key === 'inventory' || key === 'lowStockThreshold' ? 'numeric' : 'decimal'}
      autoComplete="off"
      descriptiveText={hint}
      hasError={Boolean(errors[key])}
      errorMessage={say(key)}
      data-testid={`offer-${key}`}
      {...(autofocus ? { 'data-autofocus': true } : {})}
    />
  );
  return (
    <div className="dialog-fields">
      {field('price', t('field_price'), t('price_hint'), true)}
      {field('compareAtPrice', t('field_compare_at_price'), t('compare_at_hint'))}
      {field('inventory', t('field_inventory'), t('inventory_hint'))}
      <label className="switch-field">
        <input type="checkbox" role="switch" {...register('outOfStock')} data-testid="offer-outOfStock" />
        <span className="switch-track" aria-hidden="true" />
        <span>{t('out_of_stock')}</span>
      </label>
      <p className="muted switch-hint">{t('out_of_stock_hint')}</p>
      {outOfStock && (
        <TextField
          label={t('field_restock_on')}
          type="date"
          {...register('restockOn')}
          descriptiveText={t('restock_on_hint')}
          hasError={Boolean(errors.restockOn)}
          errorMessage={say('restockOn')}
          data-testid="offer-restockOn"
        />
      )}
      {field('lowStockThreshold', t('field_low_stock_threshold'), t('low_stock_threshold_hint_shop', { count: lowStockDefault }))}
    </div>
  );
}
