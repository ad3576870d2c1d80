import './support-cases.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { SUPPORT_MESSAGE_MAX } from '../../../../contracts/support/categories';
import { Alert } from '../../components/alert';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { useErrorText, useLoadErrorProps } from '../../lib/error-message';
import { queryKeys } from '../../lib/query-client';
import { usePageTitle } from '../../lib/use-page-title';
import { toResource } from '../../lib/use-resource';
import { answerSupportCase, getSupportCase } from './support-api';
import { formatInstant } from '../../lib/format';
import { useMarketplaceTimeZone } from '../../lib/marketplace';

/**
 * One of the vendor's support cases (issue 13): its status, the thread (the vendor's messages and
 * support's replies, oldest first) and a form to answer. Answering a replied or closed case makes it
 * wait for support again. A case of another vendor is "not found", like one that does not exist.
 */
export default function SupportCasePage() {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const timeZone = useMarketplaceTimeZone();
  const { caseId = '' } = useParams();
  const loadError = useLoadErrorProps();
  const describeError = useErrorText();
  usePageTitle(t('support_case_title', { caseId }));
  const queryClient = useQueryClient();
  const detailKey = queryKeys.support.detail(caseId);
  const resource = toResource(useQuery({ queryKey: detailKey, queryFn: ({ signal }) => getSupportCase(caseId, signal) }));
  const data = resource.status === 'loaded' ? resource.data : resource.previous;
  const [message, setMessage] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string; detail?: string | null } | null>(null);
  const fieldId = useId();

  const send = useMutation({
    mutationFn: (text: string) => answerSupportCase(caseId, text),
    onMutate: () => setOutcome(null),
    onSuccess: (updated) => {
      queryClient.setQueryData(detailKey, updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.support.list });
      setMessage('');
      setOutcome({ tone: 'success', text: t('support_answer_sent') });
    },
    onError: (err) => {
      const { message: reason, detail } = describeError(err);
      setOutcome({ tone: 'error', text: t('support_answer_failed', { message: reason }), detail });
    },
  });
  const blank = message.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blank && !send.isPending) send.mutate(message.trim());
  };

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
          <dl className="support-case-facts">
            <div>
              <dt>{t('support_case_status')}</dt>
              <dd>
                <span className="support-status" data-status={data.status} data-testid="support-case-status">
                  {t(`support_status_${data.status}`)}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t('support_category')}</dt>
              <dd>{t(data.category)}</dd>
            </div>
            <div>
              <dt>{t('support_case_opened')}</dt>
              <dd>{formatInstant(data.createdAt, language, timeZone)}</dd>
            </div>
          </dl>
          <h2 className="support-thread-heading">{t('support_thread_heading')}</h2>
          <ol className="support-thread" data-testid="support-thread">
            {data.messages.map((m) => (
              <li key={m.messageId} className="support-message" data-author={m.author} data-testid="support-message">
                <p className="support-message-head">
                  <span className="support-message-author">{t(`support_author_${m.author}`)}</span>{' '}
                  <time className="muted" dateTime={m.at}>
                    {formatInstant(m.at, language, timeZone)}
                  </time>
                </p>
                <p className="support-message-body">{m.body}</p>
              </li>
            ))}
          </ol>
          <form className="support-answer" onSubmit={submit} noValidate>
            {outcome && (
              <Alert tone={outcome.tone} testId="support-answer-outcome" detail={outcome.detail} onDismiss={() => setOutcome(null)} dismissLabel={t('dismiss')}>
                {outcome.text}
              </Alert>
            )}
            <label htmlFor={fieldId} className="support-answer-label">
              {t('support_answer_label')}
            </label>
            {data.status === 'closed' && (
              <p className="muted" id={`${fieldId}-hint`}>
                {t('support_answer_reopens')}
              </p>
            )}
            <textarea
              id={fieldId}
              className="support-answer-text"
              rows={5}
              maxLength={SUPPORT_MESSAGE_MAX}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              aria-describedby={data.status === 'closed' ? `${fieldId}-hint` : undefined}
              data-testid="support-answer-message"
            />
            <div>
              <button
                type="submit"
                className={`amplify-button amplify-button--primary${blank || send.isPending ? ' amplify-button--disabled' : ''}`}
                disabled={blank || send.isPending}
                data-testid="support-answer-send"
              >
                {send.isPending ? t('sending') : t('support_answer_send')}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
