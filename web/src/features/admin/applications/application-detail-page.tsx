import { Link, useParams } from 'react-router-dom';
import { LoadStatus } from '../../../components/load-status';
import { useErrorText } from '../../../lib/error-message';
import { usePageTitle } from '../../../lib/use-page-title';
import { toResource } from '../../../lib/use-resource';
import { useAdminTranslation } from '../admin-i18n';
import { AuditTrail } from '../audit-trail';
import { useDecideApplication } from './api/decide-application';
import { useApplication } from './api/get-application';
import { DecisionNotice, DecisionSection } from './application-decision-section';
import { ApplicationFactsSection, LastDecisionSection } from './application-facts-section';

/** One application: who, when, the history, and the decision. */
export function ApplicationDetailPage() {
  const { userId = '' } = useParams();
  const { t } = useAdminTranslation();
  const describeError = useErrorText();
  const detail = toResource(useApplication(userId));
  const decide = useDecideApplication(userId);
  const data = detail.status === 'loaded' ? detail.data : detail.previous;
  const failure = detail.status === 'failed' ? describeError(detail.error) : null;
  usePageTitle(data ? data.application.vendorName : t('admin_apps_detail_title'));

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
      <DecisionNotice decide={decide} />
      {data && (
        <>
          <ApplicationFactsSection detail={data} />
          <LastDecisionSection application={data.application} />
          <DecisionSection detail={data} decide={decide} />
          <section className="admin-card" aria-labelledby="admin-app-history">
            <h2 id="admin-app-history">{t('admin_apps_history')}</h2>
            <AuditTrail entries={data.audit} testId="admin-app-audit" />
          </section>
        </>
      )}
    </section>
  );
}
