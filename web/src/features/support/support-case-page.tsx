import './support-cases.css';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { LoadStatus } from '../../components/load-status';
import { useLoadErrorProps } from '../../lib/error-message';
import { usePageTitle } from '../../lib/use-page-title';
import { toResource } from '../../lib/use-resource';
import { useSupportCase } from './api/get-support-case';
import { AnswerSection } from './answer-section';
import { CaseThreadSection } from './case-thread-section';

/**
 * One of the vendor's support cases (issue 13): its status, the thread (the vendor's messages and
 * support's replies, oldest first) and a form to answer. Answering a replied or closed case makes it
 * wait for support again. A case of another vendor is "not found", like one that does not exist.
 */
export default function SupportCasePage() {
  const { t } = useTranslation();
  const { caseId = '' } = useParams();
  const loadError = useLoadErrorProps();
  usePageTitle(t('support_case_title', { caseId }));
  const resource = toResource(useSupportCase(caseId));
  const data = resource.status === 'loaded' ? resource.data : resource.previous;
  return (
    <section className="page support-case" aria-labelledby="support-case-heading">
      <p className="support-back">
        <Link to="/support" data-testid="support-case-back">
          {t('support_case_back')}
        </Link>
      </p>
      <h1 className="amplify-heading amplify-heading--1" id="support-case-heading">
        {t('support_case_title', { caseId })}
      </h1>
      <LoadStatus
        state={resource.status === 'loaded' ? 'idle' : resource.status}
        loadingText={t('support_case_loading')}
        {...loadError(resource, 'support_case_load_failed')}
        retryLabel={t('try_again')}
        onRetry={resource.retry}
        testId="support-case-status-region"
      />
      {data && (
        <>
          <CaseThreadSection data={data} />
          <AnswerSection data={data} />
        </>
      )}
    </section>
  );
}
