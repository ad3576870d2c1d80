import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { useErrorText } from '../../lib/error-message';
import { useActivityExport } from './api/export-activity';
import type { ActivityFilter } from './activity-filter';

/** "Download CSV" of the filtered log: busy while it runs, the file's name once saved, a failure said in the page. */
export function ActivityExport({ filter }: { filter: ActivityFilter }) {
  const { t } = useTranslation();
  const describeError = useErrorText();
  const { state, run, reset } = useActivityExport(filter);
  const failure = state.kind === 'failed' ? describeError(state.error) : null;
  const busy = state.kind === 'busy';
  return (
    <div className="activity-export">
      <button type="button" className={busy ? 'amplify-button amplify-button--small amplify-button--disabled' : 'amplify-button amplify-button--small'} onClick={() => void run()} disabled={busy} data-testid="activity-export">
        {busy ? t('activity_downloading') : t('activity_download_csv')}
      </button>
      <p className="activity-hint">{t('activity_export_hint')}</p>
      <p className="activity-export-status" role="status" data-testid="activity-export-status">
        {state.kind === 'done' && t('export_done', { filename: state.result.filename })}
      </p>
      {failure && (
        <Alert tone="error" testId="activity-export-error" onDismiss={reset} dismissLabel={t('dismiss')} detail={failure.detail}>
          {t('export_failed', { message: failure.message })}
        </Alert>
      )}
    </div>
  );
}
