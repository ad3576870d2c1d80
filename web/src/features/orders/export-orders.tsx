import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { useErrorText } from '../../lib/error-message';
import { useOrdersExport } from './api/export-orders';
import type { OrdersFilter } from './orders-filter';

/**
 * "Export CSV": every order matching the filter in force (not the fields being edited), one row per
 * product, fetched with the ID token and saved under the server's file name. Busy while it runs; the
 * outcome is said in the page (never window.alert). Leaving the page cancels a running export.
 */
export function ExportOrders({ filter }: { filter: OrdersFilter }) {
  const { t } = useTranslation();
  const { state, run, reset } = useOrdersExport(filter);
  const errorText = useErrorText();
  const failed = state.kind === 'failed' ? errorText(state.error) : null;

  return (
    <div className="orders-export">
      <Button size="small" onClick={() => void run()} isLoading={state.kind === 'busy'} loadingText={t('exporting')} data-testid="orders-export">
        {t('export_csv')}
      </Button>
      <p className="orders-export-hint">{t('export_hint')}</p>
      <p className="orders-export-status" role="status" data-testid="orders-export-status">
        {state.kind === 'done' && t('export_done', { filename: state.result.filename })}
      </p>
      {failed && (
        <Alert tone="error" testId="orders-export-error" onDismiss={reset} dismissLabel={t('dismiss')} detail={failed.detail}>
          {t('export_failed', { message: failed.message })}
        </Alert>
      )}
    </div>
  );
}
