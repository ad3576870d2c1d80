import type { NotificationPage } from '../../../../contracts/notification-answers';
import { apiRequest, parseAnswer } from '../../lib/api';

/** The answers' schemas (contracts/notification-answers.ts, zod/mini) load with the first answer, in parallel with its request. */
const schemas = () => import('../../../../contracts/notification-answers');

/** GET /api/notifications/unread: the header badge's count. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const [{ unreadCountSchema }, data] = await Promise.all([schemas(), apiRequest<unknown>('/api/notifications/unread', { signal })]);
  return parseAnswer(unreadCountSchema, data, 'GET /api/notifications/unread').unread;
}

/** One page of the inbox, newest first (20 a page), with the unread count. */
export async function getNotificationsPage(cursor: string | undefined, signal?: AbortSignal): Promise<NotificationPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const [{ notificationPageSchema }, data] = await Promise.all([schemas(), apiRequest<unknown>(`/api/notifications${query}`, { signal })]);
  return parseAnswer(notificationPageSchema, data, 'GET /api/notifications');
}

/** POST /api/notifications/read: these items, or all of them; answers the unread count after. */
export async function markNotificationsRead(what: { ids: string[] } | { all: true }): Promise<number> {
  const [{ unreadCountSchema }, data] = await Promise.all([schemas(), apiRequest<unknown>('/api/notifications/read', { method: 'POST', body: what })]);
  return parseAnswer(unreadCountSchema, data, 'POST /api/notifications/read').unread;
}
