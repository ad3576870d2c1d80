import './applications.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { LoadStatus } from '../../../components/load-status';
import { isLanguage, languageNameKey } from '../../../i18n/language';
import { ApiError } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-message';
import { formatCount } from '../../../lib/format';
import { useCursorList } from '../../../lib/use-cursor-list';
import { usePageTitle } from '../../../lib/use-page-title';
import { toResource } from '../../../lib/use-resource';
import { useAdminTranslation } from '../admin-i18n';
import { useAdminFormat } from './admin-format';
import { applicationsKeys, decideApplication, getApplication, getApplications, type AdminVendorRecord, type ApplicationDetail, type ApplicationsPage } from './applications-api';
import { AuditTrail } from './audit-trail';
import { ReasonDialog } from '../reason-dialog';

/** /admin/applications/*: the queue and an application's detail (issue 13). */
export default function ApplicationsScreen() {
  return (
    <Routes>
      <Route index element={<ApplicationsList />} />
      <Route path=":userId" element={<ApplicationDetailPage />} />
    </Routes>
  );
}

/** The pending applications, oldest first, with how long each has waited. */
function ApplicationsList() {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  const describeError = useErrorText();
  usePageTitle(t('admin_apps_title'));
  const list = useCursorList<ApplicationsPage['items'][number], ApplicationsPage>(applicationsKeys.list, (cursor, signal) => getApplications(cursor, signal));
  const failure = list.status === 'failed' ? describeError(list.error) : null;
  const now = list.lastPage?.generatedAt ?? new Date().toISOString();
  const rows = list.items.length ? list.items : list.previousItems;

  return (
    <section className="admin-page" aria-busy={list.status === 'loading'}>
      <h1>{t('admin_apps_title')}</h1>
      <p className="admin-intro">{t('admin_apps_intro')}</p>
      <LoadStatus
        state={list.status === 'loaded' ? 'idle' : list.status === 'failed' ? 'failed' : 'loading'}
        loadingText={t('admin_apps_loading')}
        errorText={failure ? t('admin_apps_failed', { message: failure.message }) : undefined}
        errorDetail={failure?.detail}
        loadedText={t('admin_apps_count', { formatted: formatCount(list.items.length, format.language) })}
        retryLabel={t('try_again')}
        onRetry={list.retry}
        testId="admin-apps-status"
      />
      {list.status === 'loaded' && rows.length === 0 && (
        <p className="admin-empty" data-testid="admin-apps-empty">
          {t('admin_apps_empty')}
        </p>
      )}
      {rows.length > 0 && (
        <table className="admin-list-table" data-testid="admin-apps-table">
          <caption className="visually-hidden">{t('admin_apps_table_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin_apps_col_business')}</th>
              <th scope="col">{t('admin_apps_col_email')}</th>
              <th scope="col">{t('admin_apps_col_applied')}</th>
              <th scope="col">{t('admin_apps_col_waiting')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.userId} data-testid="admin-apps-row">
                <th scope="row" data-label={t('admin_apps_col_business')}>
                  <Link to={`/admin/applications/${encodeURIComponent(row.userId)}`}>{row.vendorName}</Link>
                </th>
                <td data-label={t('admin_apps_col_email')} className="admin-break">
                  {row.email}
                </td>
                <td data-label={t('admin_apps_col_applied')}>{format.instant(row.createdAt)}</td>
                <td data-label={t('admin_apps_col_waiting')} data-testid="admin-apps-age">
                  {format.age(row.createdAt, now)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.hasMore && (
        <p>
          <button type="button" className="admin-action" onClick={list.loadMore} disabled={list.loadingMore} data-testid="admin-apps-more">
            {t('admin_apps_load_more')}
          </button>
        </p>
      )}
    </section>
  );
}

type Notice = { tone: 'success' | 'error'; text: string; detail?: string | null };

/** One application: who, when, the history, and the decision. */
function ApplicationDetailPage() {
  const { userId = '' } = useParams();
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  const describeError = useErrorText();
  const queryClient = useQueryClient();
  const detail = toResource(useQuery({ queryKey: applicationsKeys.detail(userId), queryFn: ({ signal }) => getApplication(userId, signal) }));
  const data = detail.status === 'loaded' ? detail.data : detail.previous;
  const failure = detail.status === 'failed' ? describeError(detail.error) : null;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  usePageTitle(data ? data.application.vendorName : t('admin_apps_detail_title'));

  const statusText = (record: AdminVendorRecord) => t(`admin_apps_status_${record.status}`);

  /** Sends the decision; a 409 (someone decided first) shows who, from the record as it now is. */
  async function decide(body: { decision: 'approve' } | { decision: 'reject'; reason: string }): Promise<boolean> {
    if (!data) return false;
    setBusy(true);
    setNotice(null);
    try {
      const record = await decideApplication(userId, { ...body, expectedStatus: data.application.status });
      // The record as it now is, at once (the history follows with the refetch below).
      queryClient.setQueryData<ApplicationDetail>(applicationsKeys.detail(userId), (old) => (old ? { ...old, application: record } : old));
      setNotice({
        tone: 'success',
        text: record.status === 'approved' ? t('admin_apps_approved_notice', { name: record.vendorName, vendorId: record.vendorId ?? '' }) : t('admin_apps_rejected_notice', { name: record.vendorName }),
      });
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        const fresh = await queryClient.fetchQuery({ queryKey: applicationsKeys.detail(userId), queryFn: ({ signal }) => getApplication(userId, signal) }).catch(() => null);
        const record = fresh?.application;
        setNotice({
          tone: 'error',
          text: record ? t('admin_apps_already_decided', { status: statusText(record), who: record.reviewedBy ?? '?' }) : t('admin_apps_already_decided_unknown'),
        });
        return true;
      }
      const { message, detail: rawDetail } = describeError(err);
      setNotice({ tone: 'error', text: t('admin_apps_decision_failed', { message }), detail: rawDetail });
      return false;
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: applicationsKeys.all });
    }
  }

  return (
    <section className="admin-page" aria-busy={detail.status === 'loading'}>
      <p>
        <Link to="/admin/applications">{t('admin_apps_back')}</Link>
      </p>
      <h1>{data ? data.application.vendorName : t('admin_apps_detail_title')}</h1>
      <LoadStatus
        state={detail.status === 'loaded' ? 'idle' : detail.status}
        loadingText={t('admin_apps_detail_loading')}
        errorText={failure ? t('admin_apps_detail_failed', { message: failure.message }) : undefined}
        errorDetail={failure?.detail}
        retryLabel={t('try_again')}
        onRetry={detail.retry}
        testId="admin-app-status"
      />
      {notice && (
        <Alert tone={notice.tone} detail={notice.detail} onDismiss={() => setNotice(null)} dismissLabel={t('admin_apps_dismiss')} testId="admin-app-notice">
          {notice.text}
        </Alert>
      )}
      {data && (
        <>
          <dl className="admin-facts" data-testid="admin-app-facts">
            <div>
              <dt>{t('admin_apps_col_business')}</dt>
              <dd>{data.application.vendorName}</dd>
            </div>
            <div>
              <dt>{t('admin_apps_col_email')}</dt>
              <dd className="admin-break">{data.application.email}</dd>
            </div>
            <div>
              <dt>{t('admin_apps_signed_up')}</dt>
              <dd>{format.instant(data.application.createdAt)}</dd>
            </div>
            <div>
              <dt>{t('admin_apps_language')}</dt>
              <dd>{isLanguage(data.application.language) ? t(languageNameKey(data.application.language)) : data.application.language}</dd>
            </div>
            <div>
              <dt>{t('admin_apps_status')}</dt>
              <dd data-testid="admin-app-state">{statusText(data.application)}</dd>
            </div>
            {data.application.status === 'pending' && (
              <div>
                <dt>{t('admin_apps_col_waiting')}</dt>
                <dd>{format.age(data.application.createdAt, data.generatedAt)}</dd>
              </div>
            )}
            {data.application.vendorId && (
              <div>
                <dt>{t('admin_apps_vendor_id')}</dt>
                <dd>
                  <Link to={`/admin/vendors/${encodeURIComponent(data.application.vendorId)}`}>{data.application.vendorId}</Link>
                </dd>
              </div>
            )}
          </dl>
          {data.application.reviewedAt && (
            <div className="admin-card" data-testid="admin-app-last-decision">
              <h2>{t('admin_apps_last_decision')}</h2>
              <p>
                {t('admin_apps_decided_by', {
                  status: statusText(data.application),
                  who: data.application.reviewedBy ?? '?',
                  time: format.instant(data.application.reviewedAt),
                })}
              </p>
              {data.application.rejectionReason && <p>{t('admin_apps_audit_reason', { reason: data.application.rejectionReason })}</p>}
            </div>
          )}
          {data.application.status === 'pending' && (
            <div className="admin-actions" data-testid="admin-app-actions">
              <button type="button" className="admin-action admin-action-primary" disabled={busy} onClick={() => void decide({ decision: 'approve' })} data-testid="admin-app-approve">
                {t('admin_apps_approve')}
              </button>
              <button type="button" className="admin-action" disabled={busy} onClick={() => setRejecting(true)} data-testid="admin-app-reject">
                {t('admin_apps_reject')}
              </button>
            </div>
          )}
          <section className="admin-card" aria-labelledby="admin-app-history">
            <h2 id="admin-app-history">{t('admin_apps_history')}</h2>
            <AuditTrail entries={data.audit} testId="admin-app-audit" />
          </section>
        </>
      )}
      {rejecting && data && (
        <RejectDialog
          name={data.application.vendorName}
          busy={busy}
          onClose={() => setRejecting(false)}
          onReject={async (reason) => {
            if (await decide({ decision: 'reject', reason })) setRejecting(false);
          }}
        />
      )}
    </section>
  );
}

/** Reject with a reason (required: the applicant reads it at sign-in and in the e-mail). */
function RejectDialog({ name, busy, onClose, onReject }: { name: string; busy: boolean; onClose(): void; onReject(reason: string): Promise<void> }) {
  const { t } = useAdminTranslation();
  return (
    <ReasonDialog
      title={t('admin_apps_reject_title', { name })}
      intro={<p>{t('admin_apps_reject_help')}</p>}
      label={t('admin_apps_reason_label')}
      confirmLabel={t('admin_apps_reject_confirm')}
      requiredText={t('admin_apps_reason_required')}
      tooLongText={t('admin_apps_reason_too_long')}
      busy={busy}
      testIdPrefix="admin-app-reject"
      onClose={onClose}
      onConfirm={onReject}
    />
  );
}
