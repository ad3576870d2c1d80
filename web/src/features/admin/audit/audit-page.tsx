import { useCallback } from 'react';
import { LoadStatus } from '../../../components/load-status';
import { useErrorText } from '../../../lib/error-message';
import { useDownload } from '../../../lib/use-download';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUrlQuery } from '../../../lib/use-url-query';
import { useAdminTranslation } from '../admin-i18n';
import { exportAuditCsv } from './api/export-audit-csv';
import { useAuditLog, type AuditFilter } from './api/get-audit-log';
import { auditQuery, canonicalAuditParams, parseAuditFilter } from './audit-filter';
import { AuditFilterForm } from './audit-filter-form';
import { AuditTable } from './audit-table';

/**
 * /admin/audit (issue 13): every ops action, newest first — who, when, what, target, before/after,
 * reason — filtered by action, operator, target and days (kept in the URL), "Load more" paging and the
 * filtered log as CSV. Times in the marketplace zone (the CSV keeps UTC).
 */
export default function AuditPage() {
  const { t } = useAdminTranslation();
  usePageTitle(t('admin_audit_title'));
  const describeError = useErrorText();
  const { query: filter, setParams } = useUrlQuery(parseAuditFilter, canonicalAuditParams);
  const key = auditQuery(filter);
  const list = useAuditLog(filter);
  const apply = useCallback((next: AuditFilter) => setParams((current) => canonicalAuditParams(next, current)), [setParams]);
  const exporting = useDownload(useCallback((signal: AbortSignal) => exportAuditCsv(filter, signal), [filter]));
  const failure = list.status === 'failed' ? describeError(list.error) : null;
  const exportFailure = exporting.state.kind === 'failed' ? describeError(exporting.state.error) : null;
  const rows = list.items.length ? list.items : list.previousItems;

  return (
    <section className="admin-page admin-audit" aria-busy={list.status === 'loading'}>
      <h1>{t('admin_audit_title')}</h1>
      <p className="admin-intro">{t('admin_audit_intro')}</p>
      <AuditFilterForm key={key} filter={filter} onApply={apply} />
      <div className="admin-toolbar">
        <button type="button" className="admin-action" onClick={() => void exporting.run()} disabled={exporting.state.kind === 'busy'} data-testid="admin-audit-export">
          {exporting.state.kind === 'busy' ? t('admin_audit_exporting') : t('admin_audit_export')}
        </button>
        <p role="status" className="admin-status-text" data-testid="admin-audit-export-status">
          {exporting.state.kind === 'done' && t('admin_audit_export_done', { filename: exporting.state.result.filename })}
          {exportFailure && t('admin_audit_export_failed', { message: exportFailure.message })}
        </p>
      </div>
      <LoadStatus
        state={list.status === 'loaded' || (list.status === 'loading' && rows.length > 0) ? 'idle' : list.status}
        loadingText={t('admin_audit_loading')}
        errorText={failure ? t('admin_audit_failed', { message: failure.message }) : undefined}
        errorDetail={failure?.detail}
        retryLabel={t('try_again')}
        onRetry={list.retry}
        testId="admin-audit-status"
      />
      {list.status === 'loaded' && rows.length === 0 && (
        <p className="admin-empty" data-testid="admin-audit-empty">
          {key ? t('admin_audit_empty_filtered') : t('admin_audit_empty')}
        </p>
      )}
      {rows.length > 0 && <AuditTable rows={rows} filterKey={key} onOnly={apply} />}
      {list.hasMore && list.status !== 'failed' && (
        <button type="button" className="admin-action" onClick={list.loadMore} disabled={list.loadingMore} data-testid="admin-audit-more">
          {list.loadingMore ? t('admin_audit_loading_more') : t('admin_audit_more')}
        </button>
      )}
    </section>
  );
}
