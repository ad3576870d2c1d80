import { Link, useParams } from 'react-router-dom';
import { LoadStatus } from '../../../components/load-status';
import { useErrorText } from '../../../lib/error-message';
import { usePageTitle } from '../../../lib/use-page-title';
import { toResource } from '../../../lib/use-resource';
import { useAdminTranslation } from '../admin-i18n';
import { useSupportCase } from './api/get-support-case';
import { useCaseAction } from './api/update-support-case';
import { CaseOutcome, CaseStatusAction, ReplyForm } from './case-actions-section';
import { CaseFactsSection, CaseThreadSection } from './case-sections';

/**
 * /admin/support/:vendorId/:caseId (issue 13): one case's thread with the vendor's name, id and
 * e-mail and the category; reply (the vendor is notified), close and reopen. Each action's outcome is
 * said in the page (role="alert"); a conflict (someone closed the case meanwhile) says so and the
 * case is loaded again.
 */
export default function CasePage() {
  const { t } = useAdminTranslation();
  const describeError = useErrorText();
  const { vendorId = '', caseId = '' } = useParams();
  usePageTitle(t('admin_support_case_title', { caseId }));
  const resource = toResource(useSupportCase(vendorId, caseId));
  const act = useCaseAction(vendorId, caseId);
  const data = resource.status === 'loaded' ? resource.data : resource.previous;
  const failure = resource.status === 'failed' ? describeError(resource.error) : null;
  const closed = data?.status === 'closed';

  return (
    <section className="admin-page admin-support-case" aria-labelledby="admin-support-case-heading">
      <p>
        <Link to={`/admin/support?status=${data?.status ?? 'open'}`} data-testid="admin-support-back">
          {t('admin_support_back')}
        </Link>
      </p>
      <h1 id="admin-support-case-heading" className="admin-support-case-title">
        {t('admin_support_case_title', { caseId })}
      </h1>
      <LoadStatus
        state={resource.status === 'loaded' ? 'idle' : resource.status}
        loadingText={t('admin_support_case_loading')}
        errorText={failure ? t('admin_support_case_load_failed', { message: failure.message }) : undefined}
        errorDetail={failure?.detail}
        retryLabel={t('try_again')}
        onRetry={resource.retry}
        testId="admin-support-case-status"
      />
      <CaseOutcome act={act} />
      {data && (
        <>
          <CaseFactsSection supportCase={data} />
          <CaseThreadSection messages={data.messages} />
          {closed ? (
            <p className="admin-support-closed-note" data-testid="admin-support-closed-note">
              {t('admin_support_closed_note')}
            </p>
          ) : (
            <ReplyForm act={act} />
          )}
          <CaseStatusAction act={act} closed={closed} />
        </>
      )}
    </section>
  );
}
