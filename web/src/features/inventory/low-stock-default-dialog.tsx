import '@aws-amplify/ui-react/styles/fieldMessages.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, TextField } from '@aws-amplify/ui-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { lowStockDefaultForm, type LowStockDefaultFormValues } from '@contracts/listings/schema';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { useErrorText } from '../../lib/error-message';
import { ApiError } from '../../lib/api';
import { isLevelChanged, useSaveLowStockDefault } from './api/inventory-settings';

const resolver = zodResolver(lowStockDefaultForm);
/** The API's own check of the same rule refused the level: said at the field. */
const refusedLevel = (err: unknown) => err instanceof ApiError && err.status === 400;

/**
 * The dialog of "Default low-stock level" (issue 15), checked with `lowStockDefaultForm` (a whole
 * number 0–100000, said at the field). The save is conditional on `level`, the level shown: when
 * another tab changed it meanwhile the dialog says so, the settings are read again and the field
 * shows the current level (`values` follows `level`), from which the next Save goes on.
 * A lazy chunk (with zod and the form library): the inventory table does not wait for it.
 */
export function LowStockDefaultDialog({ level, onClose, onSaved }: { level: number; onClose(): void; onSaved(message: string): void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const save = useSaveLowStockDefault();
  const { register, handleSubmit, setError, formState } = useForm<LowStockDefaultFormValues, unknown, { lowStockDefault: number }>({
    resolver,
    values: { lowStockDefault: String(level) },
  });
  const fieldError = formState.errors.lowStockDefault;
  // A 400 is the field's (the server's own check of the same rule); anything else is said over the form.
  const failed = save.error && !refusedLevel(save.error) ? save.error : null;
  const failure = failed ? (isLevelChanged(failed) ? { message: t('low_stock_default_changed'), detail: null } : errorText(failed)) : null;

  const submit = handleSubmit((values) => {
    save.reset();
    save.mutate(
      { level: values.lowStockDefault, expected: level },
      {
        // With its re-check running: the page polls it and loads the lists again when it is done (LowStockRecheckStatus).
        onSuccess: (answer) => onSaved(t(answer.recheck?.status === 'running' ? 'low_stock_default_saved_updating' : 'low_stock_default_saved', { count: answer.lowStockDefault })),
        onError: (err) => {
          if (refusedLevel(err)) setError('lowStockDefault', { type: 'server', message: 'listing_error_low_stock_default' });
        },
      },
    );
  });

  return (
    <Dialog
      title={t('low_stock_default_title')}
      onClose={() => !save.isPending && onClose()}
      testId="low-stock-default-dialog"
      form={{ onSubmit: (e) => void submit(e) }}
      footer={
        <>
          <Button onClick={onClose} isDisabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variation="primary" isLoading={save.isPending} loadingText={t('saving')} data-testid="low-stock-default-save">
            {t('save')}
          </Button>
        </>
      }
    >
      {failure && (
        <Alert tone="error" testId="low-stock-default-error" detail={failure.detail}>
          {failure.message}
        </Alert>
      )}
      <div className="dialog-fields">
        <TextField
          label={t('low_stock_default_field')}
          {...register('lowStockDefault')}
          inputMode="numeric"
          autoComplete="off"
          descriptiveText={t('low_stock_default_hint')}
          hasError={Boolean(fieldError)}
          errorMessage={fieldError ? t('listing_error_low_stock_default') : undefined}
          data-testid="low-stock-default-input"
          data-autofocus
        />
      </div>
    </Dialog>
  );
}
