import { Button, Heading } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../i18n/language';
import { formatCount, formatInstant } from '../../../lib/format';
import { useMarketplaceTimeZone } from '../../../lib/marketplace';
import { isRunning, type BulkJob } from './api/bulk-jobs';
import { BulkRowsTable } from './bulk-rows-table';

const PAGE = 100;

interface BulkJobProps {
  job: BulkJob;
  /** The vendor's last applied change (not a dry run of this visit). */
  last: boolean;
  language: Language;
  acting: boolean;
  onAct(action: 'apply' | 'undo'): void;
}

/** Step 3: a dry run (Apply), an apply or undo in progress, its report, Undo within 24 h, and the rows, 100 at a time. */
export function BulkJobView({ job, last, language, acting, onAct }: BulkJobProps) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(PAGE);
  const count = (n: number) => formatCount(n, language);
  const s = job.summary;
  const heading = last ? t('bulk_last_heading', { file: job.fileName }) : t('bulk_dry_run_heading', { file: job.fileName });
  return (
    <section className="bulk-step" aria-labelledby="bulk-job-heading" data-testid="bulk-job" data-status={job.status}>
      <Heading level={2} id="bulk-job-heading">
        {heading}
      </Heading>
      <p role="status" data-testid="bulk-summary">
        {t('bulk_summary', { rows: count(s.rows), changes: count(s.changes), unchanged: count(s.unchanged), errors: count(s.errors) })}
        {job.status === 'ready' ? ` ${t('bulk_not_applied_yet')}` : ''}
      </p>
      {job.status === 'ready' && (
        <div className="bulk-actions">
          <Button variation="primary" onClick={() => onAct('apply')} isLoading={acting} isDisabled={s.changes === 0} loadingText={t('loading')} data-testid="bulk-apply">
            {t('bulk_apply', { count: count(s.changes) })}
          </Button>
          <span className="muted">{s.changes === 0 ? t('bulk_nothing_to_apply') : s.errors > 0 ? t('bulk_errors_skipped') : ''}</span>
        </div>
      )}
      <BulkProgress job={job} count={count} />
      <BulkReports job={job} count={count} />
      {job.undoUntil && <BulkUndo undoUntil={job.undoUntil} language={language} acting={acting} onUndo={() => onAct('undo')} />}
      {job.rows.length > 0 && <BulkRowsTable rows={job.rows.slice(0, limit)} language={language} />}
      {job.rows.length > limit && (
        <Button size="small" onClick={() => setLimit((l) => l + PAGE)} data-testid="bulk-more">
          {t('bulk_show_more', { shown: count(limit), total: count(job.rows.length) })}
        </Button>
      )}
    </section>
  );
}

function BulkProgress({ job, count }: { job: BulkJob; count(n: number): string }) {
  const { t } = useTranslation();
  if (!isRunning(job)) return null;
  return (
    <div className="bulk-progress">
      <progress value={job.progress.done} max={Math.max(job.progress.total, 1)} aria-label={t('bulk_progress_label')} />
      <span role="status" data-testid="bulk-progress">
        {t(job.status === 'applying' ? 'bulk_applying' : 'bulk_undoing', { done: count(job.progress.done), total: count(job.progress.total) })}
      </span>
    </div>
  );
}

/** What the apply wrote (and what it left: changed meanwhile, gone), and what an undo put back. */
function BulkReports({ job, count }: { job: BulkJob; count(n: number): string }) {
  const { t } = useTranslation();
  return (
    <>
      {(job.status === 'applied' || job.status === 'undoing' || job.status === 'undone') && job.applyReport && (
        <div className="bulk-report" data-testid="bulk-report">
          <p>{t('bulk_applied', { written: count(job.applyReport.written) })}</p>
          {job.applyReport.changed > 0 && <p className="bulk-warning">{t('bulk_applied_changed', { count: count(job.applyReport.changed) })}</p>}
          {job.applyReport.gone > 0 && <p>{t('bulk_gone', { count: count(job.applyReport.gone) })}</p>}
        </div>
      )}
      {job.status === 'undone' && job.undoReport && (
        <div className="bulk-report" data-testid="bulk-undo-report">
          <p>{t('bulk_undone', { written: count(job.undoReport.written) })}</p>
          {job.undoReport.changed > 0 && <p className="bulk-warning">{t('bulk_undo_changed', { count: count(job.undoReport.changed) })}</p>}
        </div>
      )}
    </>
  );
}

function BulkUndo({ undoUntil, language, acting, onUndo }: { undoUntil: string; language: Language; acting: boolean; onUndo(): void }) {
  const { t } = useTranslation();
  const timeZone = useMarketplaceTimeZone();
  return (
    <div className="bulk-actions">
      <Button onClick={onUndo} isLoading={acting} loadingText={t('loading')} data-testid="bulk-undo">
        {t('bulk_undo')}
      </Button>
      <span className="muted">{t('bulk_undo_until', { time: formatInstant(undoUntil, language, timeZone) })}</span>
    </div>
  );
}
