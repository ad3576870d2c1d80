import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OfferView } from '@contracts/listings/answers';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '@contracts/listings/model';
import { productNameIn } from '@contracts/listings/names';
import { offerSchema, type OfferFormValues } from '@contracts/listings/schema';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { languageToApply } from '../../i18n/language';
import { useErrorText } from '../../lib/error-message';
import { serverFieldErrors } from '../../lib/field-errors';
import { formatCount, formatMoney } from '../../lib/format';
import type { InventoryRow } from './api/get-inventory';
import { useUpdateOffer } from './api/update-offer';
import { OfferFields } from './offer-fields';
import { isOfferField, offerFormValues, rowAfterSave, type OfferField } from './offer-values';

const resolver = zodResolver(offerSchema, undefined, { raw: true });

/** The 400's codes for the dialog's fields (said at each field); none: the failure is said over the form. */
const offerFieldErrors = (err: unknown) => Object.entries(serverFieldErrors(err)).filter(([field]) => isOfferField(field)) as [OfferField, string][];

/**
 * The inventory edit dialog (spec §2): price, compare-at price, the stock count, the out-of-stock
 * switch with its "back in stock on" day and the low-stock threshold (issue 15), checked with
 * `offerSchema` (the API's schema, its messages) and saved without review, with the spec's notice
 * that updates may take up to 30 minutes to show in the marketplace. The save names the version the
 * dialog opened: when the product changed since, the dialog says so with the current values, keeps
 * what the vendor typed, and a second Save (or "Use the current values") goes on from the current
 * version.
 */
export function OfferDialog({ row, lowStockDefault = DEFAULT_LOW_STOCK_THRESHOLD, onClose, onSaved }: { row: InventoryRow; lowStockDefault?: number; onClose(): void; onSaved(row: InventoryRow): void }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const save = useUpdateOffer();
  const [version, setVersion] = useState(row.version);
  const [current, setCurrent] = useState<OfferView | null>(null);
  const { register, handleSubmit, setError, formState, control, reset } = useForm<OfferFormValues, unknown, OfferFormValues>({ resolver, defaultValues: offerFormValues(row) });
  const name = productNameIn(row, languageToApply(i18n.language), row.sku);
  const failed = save.error && offerFieldErrors(save.error).length === 0 ? errorText(save.error) : null;

  const submit = handleSubmit(async (values) => {
    setCurrent(null);
    // "Back in stock on" applies only while out of stock: switched off, the day is not sent.
    const sent = values.outOfStock ? values : { ...values, restockOn: '' };
    try {
      const result = await save.mutateAsync({ productId: row.productId, values: sent, version });
      if ('saved' in result) return onSaved(rowAfterSave(row, result.saved, sent));
      // Changed since the dialog opened: say so with the current values; the next Save is on the current version.
      setCurrent(result.changed);
      setVersion(result.changed.version);
    } catch (err) {
      for (const [field, message] of offerFieldErrors(err)) setError(field, { type: 'server', message });
    }
  });

  return (
    <Dialog
      title={t('offer_dialog_title', { name })}
      onClose={() => !save.isPending && onClose()}
      testId="offer-dialog"
      form={{ onSubmit: (e) => void submit(e) }}
      footer={
        <>
          <Button onClick={onClose} isDisabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variation="primary" isLoading={formState.isSubmitting} loadingText={t('saving')} data-testid="offer-save">
            {t('save')}
          </Button>
        </>
      }
    >
      <p className="offer-notice" data-testid="offer-notice">
        {t('offer_delay_notice')}
      </p>
      {failed && (
        <Alert tone="error" testId="offer-error" detail={failed.detail}>
          {t('offer_save_failed', { message: failed.message })}
        </Alert>
      )}
      {current && (
        <OfferChangedNotice
          current={current}
          onUseCurrent={() => {
            reset(offerFormValues(current));
            setCurrent(null);
          }}
        />
      )}
      <OfferFields register={register} control={control} errors={formState.errors} lowStockDefault={lowStockDefault} />
    </Dialog>
  );
}

/** "Changed since you opened it" with the current values, and the way to take them. */
function OfferChangedNotice({ current, onUseCurrent }: { current: OfferView; onUseCurrent(): void }) {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  return (
    <div className="offer-changed">
      <Alert tone="error" testId="offer-changed">
        {t('offer_changed_since_opened', {
          price: formatMoney(current.priceCents, language),
          compareAt: current.compareAtCents === null ? t('offer_no_compare_at') : formatMoney(current.compareAtCents, language),
          inventory: formatCount(current.inventory, language),
          stock: current.outOfStock ? t('out_of_stock') : t('in_stock'),
        })}
      </Alert>
      <Button size="small" onClick={onUseCurrent} data-testid="offer-use-current">
        {t('offer_use_current')}
      </Button>
    </div>
  );
}
