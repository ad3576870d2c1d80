import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';
import { updateCursorListItems } from '../../../lib/use-cursor-list';
import type { NotificationPage, NotificationView } from './get-notifications';
import { notificationSchemas } from './get-unread-count';

export type MarkRead = { ids: string[] } | { all: true };

/** POST /api/notifications/read: these items, or all of them; answers the unread count after. */
export async function markNotificationsRead(what: MarkRead): Promise<number> {
  const [{ unreadCountSchema }, data] = await Promise.all([notificationSchemas(), apiRequest<unknown>('/api/notifications/read', { method: 'POST', body: what })]);
  return parseAnswer(unreadCountSchema, data, 'POST /api/notifications/read').unread;
}

/**
 * Marking read: the items show read at once; the server's count then goes to the header's badge and
 * the list's pages. A failure loads the inbox and the count again (what the server really has).
 */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  const listKey = queryKeys.notifications.list;
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: (what) => {
      const ids = 'ids' in what ? new Set(what.ids) : null;
      updateCursorListItems<NotificationView, NotificationPage>(client, listKey, (items) => items.map((n) => (!ids || ids.has(n.id) ? { ...n, read: true } : n)));
    },
    onSuccess: (count) => {
      client.setQueryData(queryKeys.notifications.unread, count);
      client.setQueryData<InfiniteData<NotificationPage>>(listKey, (data) => (data ? { ...data, pages: data.pages.map((p) => ({ ...p, unread: count })) } : data));
    },
    onError: () => void client.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
