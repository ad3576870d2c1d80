import { Link } from 'react-router-dom';
import { useAdminFormat } from '../admin-format';
import { useAdminTranslation } from '../admin-i18n';
import type { AdminSupportCase } from './api/get-support-case';

/** The vendor (name, id linking to their open cases, e-mail), the category, the status and when it was opened. */
export function CaseFactsSection({ supportCase }: { supportCase: AdminSupportCase }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  const { vendor } = supportCase;
  return (
    <dl className="admin-support-facts">
      <div>
        <dt>{t('admin_support_vendor')}</dt>
        <dd data-testid="admin-support-vendor-name">{vendor.name ?? '—'}</dd>
      </div>
      <div>
        <dt>{t('admin_support_vendor_id')}</dt>
        <dd>
          <Link to={`/admin/support?status=open&vendor=${encodeURIComponent(vendor.vendorId)}`}>{vendor.vendorId}</Link>
        </dd>
      </div>
      <div>
        <dt>{t('admin_support_vendor_email')}</dt>
        <dd>
          <a href={`mailto:${vendor.email}`}>{vendor.email}</a>
        </dd>
      </div>
      <div>
        <dt>{t('admin_support_filter_category')}</dt>
        <dd>{t(supportCase.category)}</dd>
      </div>
      <div>
        <dt>{t('admin_support_status')}</dt>
        <dd>
          <span className="admin-support-badge" data-status={supportCase.status} data-testid="admin-support-case-state">
            {t(`admin_support_status_${supportCase.status}`)}
          </span>
        </dd>
      </div>
      <div>
        <dt>{t('admin_support_opened_label')}</dt>
        <dd>{format.instant(supportCase.createdAt)}</dd>
      </div>
    </dl>
  );
}

/** The thread, oldest message first: who (vendor or ops), when, what. */
export function CaseThreadSection({ messages }: { messages: AdminSupportCase['messages'] }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  return (
    <>
      <h2 className="admin-support-thread-heading">{t('admin_support_thread')}</h2>
      <ol className="admin-support-thread" data-testid="admin-support-thread">
        {messages.map((m) => (
          <li key={m.messageId} className="admin-support-message" data-author={m.author} data-testid="admin-support-message">
            <p className="admin-support-message-head">
              <strong>{t(`admin_support_author_${m.author}`)}</strong> <time dateTime={m.at}>{format.instant(m.at)}</time>
            </p>
            <p className="admin-support-message-body">{m.body}</p>
          </li>
        ))}
      </ol>
    </>
  );
}
