import { useQuery } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';

/** The answers' schemas (contracts/notification-answers.ts, zod/mini) load with the first answer, in parallel with its request. */
export const notificationSchemas = () => import('@contracts/notification-answers');

/** How often the header asks for the unread count (docs/decisions.md, "Notifications inbox"). */
export const UNREAD_POLL_MS = 60_000;

/** GET /api/notifications/unread: the header badge's count. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const [{ unreadCountSchema }, data] = await Promise.all([notificationSchemas(), apiRequest<unknown>('/api/notifications/unread', { signal })]);
  return parseAnswer(unreadCountSchema, data, 'GET /api/notifications/unread').unread;
}

/**
 * The badge's count: asked every minute and when the window regains focus (the app's other queries
 * do neither); marking read on the list page updates it at once through the same query key.
 */
export function useUnreadCount() {
  return useQuery({ queryKey: queryKeys.notifications.unread, queryFn: ({ signal }) => getUnreadCount(signal), refetchInterval: UNREAD_POLL_MS, refetchOnWindowFocus: true });
}
