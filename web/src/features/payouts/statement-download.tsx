import { Button } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { downloadStatement } from './payouts-api';

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; message: string };

/** "Statement (CSV)" for one payout: an authenticated fetch saved under the server's file name, like the orders export. */
export function StatementDownload({ payoutId }: { payoutId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const run = async () => {
    controller.current?.abort();
    const current = (controller.current = new AbortController());
    setState({ kind: 'busy' });
    try {
      await downloadStatement(payoutId, current.signal);
      if (!current.signal.aborted) setState({ kind: 'done' });
    } catch (err) {
      if (!current.signal.aborted) setState({ kind: 'failed', message: errorMessage(err) });
    }
  };
  return (
    <span className="statement-download">
      <Button size="small" onClick={() => void run()} isLoading={state.kind === 'busy'} loadingText={t('exporting')} data-testid="payout-statement">
        {t('download_statement')}
      </Button>
      {state.kind === 'failed' && (
        <span className="payout-form-error" role="alert" data-testid="payout-statement-error">
          {t('statement_failed', { message: state.message })}
        </span>
      )}
    </span>
  );
}
