import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Language } from '../../i18n/language';
import { useMarketplaceTimeZone } from '../../lib/marketplace';
import type { NotificationView } from './api/get-notifications';
import { formatInstant, notificationText } from './notification-text';

/** Only a path inside the portal is followed (`/products/P-1/edit`); anything else leads back to the list. */
const portalLink = (link: string): string => (/^\/(?![/\\])/.test(link) ? link : '/notifications');

export const buttonClass = (base: string, disabled: boolean) => (disabled ? `${base} amplify-button--disabled` : base);

export function NotificationItem({ item, language, onOpen }: { item: NotificationView; language: Language; onOpen(): void }) {
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
