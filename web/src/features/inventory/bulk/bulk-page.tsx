import '../../../components/data-table.css';
import './bulk.css';
import { Button, Heading } from '@aws-amplify/ui-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { BulkRow, BulkValues } from '../../../../../contracts/bulk';
import { Alert } from '../../../components/alert';
import { languageToApply, type Language } from '../../../i18n/language';
import { useErrorText } from '../../../lib/error-message';
import { formatCount, formatInstant, formatMoney } from '../../../lib/format';
import { useMarketplaceTimeZone } from '../../../lib/marketplace';
import { invalidateCatalogue, queryKeys } from '../../../lib/query-client';
import { useDownload } from '../../../lib/use-download';
import { usePageTitle } from '../../../lib/use-page-title';
import { exportInventoryCsv, getBulkJob, getLastBulkJob, startBulkAction, uploadBulkFile, type BulkJob } from './bulk-api';

const running = (job?: BulkJob | null) => job?.status === 'applying' || job?.status === 'undoing';
const bulkKey = (jobId: string | null) => ['inventory-bulk', jobId ?? 'last'] as const;

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
  const queryClient = useQueryClient();
  const errorText = useErrorText();

  /** The job this page follows: the dry run just made, or the last change being undone. */
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useQuery({
    queryKey: bulkKey(jobId),
    queryFn: ({ signal }) => (jobId ? getBulkJob(jobId, signal) : getLastBulkJob(signal)),
    refetchInterval: (query) => (running(query.state.data) ? 1000 : false),
  });
  const shown = job.data ?? null;

  // When a job ends, the inventory and product lists load again.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (running(shown)) wasRunning.current = true;
    else if (wasRunning.current && shown) {
      wasRunning.current = false;
      invalidateCatalogue(queryClient);
      void queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all });
    }
  }, [shown, queryClient]);

  /**
   * A dry run belongs to the file it checked (issue 24): once another file is chosen, that dry run
   * (and its Apply) leaves the page until the new file is checked, so Apply can only act on the file
   * just checked. The last applied change (its report and Undo) stays.
   */
  const [replaced, setReplaced] = useState<string | null>(null);
  const visible = shown && !(shown.status === 'ready' && shown.jobId === replaced) ? shown : null;

  const [actionError, setActionError] = useState<unknown>(null);
  const [acting, setActing] = useState(false);
  const act = async (target: BulkJob, action: 'apply' | 'undo') => {
    setActing(true);
    setActionError(null);
    try {
      const started = await startBulkAction(target.jobId, action);
      queryClient.setQueryData(bulkKey(started.jobId), started);
      setJobId(started.jobId);
    } catch (err) {
      setActionError(err);
    } finally {
      setActing(false);
    }
  };
  const failed = actionError ? errorText(actionError) : null;

  return (
    <section className="page bulk-page" aria-labelledby="bulk-heading">
      <p>
        <Link to={q ? `/inventory?q=${encodeURIComponent(q)}` : '/inventory'}>{t('bulk_back')}</Link>
      </p>
      <Heading level={1} id="bulk-heading">
        {t('bulk_title')}
      </Heading>
      <p className="muted">{t('bulk_intro')}</p>
      <Downloads q={q} />
      <Upload
        onChosen={() => {
          setReplaced(shown?.status === 'ready' ? shown.jobId : null);
          setActionError(null);
        }}
        onChecked={(checked) => {
          queryClient.setQueryData(bulkKey(checked.jobId), checked);
          setActionError(null);
          setReplaced(null);
          setJobId(checked.jobId);
        }}
      />
      {failed && (
        <Alert tone="error" testId="bulk-action-error" onDismiss={() => setActionError(null)} dismissLabel={t('dismiss')} detail={failed.detail}>
          {t('bulk_action_failed', { message: failed.message })}
        </Alert>
      )}
      {visible && <JobView job={visible} last={jobId === null} language={language} acting={acting} onAct={(action) => void act(visible, action)} />}
    </section>
  );
}

