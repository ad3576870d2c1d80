import { Button, Heading } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { useErrorText } from '../../../lib/error-message';
import { useDownload } from '../../../lib/use-download';
import { exportInventoryCsv } from './api/export-inventory';

/** Step 1: the inventory (or the inventory's search, `q`) as the bulk CSV, or a template. */
export function BulkDownloads({ q }: { q: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const all = useDownload((signal) => exportInventoryCsv(q, false, signal));
  const template = useDownload((signal) => exportInventoryCsv(q, true, signal));
  const done = all.state.kind === 'done' ? all.state.result : template.state.kind === 'done' ? template.state.result : null;
  const error = all.state.kind === 'failed' ? all.state.error : template.state.kind === 'failed' ? template.state.error : null;
  const failed = error ? errorText(error) : null;
  return (
    <section className="bulk-step" aria-labelledby="bulk-download-heading">
      <Heading level={2} id="bulk-download-heading">
        {t('bulk_download_heading')}
      </Heading>
      {q && <p data-testid="bulk-filter-note">{t('bulk_filter_note', { q })}</p>}
      <div className="bulk-actions">
        <Button size="small" onClick={() => void all.run()} isLoading={all.state.kind === 'busy'} loadingText={t('exporting')} data-testid="bulk-download">
          {t('bulk_download_all')}
        </Button>
        <Button size="small" onClick={() => void template.run()} isLoading={template.state.kind === 'busy'} loadingText={t('exporting')} data-testid="bulk-template">
          {t('bulk_download_template')}
        </Button>
      </div>
      <p className="muted">{t('bulk_rules')}</p>
      <p role="status" data-testid="bulk-download-status">
        {done && t('bulk_download_done', { filename: done.filename })}
      </p>
      {failed && (
        <Alert tone="error" testId="bulk-download-error" onDismiss={() => (all.state.kind === 'failed' ? all.reset() : template.reset())} dismissLabel={t('dismiss')} detail={failed.detail}>
          {t('bulk_download_failed', { message: failed.message })}
        </Alert>
      )}
    </section>
  );
}
