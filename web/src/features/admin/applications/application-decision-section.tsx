import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { useErrorText } from '../../../lib/error-message';
import { useAdminTranslation } from '../admin-i18n';
import { ReasonDialog } from '../reason-dialog';
import { useStatusText } from './application-facts-section';
import { rejectReasonResolver, type useDecideApplication } from './api/decide-application';
import type { ApplicationDetail } from './api/get-application';

type Decide = ReturnType<typeof useDecideApplication>;

/** What the last decision came to (the mutation's own state): done, decided by someone else first, or failed. */
export function DecisionNotice({ decide }: { decide: Decide }) {
  const { t } = useAdminTranslation();
  const describeError = useErrorText();
  const statusText = useStatusText();
  const outcome = decide.data;
  let notice: { tone: 'success' | 'error'; text: string; detail?: string | null } | null = null;
  if (outcome?.kind === 'decided') {
    const { record } = outcome;
    notice = { tone: 'success', text: record.status === 'approved' ? t('admin_apps_approved_notice', { name: record.vendorName, vendorId: record.vendorId ?? '' }) : t('admin_apps_rejected_notice', { name: record.vendorName }) };
  } else if (outcome?.kind === 'conflict') {
    const { record } = outcome;
    notice = { tone: 'error', text: record ? t('admin_apps_already_decided', { status: statusText(record), who: record.reviewedBy ?? '?' }) : t('admin_apps_already_decided_unknown') };
  } else if (decide.error) {
    const { message, detail } = describeError(decide.error);
    notice = { tone: 'error', text: t('admin_apps_decision_failed', { message }), detail };
  }
  if (!notice) return null;
  return (
    <Alert tone={notice.tone} detail={notice.detail} onDismiss={decide.reset} dismissLabel={t('admin_apps_dismiss')} testId="admin-app-notice">
      {notice.text}
    </Alert>
  );
}

/** Approve, or reject with a reason (required: the applicant reads it at sign-in and in the e-mail). */
export function DecisionSection({ detail, decide }: { detail: ApplicationDetail; decide: Decide }) {
  const { t } = useAdminTranslation();
  const [rejecting, setRejecting] = useState(false);
  const { application } = detail;
  const expectedStatus = application.status;
  return (
    <>
      {application.status === 'pending' && (
        <div className="admin-actions" data-testid="admin-app-actions">
          <button type="button" className="admin-action admin-action-primary" disabled={decide.isPending} onClick={() => decide.mutate({ decision: 'approve', expectedStatus })} data-testid="admin-app-approve">
            {t('admin_apps_approve')}
          </button>
          <button type="button" className="admin-action" disabled={decide.isPending} onClick={() => setRejecting(true)} data-testid="admin-app-reject">
            {t('admin_apps_reject')}
          </button>
        </div>
      )}
      {rejecting && (
        <ReasonDialog
          title={t('admin_apps_reject_title', { name: application.vendorName })}
          intro={<p>{t('admin_apps_reject_help')}</p>}
          label={t('admin_apps_reason_label')}
          confirmLabel={t('admin_apps_reject_confirm')}
          resolver={rejectReasonResolver}
          busy={decide.isPending}
          testIdPrefix="admin-app-reject"
          onClose={() => setRejecting(false)}
          // Decided (by this operator or, a 409, by someone else first): the dialog closes; a failure keeps it open.
          onConfirm={(reason) => decide.mutateAsync({ decision: 'reject', reason, expectedStatus }).then(() => setRejecting(false))}
        />
      )}
    </>
  );
}
