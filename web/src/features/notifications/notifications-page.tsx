import '../../components/empty-state.css';
import './notifications.css';
import { useTranslation } from 'react-i18next';
import { INBOX_RETENTION_MONTHS } from '@contracts/notification-answers';
import { Alert } from '../../components/alert';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { useErrorText, useLoadErrorProps } from '../../lib/error-message';
import { formatCount } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { useNotificationsList } from './api/get-notifications';
import { useMarkNotificationsRead } from './api/mark-notifications-read';
import { buttonClass, NotificationItem } from './notification-item';

/**
 * Plain elements with Amplify UI's classes (its styles come with the header layout), not its React
 * components: the page already carries the contract's zod, and Amplify UI's shared `View` chunk would
 * put the route over its 60 KB budget (docs/decisions.md).
 *
 * The inbox (issue 12): the vendor's notifications, newest first, 20 at a time with "Load more".
 * Unread items are marked; opening one marks it read and goes where it leads (`link`); "Mark all
 * read" marks everything. Titles and sentences come from each item's type and figures in the current
 * language. The header's badge shares the unread count (`queryKeys.notifications.unread`).
 */
export default function NotificationsPage() {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const loadError = useLoadErrorProps();
  const describeError = useErrorText();
  usePageTitle(t('notifications'));
  const list = useNotificationsList();
  // The count the list answered is the badge's too.
  const unread = list.lastPage?.unread;
  const markRead = useMarkNotificationsRead();
  const markError = markRead.error ? t('notifications_mark_failed', { message: describeError(markRead.error).message }) : null;

  const items = list.items;
  const empty = list.status === 'loaded' && items.length === 0;
  const anyUnread = items.some((n) => !n.read) || (unread ?? 0) > 0;

  return (
    <section className="page notifications" aria-labelledby="notifications-heading">
      <div className="notifications-heading-row">
        <h1 className="amplify-heading amplify-heading--1" id="notifications-heading">
          {t('notifications')}
        </h1>
        {items.length > 0 && (
          <button
            type="button"
            className={buttonClass('amplify-button amplify-button--small', !anyUnread || markRead.isPending)}
            onClick={() => markRead.mutate({ all: true })}
            disabled={!anyUnread || markRead.isPending}
            data-testid="notifications-mark-all"
          >
            {t('notifications_mark_all_read')}
          </button>
        )}
      </div>
      <p className="muted">
        {t('notifications_intro', { months: INBOX_RETENTION_MONTHS })}
        {unread !== undefined && unread > 0 && (
          <>
            {' '}
            <span data-testid="notifications-unread-count">{t('notifications_unread_count', { shown: formatCount(unread, language) })}</span>
          </>
        )}
      </p>
      {markError && (
        <Alert tone="error" testId="notifications-error" onDismiss={markRead.reset} dismissLabel={t('dismiss')}>
          {markError}
        </Alert>
      )}
      <LoadStatus
        state={list.status === 'loaded' ? 'idle' : list.status}
        loadingText={list.loadingMore ? t('notifications_loading_more') : t('notifications_loading')}
        {...loadError(list, 'notifications_load_failed')}
        retryLabel={t('try_again')}
        onRetry={list.retry}
        testId="notifications-status"
      />
      {empty && (
        <div className="empty-state" data-testid="notifications-empty">
          <p className="empty-state-title">{t('notifications_empty')}</p>
          <p className="muted">{t('notifications_empty_hint')}</p>
        </div>
      )}
      {items.length > 0 && (
        <>
          <ul className="notification-list" aria-busy={list.status === 'loading'} data-testid="notifications-list">
            {items.map((n) => (
              <NotificationItem key={n.id} item={n} language={language} onOpen={() => !n.read && markRead.mutate({ ids: [n.id] })} />
            ))}
          </ul>
          {list.hasMore && list.status !== 'failed' && (
            <div className="load-more">
              <button type="button" className={buttonClass('amplify-button', list.loadingMore)} onClick={list.loadMore} disabled={list.loadingMore} data-testid="notifications-load-more">
                {list.loadingMore ? t('loading') : t('load_more')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
