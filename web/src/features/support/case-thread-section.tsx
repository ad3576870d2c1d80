import { useTranslation } from 'react-i18next';
import { languageToApply } from '../../i18n/language';
import { formatInstant } from '../../lib/format';
import { useMarketplaceTimeZone } from '../../lib/marketplace';
import type { SupportCaseDetail } from './api/get-support-case';

/** The case's status, category and when it was opened, then its thread: the vendor's messages and support's replies, oldest first. */
export function CaseThreadSection({ data }: { data: SupportCaseDetail }) {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const timeZone = useMarketplaceTimeZone();
  return (
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
    </>
  );
}
