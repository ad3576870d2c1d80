import { Button } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageToApply } from '../../i18n/language';
import { formatCount } from '../../lib/format';
import { queryKeys } from '../../lib/query-client';
import { useInventorySettings, useLowStockDefault } from './api/inventory-settings';

/** The dialog (its form library and the level's zod schema) is a lazy chunk, fetched when it opens or the page has settled. */
export const loadLowStockDefaultDialog = () => import('./low-stock-default-dialog');
const LowStockDefaultDialog = lazy(() => loadLowStockDefaultDialog().then((m) => ({ default: m.LowStockDefaultDialog })));

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
      void queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all, predicate: (q) => q.queryKey[1] !== queryKeys.inventory.settings[1] });
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
        <Suspense fallback={null}>
          <LowStockDefaultDialog
            level={level}
            onClose={() => setOpen(false)}
            onSaved={(message) => {
              setOpen(false);
              onSaved(message);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
