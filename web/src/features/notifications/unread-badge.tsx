import { useTranslation } from 'react-i18next';
import { useUnreadCount } from './api/get-unread-count';

/**
 * The inside of the header's notifications link (app/shell/header.tsx): its accessible name
 * ("Notifications, 3 unread") and the count as a badge. A lazy chunk of its own, so the header
 * layout does not carry the API contract's zod schemas. The count is polled (api/get-unread-count.ts).
 */
export default function UnreadBadge() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
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
