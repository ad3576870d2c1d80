import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../lib/query-client';
import { getUnreadCount } from './notifications-api';

/** How often the header asks for the unread count (docs/decisions.md, "Notifications inbox"). */
export const UNREAD_POLL_MS = 60_000;

/**
 * The inside of the header's notifications link (app/shell/header.tsx): its accessible name
 * ("Notifications, 3 unread") and the count as a badge. A lazy chunk of its own, so the header
 * layout does not carry the API contract's zod schemas. The count is asked every minute and when the
 * window regains focus (the app's other queries do neither); marking read on the list page updates
 * it at once through the same query key.
 */
export default function UnreadBadge() {
  const { t } = useTranslation();
  const unread = useQuery({
    queryKey: queryKeys.notifications.unread,
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
  const count = unread.data ?? 0;
  if (count === 0) return <span className="visually-hidden">{t('notifications')}</span>;
  // At most two digits, the same in both languages (no grouping to localise).
  const shown = count > 99 ? '99+' : String(count);
  return (
    <>
      <span className="visually-hidden">{t('notifications_unread_label', { count, shown })}</span>
      <span className="notification-badge" aria-hidden="true" data-testid="notifications-badge">
        {shown}
      </span>
    </>
  );
}
