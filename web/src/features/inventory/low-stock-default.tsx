import { Button, TextField } from '@aws-amplify/ui-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { InventorySettings } from '../../../../contracts/listings/answers';
import { useTranslation } from 'react-i18next';
import { LOW_STOCK_DEFAULT_MAX } from '../../../../contracts/listings/model';
import { foldTyped } from '../../../../contracts/typed-text';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { languageToApply } from '../../i18n/language';
import { ApiError } from '../../lib/api';
import { useErrorText } from '../../lib/error-message';
import { formatCount } from '../../lib/format';
import { queryKeys } from '../../lib/query-client';
import { getInventorySettings, putInventorySettings } from './inventory-api';

/** Under the inventory's key, so saving it (or any catalogue change) loads it again. */
export const inventorySettingsKey = [...queryKeys.inventory.all, 'settings'] as const;

/** How often the page asks how far a running re-check got (issue 16). */
export const RECHECK_POLL_MS = 1_500;

/** The shop's settings as the inventory last read them; read again every RECHECK_POLL_MS while a re-check runs. */
function useInventorySettings(): InventorySettings | undefined {
  return useQuery({
    queryKey: inventorySettingsKey,
    queryFn: ({ signal }) => getInventorySettings(signal),
    refetchInterval: (query) => (query.state.data?.recheck?.status === 'running' ? RECHECK_POLL_MS : false),
  }).data;
}

/** The shop's default low-stock level as the inventory last read it (undefined while unknown). */
export function useLowStockDefault(): number | undefined {
  return useInventorySettings()?.lowStockDefault;
}

/**
 * The re-check of the products following the default after a change (issue 16), while it runs in the
 * background: "Updating low-stock flags… 1,200 of 4,000 products checked" (role="status"). When one this
 * page saw running is done, the inventory lists load again (the Low stock filter and the rows' flags) and
 * the page says how many products changed.
 */
export function LowStockRecheckStatus({ onDone }: { onDone(message: string): void }) {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const queryClient = useQueryClient();
  const recheck = useInventorySettings()?.recheck;
  const sawRunning = useRef<string | null>(null);
  const status = recheck?.status;
  const startedAt = recheck?.startedAt;
  const changed = recheck?.changed ?? 0;
  useEffect(() => {
    if (status === 'running' && startedAt) sawRunning.current = startedAt;
    else if (status === 'done' && sawRunning.current !== null) {
      sawRunning.current = null;
      void queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all, predicate: (q) => q.queryKey[1] !== 'settings' });
      onDone(t('low_stock_recheck_done', { count: changed, changed: formatCount(changed, language) }));
    }
  }, [status, startedAt, changed, queryClient, onDone, t, language]);
  if (recheck?.status !== 'running') return null;
  return (
    <p className="muted" role="status" data-testid="low-stock-recheck-status">
      {recheck.total !== undefined && recheck.total > 0
        ? t('low_stock_recheck_progress', {
            checked: formatCount(Math.min(recheck.checked, recheck.total), language),
            total: formatCount(recheck.total, language),
          })
        : t('low_stock_recheck_running')}
    </p>
  );
}

/** A whole number 0..LOW_STOCK_DEFAULT_MAX typed in the field (full-width digits from an IME count), else null. */
export function parseLevel(text: string): number | null {
  const digits = foldTyped(text);
  if (!/^\d{1,6}$/.test(digits)) return null;
  const n = Number(digits);
  return n <= LOW_STOCK_DEFAULT_MAX ? n : null;
}

/**
 * "Default low-stock level" (issue 15): a button on the inventory page showing the shop's level, opening a
 * small dialog to change it. The save is conditional on the level shown; when another tab changed it
 * meanwhile the dialog says so and shows the current level. Saved, the page says so; the products following
 * the default are re-checked in the background (LowStockRecheckStatus shows it, then loads the lists again).
 */
export function LowStockDefaultControl({ onSaved }: { onSaved(message: string): void }) {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const level = useLowStockDefault();
  const [open, setOpen] = useState(false);
  if (level === undefined) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid="low-stock-default-open">
        {t('low_stock_default_button', { count: level, formatted: formatCount(level, language) })}
      </Button>
      {open && (
        <LowStockDefaultDialog
          level={level}
          onClose={() => setOpen(false)}
          onSaved={(message) => {
            setOpen(false);
            onSaved(message);
          }}
        />
      )}
    </>
  );
}

function LowStockDefaultDialog({ level, onClose, onSaved }: { level: number; onClose(): void; onSaved(message: string): void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [expected, setExpected] = useState(level);
  const [text, setText] = useState(String(level));
  const [fieldError, setFieldError] = useState(false);
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const value = parseLevel(text);
    setFieldError(value === null);
    if (value === null) return;
    setSaving(true);
    try {
      const answer = await putInventorySettings(value, expected);
      // With its re-check running: the page polls it and loads the lists again when it is done (LowStockRecheckStatus).
      queryClient.setQueryData(inventorySettingsKey, answer);
      onSaved(t(answer.recheck?.status === 'running' ? 'low_stock_default_saved_updating' : 'low_stock_default_saved', { count: answer.lowStockDefault }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.code === 'low_stock_default_changed') {
        // Changed in another tab: show the current level; the next Save goes on from it.
        const current = await getInventorySettings().catch(() => null);
        if (current) {
          setExpected(current.lowStockDefault);
          setText(String(current.lowStockDefault));
          queryClient.setQueryData(inventorySettingsKey, current);
        }
        setFailure({ text: t('low_stock_default_changed'), detail: null });
      } else if (err instanceof ApiError && err.status === 400) setFieldError(true);
      else {
        const { message, detail } = errorText(err);
        setFailure({ text: message, detail });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      title={t('low_stock_default_title')}
      onClose={() => !saving && onClose()}
      testId="low-stock-default-dialog"
      form={{ onSubmit: (e) => void save(e) }}
      footer={
        <>
          <Button onClick={onClose} isDisabled={saving}>
            {t('cancel')}
          </Button>
          <Button type="submit" variation="primary" isLoading={saving} loadingText={t('saving')} data-testid="low-stock-default-save">
            {t('save')}
          </Button>
        </>
      }
    >
      {failure && (
        <Alert tone="error" testId="low-stock-default-error" detail={failure.detail}>
          {failure.text}
        </Alert>
      )}
      <div className="dialog-fields">
        <TextField
          label={t('low_stock_default_field')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
          descriptiveText={t('low_stock_default_hint')}
          hasError={fieldError}
          errorMessage={fieldError ? t('listing_error_low_stock_default') : undefined}
          data-testid="low-stock-default-input"
          data-autofocus
        />
      </div>
    </Dialog>
  );
}
