import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ErrorDetail } from '../../components/error-detail';
import { useErrorText } from '../../lib/error-message';
import { useStatementDownload } from './api/download-statement';

/** "Statement (CSV)" for one payout: an authenticated fetch saved under the server's file name, like the orders export. */
export function StatementDownload({ payoutId }: { payoutId: string }) {
  const { t } = useTranslation();
  const { state, run } = useStatementDownload(payoutId);
  const errorText = useErrorText();
  const failed = state.kind === 'failed' ? errorText(state.error) : null;
  return (
    <span className="statement-download">
      <Button size="small" onClick={() => void run()} isLoading={state.kind === 'busy'} loadingText={t('exporting')} data-testid="payout-statement">
        {t('download_statement')}
      </Button>
      {failed && (
        <span className="payout-form-error" role="alert" data-testid="payout-statement-error">
          {t('statement_failed', { message: failed.message })}
          {failed.detail && <ErrorDetail text={failed.detail} />}
        </span>
      )}
    </span>
  );
}
