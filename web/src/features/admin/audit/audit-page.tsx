import { useCallback } from 'react';
import { LoadStatus } from '../../../components/load-status';
import { languageToApply } from '../../../i18n/language';
import { useErrorText } from '../../../lib/error-message';
import { formatDateTime, timeZoneLabel } from '../../../lib/format';
import { useMarketplaceTimeZone } from '../../../lib/marketplace';
import { useCursorList } from '../../../lib/use-cursor-list';
import { useDownload } from '../../../lib/use-download';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUrlQuery } from '../../../lib/use-url-query';
import { useAdminTranslation } from '../admin-i18n';
import { auditActionKey, auditQuery, canonicalAuditParams, exportAuditCsv, getAuditPage, parseAuditFilter, type AuditEntry, type AuditFilter, type AuditPage } from './audit-api';
import { AuditFilterForm } from './audit-filter-form';

/** A recorded value as text: lists joined, nothing as an em dash. */
const valueText = (value: unknown): string => (value === null || value === undefined ? '—' : Array.isArray(value) ? value.join(', ') : String(value));

/** What changed: one line per field, `field: before → after`. */
function Change({ entry }: { entry: AuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (!fields.length) return <>—</>;
  return (
    <ul className="admin-audit-change">
      {fields.map((field) => (
        <li key={field}>
          <code>{field}</code>: {valueText(entry.before?.[field])} → {valueText(entry.after?.[field])}
        </li>
      ))}
    </ul>
  );
}

/**
 * /admin/audit (issue 13): every ops action, newest first — who, when, what, target, before/after,
 * reason — filtered by action, operator, target and days (kept in the URL), "Load more" paging and the
 * filtered log as CSV. Times in the marketplace zone (the CSV keeps UTC).
 */
export default function AuditPage() {
  const { t, i18n } = useAdminTranslation();
  const language = languageToApply(i18n.language);
  usePageTitle(t('admin_audit_title'));
  const describeError = useErrorText();
  const timeZone = useMarketplaceTimeZone();
  const { query: filter, setParams } = useUrlQuery(parseAuditFilter, canonicalAuditParams);
  const key = auditQuery(filter);
  const list = useCursorList<AuditEntry, AuditPage>(['admin', 'audit', key], (cursor, signal) => getAuditPage(filter, cursor, signal));
  const apply = useCallback((next: AuditFilter) => setParams((current) => canonicalAuditParams(next, current)), [setParams]);
  const exporting = useDownload(useCallback((signal: AbortSignal) => exportAuditCsv(filter, signal), [filter]));
  const failure = list.status === 'failed' ? describeError(list.error) : null;
  const exportFailure = exporting.state.kind === 'failed' ? describeError(exporting.state.error) : null;
  const rows = list.items.length ? list.items : list.previousItems;
  const when = (at: string) => {
    if (!timeZone) return at;
    const { date, time } = formatDateTime(at, language, timeZone);
    return `${date} ${time}`;
  };

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
      {rows.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table admin-audit-table" data-testid="admin-audit-table" data-filter={key}>
            <caption>{timeZone ? t('admin_audit_caption', { zone: timeZoneLabel(timeZone, language) }) : t('admin_audit_title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin_audit_col_when')}</th>
                <th scope="col">{t('admin_audit_col_actor')}</th>
                <th scope="col">{t('admin_audit_col_action')}</th>
                <th scope="col">{t('admin_audit_col_target')}</th>
                <th scope="col">{t('admin_audit_col_change')}</th>
                <th scope="col">{t('admin_audit_col_reason')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => (
                <tr key={entry.auditId} data-testid="admin-audit-row" data-action={entry.action} data-audit-id={entry.auditId}>
                  <td data-label={t('admin_audit_col_when')}>
                    <time dateTime={entry.at}>{when(entry.at)}</time>
                  </td>
                  <td data-label={t('admin_audit_col_actor')} className="admin-break" data-testid="admin-audit-actor">
                    {entry.actor.email}
                  </td>
                  <td data-label={t('admin_audit_col_action')} data-testid="admin-audit-action">
                    {t(auditActionKey(entry.action))}
                  </td>
                  <td data-label={t('admin_audit_col_target')} className="admin-break" data-testid="admin-audit-target">
                    {t(`admin_audit_target_${entry.target.type}`)} <code>{entry.target.id}</code>
                    {entry.vendorId && entry.vendorId !== entry.target.id && <span className="admin-muted"> · {entry.vendorId}</span>}{' '}
                    <button
                      type="button"
                      className="admin-link-button"
                      onClick={() => apply({ targetType: entry.target.type, targetId: entry.target.id })}
                      aria-label={t('admin_audit_only_target_label', { target: entry.target.id })}
                    >
                      {t('admin_audit_only_target')}
                    </button>
                  </td>
                  <td data-label={t('admin_audit_col_change')} className="admin-break">
                    <Change entry={entry} />
                  </td>
                  <td data-label={t('admin_audit_col_reason')} className="admin-break" data-testid="admin-audit-reason">
                    {entry.reason ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.hasMore && list.status !== 'failed' && (
        <button type="button" className="admin-action" onClick={list.loadMore} disabled={list.loadingMore} data-testid="admin-audit-more">
          {list.loadingMore ? t('admin_audit_loading_more') : t('admin_audit_more')}
        </button>
      )}
    </section>
  );
}
