import '../../../components/data-table.css';
import './bulk.css';
import { Heading } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { languageToApply } from '../../../i18n/language';
import { useErrorText } from '../../../lib/error-message';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBulkAction, useBulkJob } from './api/bulk-jobs';
import { BulkDownloads } from './bulk-downloads';
import { BulkJobView } from './bulk-job';
import { BulkUpload } from './bulk-upload';

/**
 * Bulk price and stock by spreadsheet (issue 15): download the inventory (or the inventory's search,
 * `?q=`) or a template, upload the edited file, see its dry run (old → new, unchanged, errors), apply
 * it as a job whose progress the page follows, read the report, undo the last bulk change within 24 h.
 */
export default function BulkPage() {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  usePageTitle(t('bulk_title'));
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const errorText = useErrorText();
  /** The job this page follows: the dry run just made, or the last change being undone (null: the vendor's last change). */
  const [jobId, setJobId] = useState<string | null>(null);
  const shown = useBulkJob(jobId);
  const action = useBulkAction();

  /**
   * A dry run belongs to the file it checked (issue 24): once another file is chosen, that dry run
   * (and its Apply) leaves the page until the new file is checked, so Apply can only act on the file
   * just checked. The last applied change (its report and Undo) stays.
   */
  const [replaced, setReplaced] = useState<string | null>(null);
  const visible = shown && !(shown.status === 'ready' && shown.jobId === replaced) ? shown : null;
  const failed = action.error ? errorText(action.error) : null;

  return (
    <section className="page bulk-page" aria-labelledby="bulk-heading">
      <p>
        <Link to={q ? `/inventory?q=${encodeURIComponent(q)}` : '/inventory'}>{t('bulk_back')}</Link>
      </p>
      <Heading level={1} id="bulk-heading">
        {t('bulk_title')}
      </Heading>
      <p className="muted">{t('bulk_intro')}</p>
      <BulkDownloads q={q} />
      <BulkUpload
        onChosen={() => {
          setReplaced(shown?.status === 'ready' ? shown.jobId : null);
          action.reset();
        }}
        onChecked={(checked) => {
          action.reset();
          setReplaced(null);
          setJobId(checked.jobId);
        }}
      />
      {failed && (
        <Alert tone="error" testId="bulk-action-error" onDismiss={action.reset} dismissLabel={t('dismiss')} detail={failed.detail}>
          {t('bulk_action_failed', { message: failed.message })}
        </Alert>
      )}
      {visible && (
        <BulkJobView
          job={visible}
          last={jobId === null}
          language={language}
          acting={action.isPending}
          onAct={(act) => action.mutate({ job: visible, action: act }, { onSuccess: (started) => setJobId(started.jobId) })}
        />
      )}
    </section>
  );
}
