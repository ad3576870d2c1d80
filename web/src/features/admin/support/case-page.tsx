import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { SUPPORT_MESSAGE_MAX } from '../../../../../contracts/support/categories';
import { Alert } from '../../../components/alert';
import { LoadStatus } from '../../../components/load-status';
import { languageToApply } from '../../../i18n/language';
import { useErrorText } from '../../../lib/error-message';
import { formatInstant } from '../../../lib/format';
import { useMarketplaceTimeZone } from '../../../lib/marketplace';
import { usePageTitle } from '../../../lib/use-page-title';
import { toResource } from '../../../lib/use-resource';
import { useAdminTranslation } from '../admin-i18n';
import { actOnCase, getAdminCase, supportKeys, type CaseAction } from './support-api';

/**
 * /admin/support/:vendorId/:caseId (issue 13): one case's thread with the vendor's name, id and
 * e-mail and the category; reply (the vendor is notified), close and reopen. Each action's outcome is
 * said in the page (role="alert"); a conflict (someone closed the case meanwhile) says so and the
 * case is loaded again.
 */
export default function CasePage() {
  const { t, i18n } = useAdminTranslation();
  const language = languageToApply(i18n.language);
  const timeZone = useMarketplaceTimeZone();
  const describeError = useErrorText();
  const { vendorId = '', caseId = '' } = useParams();
  usePageTitle(t('admin_support_case_title', { caseId }));
  const queryClient = useQueryClient();
  const key = supportKeys.detail(vendorId, caseId);
  const resource = toResource(useQuery({ queryKey: key, queryFn: ({ signal }) => getAdminCase(vendorId, caseId, signal) }));
  const data = resource.status === 'loaded' ? resource.data : resource.previous;
  const failure = resource.status === 'failed' ? describeError(resource.error) : null;
  const [reply, setReply] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string; detail?: string | null } | null>(null);

  const act = useMutation({
    mutationFn: (action: CaseAction) => actOnCase(vendorId, caseId, action),
    onMutate: () => setOutcome(null),
    onSuccess: (updated, action) => {
      queryClient.setQueryData(key, updated);
      void queryClient.invalidateQueries({ queryKey: supportKeys.all, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'overview'] });
      if (action.kind === 'reply') setReply('');
      setOutcome({ tone: 'success', text: t(`admin_support_done_${action.kind}`) });
    },
    onError: (err, action) => {
      const { message, detail } = describeError(err);
      setOutcome({ tone: 'error', text: t(`admin_support_failed_${action.kind}`, { message }), detail });
      // A conflict means the case changed: show it as it is now.
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const blank = reply.trim() === '';
  const closed = data?.status === 'closed';
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!blank && !closed && !act.isPending) act.mutate({ kind: 'reply', message: reply.trim() });
  };

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
      {outcome && (
        <Alert tone={outcome.tone} testId="admin-support-outcome" detail={outcome.detail} onDismiss={() => setOutcome(null)} dismissLabel={t('dismiss')}>
          {outcome.text}
        </Alert>
      )}
      {data && (
        <>
          <dl className="admin-support-facts">
            <div>
              <dt>{t('admin_support_vendor')}</dt>
              <dd data-testid="admin-support-vendor-name">{data.vendor.name ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('admin_support_vendor_id')}</dt>
              <dd>
                <Link to={`/admin/support?status=open&vendor=${encodeURIComponent(data.vendor.vendorId)}`}>{data.vendor.vendorId}</Link>
              </dd>
            </div>
            <div>
              <dt>{t('admin_support_vendor_email')}</dt>
              <dd>
                <a href={`mailto:${data.vendor.email}`}>{data.vendor.email}</a>
              </dd>
            </div>
            <div>
              <dt>{t('admin_support_filter_category')}</dt>
              <dd>{t(data.category)}</dd>
            </div>
            <div>
              <dt>{t('admin_support_status')}</dt>
              <dd>
                <span className="admin-support-badge" data-status={data.status} data-testid="admin-support-case-state">
                  {t(`admin_support_status_${data.status}`)}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t('admin_support_opened_label')}</dt>
              <dd>{formatInstant(data.createdAt, language, timeZone)}</dd>
            </div>
          </dl>
          <h2 className="admin-support-thread-heading">{t('admin_support_thread')}</h2>
          <ol className="admin-support-thread" data-testid="admin-support-thread">
            {data.messages.map((m) => (
              <li key={m.messageId} className="admin-support-message" data-author={m.author} data-testid="admin-support-message">
                <p className="admin-support-message-head">
                  <strong>{t(`admin_support_author_${m.author}`)}</strong>{' '}
                  <time dateTime={m.at}>{formatInstant(m.at, language, timeZone)}</time>
                </p>
                <p className="admin-support-message-body">{m.body}</p>
              </li>
            ))}
          </ol>
          {closed ? (
            <p className="admin-support-closed-note" data-testid="admin-support-closed-note">
              {t('admin_support_closed_note')}
            </p>
          ) : (
            <form className="admin-support-reply" onSubmit={send} noValidate>
              <label htmlFor="admin-support-reply">{t('admin_support_reply_label')}</label>
              <p id="admin-support-reply-hint" className="admin-support-hint">
                {t('admin_support_reply_hint')}
              </p>
              <textarea
                id="admin-support-reply"
                rows={5}
                maxLength={SUPPORT_MESSAGE_MAX}
                value={reply}
                onChange={(e) => setReply(e.target.value)}
                aria-describedby="admin-support-reply-hint"
                data-testid="admin-support-reply"
              />
              <div>
                <button type="submit" className="admin-action admin-action-primary" disabled={blank || act.isPending} data-testid="admin-support-send">
                  {act.isPending && act.variables?.kind === 'reply' ? t('sending') : t('admin_support_reply_send')}
                </button>
              </div>
            </form>
          )}
          <div className="admin-support-case-actions">
            {closed ? (
              <button type="button" className="admin-action" disabled={act.isPending} onClick={() => act.mutate({ kind: 'reopen' })} data-testid="admin-support-reopen">
                {t('admin_support_reopen')}
              </button>
            ) : (
              <button type="button" className="admin-action" disabled={act.isPending} onClick={() => act.mutate({ kind: 'close' })} data-testid="admin-support-close">
                {t('admin_support_close')}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
