import '../../components/empty-state.css';
import './notifications.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { INBOX_RETENTION_MONTHS } from '../../../../contracts/notification-answers';
import type { NotificationPage, NotificationView } from '../../../../contracts/notifications';
import { Alert } from '../../components/alert';
import { LoadStatus } from '../../components/load-status';
import { languageToApply, type Language } from '../../i18n/language';
import { useErrorText, useLoadErrorProps } from '../../lib/error-message';
import { formatCount } from '../../lib/format';
import { queryKeys } from '../../lib/query-client';
import { updateCursorListItems, useCursorList } from '../../lib/use-cursor-list';
import { usePageTitle } from '../../lib/use-page-title';
import { getNotificationsPage, markNotificationsRead } from './notifications-api';
import { formatInstant, notificationText } from './notification-text';
import { useMarketplaceTimeZone } from '../../lib/marketplace';

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
  const queryClient = useQueryClient();
  const listKey = queryKeys.notifications.list;
  const list = useCursorList<NotificationView, NotificationPage>(listKey, (cursor, signal) => getNotificationsPage(cursor, signal));
  const [markError, setMarkError] = useState<string | null>(null);

  // The count the list answered is the badge's too.
  const unread = list.lastPage?.unread;

  const markRead = useMutation({
    mutationFn: markNotificationsRead,
    onMutate: (what) => {
      setMarkError(null);
      // Shown read at once; the server's count follows.
      const ids = 'ids' in what ? new Set(what.ids) : null;
      updateCursorListItems<NotificationView, NotificationPage>(queryClient, listKey, (items) => items.map((n) => (!ids || ids.has(n.id) ? { ...n, read: true } : n)));
    },
    onSuccess: (count) => {
      queryClient.setQueryData(queryKeys.notifications.unread, count);
      queryClient.setQueryData<{ pages: NotificationPage[]; pageParams: unknown[] }>(listKey, (data) => (data ? { ...data, pages: data.pages.map((p) => ({ ...p, unread: count })) } : data));
    },
    onError: (err) => {
      setMarkError(t('notifications_mark_failed', { message: describeError(err).message }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
    },
  });

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
        <Alert tone="error" testId="notifications-error" onDismiss={() => setMarkError(null)} dismissLabel={t('dismiss')}>
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

/** Only a path inside the portal is followed (`/products/P-1/edit`); anything else leads back to the list. */
const portalLink = (link: string): string => (/^\/(?![/\\])/.test(link) ? link : '/notifications');

const buttonClass = (base: string, disabled: boolean) => (disabled ? `${base} amplify-button--disabled` : base);

function NotificationItem({ item, language, onOpen }: { item: NotificationView; language: Language; onOpen(): void }) {
  const { t } = useTranslation();
  const timeZone = useMarketplaceTimeZone();
  const text = notificationText(t, language, item, timeZone);
  return (
    <li className="notification-item" data-read={item.read} data-testid="notification-item">
      {/* The whole item is the link; its name is the title (and "Unread" while it is). */}
      <Link to={portalLink(item.link)} className="notification-link" onClick={onOpen}>
        <span className="notification-title">
          {!item.read && (
            <>
              <span className="notification-dot" aria-hidden="true" />
              <span className="visually-hidden">{t('notifications_unread_marker')}: </span>
            </>
          )}
          {text.title}
        </span>
      </Link>
      {text.body && <p className="notification-body">{text.body}</p>}
      {text.reasons && text.reasons.length > 0 && (
        <ul className="notification-reasons" data-testid="notification-reasons">
          {text.reasons.map((reason, i) => (
            <li key={`${i}-${reason}`}>{reason}</li>
          ))}
        </ul>
      )}
      {text.note && <p className="notification-body">{t('notifications_note', { note: text.note })}</p>}
      <p className="notification-time muted">
        <time dateTime={item.createdAt}>{formatInstant(item.createdAt, language, timeZone)}</time>
      </p>
    </li>
  );
}
