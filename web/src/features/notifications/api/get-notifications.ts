import type { NotificationPage, NotificationView } from '@contracts/notification-answers';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';
import { useCursorList } from '../../../lib/use-cursor-list';
import { notificationSchemas } from './get-unread-count';

export type { NotificationPage, NotificationView };

/** One page of the inbox, newest first (20 a page), with the unread count. */
export async function getNotificationsPage(cursor: string | undefined, signal?: AbortSignal): Promise<NotificationPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const [{ notificationPageSchema }, data] = await Promise.all([notificationSchemas(), apiRequest<unknown>(`/api/notifications${query}`, { signal })]);
  return parseAnswer(notificationPageSchema, data, 'GET /api/notifications');
}

/** The inbox with "Load more" (an infinite query). */
export function useNotificationsList() {
  return useCursorList<NotificationView, NotificationPage>(queryKeys.notifications.list, (cursor, signal) => getNotificationsPage(cursor, signal));
}
