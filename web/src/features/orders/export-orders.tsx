import { Button } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { errorMessage } from '../../lib/error-message';
import { exportOrdersCsv } from './orders-api';
import type { OrdersFilter } from './orders-filter';

type ExportState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; filename: string } | { kind: 'failed'; message: string };

/**
 * "Export CSV": every order matching the filter in force (not the fields being edited), one row per
 * product, fetched with the ID token and saved under the server's file name. Busy while it runs; the
 * outcome is said in the page (never window.alert). Leaving the page cancels a running export.
 */
export function ExportOrders({ filter }: { filter: OrdersFilter }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = async () => {
    controller.current?.abort();
    const current = (controller.current = new AbortController());
    setState({ kind: 'busy' });
    try {
      const file = await exportOrdersCsv(filter, current.signal);
      if (!current.signal.aborted) setState({ kind: 'done', filename: file.filename });
    } catch (err) {
      if (!current.signal.aborted) setState({ kind: 'failed', message: errorMessage(err) });
    }
  };

  return (
    <div className="orders-export">
      <Button size="small" onClick={() => void run()} isLoading={state.kind === 'busy'} loadingText={t('exporting')} data-testid="orders-export">
        {t('export_csv')}
      </Button>
      <p className="orders-export-hint">{t('export_hint')}</p>
      <p className="orders-export-status" role="status" data-testid="orders-export-status">
        {state.kind === 'done' && t('export_done', { filename: state.filename })}
      </p>
      {state.kind === 'failed' && (
        <Alert tone="error" testId="orders-export-error" onDismiss={() => setState({ kind: 'idle' })} dismissLabel={t('dismiss')}>
          {t('export_failed', { message: state.message })}
        </Alert>
      )}
    </div>
  );
}