function Downloads({ q }: { q: string }) {
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

function Upload({ onChosen, onChecked }: { onChosen(): void; onChecked(job: BulkJob): void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  /** Bumped when another file is chosen: a check still on its way for the file before is then dropped. */
  const choice = useRef(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [missing, setMissing] = useState(false);
  const chosen = () => {
    choice.current += 1;
    setError(null);
    setMissing(false);
    setBusy(false);
    onChosen();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    setError(null);
    setMissing(!file);
    if (!file) return;
    const mine = choice.current;
    setBusy(true);
    try {
      const checked = await uploadBulkFile(file);
      if (mine === choice.current) onChecked(checked);
    } catch (err) {
      if (mine === choice.current) setError(err);
    } finally {
      if (mine === choice.current) setBusy(false);
    }
  };
  const failed = error ? errorText(error) : null;
  return (
    <section className="bulk-step" aria-labelledby="bulk-upload-heading">
      <Heading level={2} id="bulk-upload-heading">
        {t('bulk_upload_heading')}
      </Heading>
      <form className="bulk-upload" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="bulk-file">{t('bulk_file_label')}</label>
        <input
          id="bulk-file"
          ref={input}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          data-testid="bulk-file"
          aria-describedby={missing ? 'bulk-file-missing' : undefined}
          onChange={chosen}
        />
        <Button type="submit" variation="primary" size="small" isLoading={busy} loadingText={t('bulk_checking')} data-testid="bulk-check">
          {t('bulk_check')}
        </Button>
      </form>
      {missing && (
        <p id="bulk-file-missing" className="field-error" role="alert">
          {t('bulk_choose_file')}
        </p>
      )}
      {failed && (
        <Alert tone="error" testId="bulk-upload-error" onDismiss={() => setError(null)} dismissLabel={t('dismiss')} detail={failed.detail}>
          {t('bulk_upload_failed', { message: failed.message })}
        </Alert>
      )}
    </section>
  );
}

const PAGE = 100;

function JobView({ job, last, language, acting, onAct }: { job: BulkJob; last: boolean; language: Language; acting: boolean; onAct(action: 'apply' | 'undo'): void }) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(PAGE);
  const timeZone = useMarketplaceTimeZone();
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
      {running(job) && (
        <div className="bulk-progress">
          <progress value={job.progress.done} max={Math.max(job.progress.total, 1)} aria-label={t('bulk_progress_label')} />
          <span role="status" data-testid="bulk-progress">
            {t(job.status === 'applying' ? 'bulk_applying' : 'bulk_undoing', { done: count(job.progress.done), total: count(job.progress.total) })}
          </span>
        </div>
      )}
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
      {job.undoUntil && (
        <div className="bulk-actions">
          <Button onClick={() => onAct('undo')} isLoading={acting} loadingText={t('loading')} data-testid="bulk-undo">
            {t('bulk_undo')}
          </Button>
          <span className="muted">{t('bulk_undo_until', { time: formatInstant(job.undoUntil, language, timeZone) })}</span>
        </div>
      )}
      {job.rows.length > 0 && <RowsTable rows={job.rows.slice(0, limit)} language={language} />}
      {job.rows.length > limit && (
        <Button size="small" onClick={() => setLimit((l) => l + PAGE)} data-testid="bulk-more">
          {t('bulk_show_more', { shown: count(limit), total: count(job.rows.length) })}
        </Button>
      )}
    </section>
  );
}

function Change({ from, to, render }: { from?: number | null; to?: number | null; render(v: number | null): string }) {
  if (from === undefined) return <span className="muted">—</span>;
  if (to === undefined || to === from) return <>{render(from)}</>;
  return (
    <span className="bulk-change">
      <del>{render(from)}</del> <span aria-hidden="true">→</span> <ins>{render(to)}</ins>
    </span>
  );
}

function RowsTable({ rows, language }: { rows: BulkRow[]; language: Language }) {
  const { t } = useTranslation();
  const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents, language));
  const stock = (n: number | null) => (n === null ? '—' : formatCount(n, language));
  const value = (row: BulkRow, key: keyof BulkValues) => ({ from: row.old?.[key], to: row.new?.[key] });
  const result = (row: BulkRow) => {
    if (row.error) return <span className="bulk-row-error">{t(`bulk_error_${row.error}`)}</span>;
    if (row.outcome) return <span className={`bulk-outcome bulk-outcome-${row.outcome}`}>{t(`bulk_outcome_${row.outcome}`)}</span>;
    return t('bulk_row_change');
  };
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t('bulk_rows_caption')}>
      <table className="data-table card-table bulk-table" data-testid="bulk-rows">
        <caption className="visually-hidden">{t('bulk_rows_caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bulk_col_line')}</th>
            <th scope="col">{t('sku')}</th>
            <th scope="col">{t('bulk_col_product')}</th>
            <th scope="col" className="numeric">{t('column_price')}</th>
            <th scope="col" className="numeric">{t('column_compare_at_price')}</th>
            <th scope="col" className="numeric">{t('column_inventory')}</th>
            <th scope="col">{t('bulk_col_result')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line} data-testid="bulk-row" data-sku={row.sku} data-kind={row.kind} data-outcome={row.outcome ?? ''} className={row.kind === 'error' ? 'bulk-row-has-error' : undefined}>
              <td data-label={t('bulk_col_line')}>{row.line}</td>
              <th scope="row" data-label={t('sku')}>
                {row.sku || '—'}
              </th>
              <td data-label={t('bulk_col_product')}>{(language === 'zh-TW' ? row.nameZh || row.nameEn : row.nameEn || row.nameZh) ?? '—'}</td>
              <td className="numeric" data-label={t('column_price')} data-testid="bulk-price">
                <Change {...value(row, 'priceCents')} render={money} />
              </td>
              <td className="numeric" data-label={t('column_compare_at_price')}>
                <Change {...value(row, 'compareAtCents')} render={money} />
              </td>
              <td className="numeric" data-label={t('column_inventory')} data-testid="bulk-stock">
                <Change {...value(row, 'inventory')} render={stock} />
              </td>
              <td className="card-wide" data-label={t('bulk_col_result')} data-testid="bulk-result">
                {result(row)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
