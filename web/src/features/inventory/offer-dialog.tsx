import '@aws-amplify/ui-react/styles/fieldMessages.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { centsToPriceText, offerSchema, type OfferFormValues } from '../../../../contracts/listings/schema';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { useErrorText } from '../../lib/error-message';
import { serverFieldErrors } from '../../lib/field-errors';
import { changedOffer, patchOffer, type InventoryRow } from './inventory-api';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../../../contracts/listings/model';
import { languageToApply } from '../../i18n/language';
import { formatCount, formatMoney } from '../../lib/format';
import { productNameIn } from '../../../../contracts/listings/names';

const OFFER_FIELDS = ['price', 'compareAtPrice', 'inventory', 'outOfStock', 'restockOn', 'lowStockThreshold'] as const;
type OfferField = (typeof OFFER_FIELDS)[number];
const isOfferField = (name: string): name is OfferField => (OFFER_FIELDS as readonly string[]).includes(name);

const resolver = zodResolver(offerSchema, undefined, { raw: true });

/**
 * Each field's own message, for the issues offerSchema reports without one of its keys (zod's
 * "Invalid input" when neither branch of the inventory's number-or-text union matches).
 */
const FIELD_MESSAGES: Record<OfferField, string> = {
  price: 'listing_error_price_format',
  compareAtPrice: 'listing_error_price_format',
  inventory: 'listing_error_inventory',
  outOfStock: 'listing_error_invalid',
  restockOn: 'listing_error_restock_date',
  lowStockThreshold: 'listing_error_low_stock_threshold',
};

type Offer = NonNullable<Awaited<ReturnType<typeof patchOffer>>>;

/** The form's values for an offer (a row as listed, or the current offer of a 409). */
function formValues(o: Pick<Offer, 'priceCents' | 'compareAtCents' | 'inventory' | 'outOfStock' | 'restockOn' | 'lowStockThreshold'>): OfferFormValues {
  return {
    price: centsToPriceText(o.priceCents),
    compareAtPrice: o.compareAtCents === null ? '' : centsToPriceText(o.compareAtCents),
    inventory: String(o.inventory),
    outOfStock: o.outOfStock,
    restockOn: o.restockOn ?? '',
    lowStockThreshold: o.lowStockThreshold === null || o.lowStockThreshold === undefined ? '' : String(o.lowStockThreshold),
  };
}

/** The row as it stands after a save: the offer the server answered, else the values it accepted. */
function rowAfterSave(row: InventoryRow, saved: Awaited<ReturnType<typeof patchOffer>>, values: OfferFormValues): InventoryRow {
  if (saved) {
    const { priceCents, compareAtCents, inventory, outOfStock, version, restockOn, lowStockThreshold, lowStock } = saved;
    return { ...row, priceCents, compareAtCents, inventory, outOfStock, version, restockOn, lowStockThreshold, lowStock };
  }
  const offer = offerSchema.parse(values);
  return {
    ...row,
    priceCents: offer.price,
    compareAtCents: offer.compareAtPrice ?? null,
    inventory: offer.inventory,
    outOfStock: offer.outOfStock,
    restockOn: offer.restockOn ?? null,
    lowStockThreshold: offer.lowStockThreshold ?? null,
  };
}

/**
 * The inventory edit dialog (spec §2): price, compare-at price, the stock count, the out-of-stock
 * switch with its "back in stock on" day and the low-stock threshold (issue 15), checked with
 * `offerSchema` (the API's schema, its messages) and saved without review, with the spec's notice
 * that updates may take up to 30 minutes to show in the marketplace. The save names the version the
 * dialog opened: when the product changed since, the dialog says so with the current values, keeps
 * what the vendor typed, and a second Save (or "Use the current values") goes on from the current
 * version.
 */
