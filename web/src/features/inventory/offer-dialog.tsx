import '@aws-amplify/ui-react/styles/fieldMessages.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { centsToPriceText, offerSchema, type OfferFormValues } from '../../../../contracts/listings/schema';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { useErrorText } from '../../lib/error-message';
import { serverFieldErrors } from '../../lib/field-errors';
import { patchOffer, type InventoryRow } from './inventory-api';

const OFFER_FIELDS = ['price', 'compareAtPrice', 'inventory', 'outOfStock'] as const;
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
};

/** The row as it stands after a save: the offer the server answered, else the values it accepted. */
function rowAfterSave(row: InventoryRow, saved: Awaited<ReturnType<typeof patchOffer>>, values: OfferFormValues): InventoryRow {
  if (saved) return { ...row, priceCents: saved.priceCents, compareAtCents: saved.compareAtCents, inventory: saved.inventory, outOfStock: saved.outOfStock };
  const offer = offerSchema.parse(values);
  return { ...row, priceCents: offer.price, compareAtCents: offer.compareAtPrice ?? null, inventory: offer.inventory, outOfStock: offer.outOfStock };
}

/**
 * The inventory edit dialog (spec §2): price, compare-at price, the stock count and the out-of-stock
 * switch, checked with `offerSchema` (the API's schema, its messages) and saved without review,
 * with the spec's notice that updates may take up to 30 minutes to show in the marketplace.
 */
export function OfferDialog({ row, onClose, onSaved }: { row: InventoryRow; onClose(): void; onSaved(row: InventoryRow): void }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<OfferFormValues, unknown, OfferFormValues>({
    resolver,
    defaultValues: {
      price: centsToPriceText(row.priceCents),
      compareAtPrice: row.compareAtCents === null ? '' : centsToPriceText(row.compareAtCents),
      inventory: String(row.inventory),
      outOfStock: row.outOfStock,
    },
  });
  const { errors, isSubmitting } = formState;
  const say = (field: OfferField, message: string | undefined) => (message ? t(i18n.exists(message) ? message : FIELD_MESSAGES[field]) : undefined);
  const name = row.nameEn || row.sku;

  const save = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSaved(rowAfterSave(row, await patchOffer(row.productId, values), values));
    } catch (err) {
      const fields = Object.entries(serverFieldErrors(err)).filter(([field]) => isOfferField(field)) as [OfferField, string][];
      for (const [field, message] of fields) setError(field, { type: 'server', message });
      if (fields.length === 0) {
        const { message, detail } = errorText(err);
        setFailure({ text: t('offer_save_failed', { message }), detail });
      }
    }
  });

  const field = (key: 'price' | 'compareAtPrice' | 'inventory', label: string, hint: string, autofocus = false) => (
    <TextField
      label={label}
      {...register(key)}
      inputMode={key === 'inventory' ? 'numeric' : 'decimal'}
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
      </div>
    </Dialog>
  );
}
