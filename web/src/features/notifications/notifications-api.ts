import type * as z from 'zod';
import type { NotificationPage } from '../../../../contracts/notifications';
import { ApiError, apiRequest } from '../../lib/api';

/** The answers' schemas (contracts/notifications.ts) and zod load with the first answer, in parallel with its request. */
const schemas = () => import('../../../../contracts/notifications');

/** Parses an answer with its contract's schema (contracts/notifications.ts); a wrong shape is an ApiError, said like any failed load. */
function parsed<T>(schema: z.ZodType<T>, data: unknown, route: string): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(200, 'invalid_response', `${route} answered an unexpected shape.`);
  return result.data;
}

/** GET /api/notifications/unread: the header badge's count. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const [{ unreadCountSchema }, data] = await Promise.all([schemas(), apiRequest<unknown>('/api/notifications/unread', { signal })]);
  return parsed(unreadCountSchema, data, 'GET /api/notifications/unread').unread;
}

/** One page of the inbox, newest first (20 a page), with the unread count. */
export async function getNotificationsPage(cursor: string | undefined, signal?: AbortSignal): Promise<NotificationPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const [{ notificationPageSchema }, data] = await Promise.all([schemas(), apiRequest<unknown>(`/api/notifications${query}`, { signal })]);
  return parsed(notificationPageSchema, data, 'GET /api/notifications');
}

/** POST /api/notifications/read: these items, or all of them; answers the unread count after. */
export async function markNotificationsRead(what: { ids: string[] } | { all: true }): Promise<number> {
  const [{ unreadCountSchema }, data] = await Promise.all([schemas(), apiRequest<unknown>('/api/notifications/read', { method: 'POST', body: what })]);
  return parsed(unreadCountSchema, data, 'POST /api/notifications/read').unread;
}