export function OfferDialog({
  row,
  lowStockDefault = DEFAULT_LOW_STOCK_THRESHOLD,
  onClose,
  onSaved,
}: {
  row: InventoryRow;
  /** The shop's default low-stock level (GET /api/inventory/settings), named in the threshold's hint. */
  lowStockDefault?: number;
  onClose(): void;
  onSaved(row: InventoryRow): void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const errorText = useErrorText();
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);
  const [version, setVersion] = useState(row.version);
  const [current, setCurrent] = useState<Offer | null>(null);
  const { register, handleSubmit, setError, formState, control, reset } = useForm<OfferFormValues, unknown, OfferFormValues>({
    resolver,
    defaultValues: formValues(row),
  });
  const { errors, isSubmitting } = formState;
  const say = (field: OfferField, message: string | undefined) => (message ? t(i18n.exists(message) ? message : FIELD_MESSAGES[field]) : undefined);
  const name = productNameIn(row, language, row.sku);
  const outOfStock = useWatch({ control, name: 'outOfStock' });

  const save = handleSubmit(async (values) => {
    setFailure(null);
    setCurrent(null);
    // "Back in stock on" applies only while out of stock: switched off, the day is not sent.
    const sent = values.outOfStock ? values : { ...values, restockOn: '' };
    try {
      onSaved(rowAfterSave(row, await patchOffer(row.productId, sent, version), sent));
    } catch (err) {
      const changed = await changedOffer(err);
      if (changed) {
        // Changed since the dialog opened: say so with the current values; the next Save is on the current version.
        setCurrent(changed);
        setVersion(changed.version);
        return;
      }
      const fields = Object.entries(serverFieldErrors(err)).filter(([field]) => isOfferField(field)) as [OfferField, string][];
      for (const [field, message] of fields) setError(field, { type: 'server', message });
      if (fields.length === 0) {
        const { message, detail } = errorText(err);
        setFailure({ text: t('offer_save_failed', { message }), detail });
      }
    }
  });

  const field = (key: 'price' | 'compareAtPrice' | 'inventory' | 'lowStockThreshold', label: string, hint: string, autofocus = false) => (
    <TextField
      label={label}
      {...register(key)}
      inputMode={key === 'inventory' || key === 'lowStockThreshold' ? 'numeric' : 'decimal'}
      autoComplete="off"
      descriptiveText={hint}
      hasError={Boolean(errors[key])}
      errorMessage={say(key, errors[key]?.message)}
      data-testid={`offer-${key}`}
      {...(autofocus ? { 'data-autofocus': true } : {})}
    />
  );

  return (
    <Dialog
      title={t('offer_dialog_title', { name })}
      onClose={() => !isSubmitting && onClose()}
      testId="offer-dialog"
      form={{ onSubmit: (e) => void save(e) }}
      footer={
        <>
          <Button onClick={onClose} isDisabled={isSubmitting}>
            {t('cancel')}
          </Button>
          <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText={t('saving')} data-testid="offer-save">
            {t('save')}
          </Button>
        </>
      }
    >
      <p className="offer-notice" data-testid="offer-notice">
        {t('offer_delay_notice')}
      </p>
      {failure && (
        <Alert tone="error" testId="offer-error" detail={failure.detail}>
          {failure.text}
        </Alert>
      )}
      {current && (
        <div className="offer-changed">
          <Alert tone="error" testId="offer-changed">
            {t('offer_changed_since_opened', {
              price: formatMoney(current.priceCents, language),
              compareAt: current.compareAtCents === null ? t('offer_no_compare_at') : formatMoney(current.compareAtCents, language),
              inventory: formatCount(current.inventory, language),
              stock: current.outOfStock ? t('out_of_stock') : t('in_stock'),
            })}
          </Alert>
          <Button
            size="small"
            onClick={() => {
              reset(formValues(current));
              setCurrent(null);
            }}
            data-testid="offer-use-current"
          >
            {t('offer_use_current')}
          </Button>
        </div>
      )}
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
            errorMessage={say('restockOn', errors.restockOn?.message)}
            data-testid="offer-restockOn"
          />
        )}
        {field('lowStockThreshold', t('field_low_stock_threshold'), t('low_stock_threshold_hint_shop', { count: lowStockDefault }))}
      </div>
    </Dialog>
  );
}
