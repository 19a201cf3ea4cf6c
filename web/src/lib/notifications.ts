/**
 * The signed-in user's notifications (issue 15): read by the header's bell on every page and by
 * the notifications page, with the marks as read. Shared, so in lib (features never import each other).
 */
import type { NotificationsPage } from '#shared/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/components/ui/notify';
import { apiRequest, ApiRequestError } from '@/lib/api';
import { useAuth } from '@/lib/auth';

export const notificationsQueryKey = ['notifications'] as const;

/** How often the bell asks for news while the app is open (and each time the window gets the focus). */
export const NOTIFICATIONS_POLL_MS = 60_000;

/**
 * The signed-in user's newest notifications and unread count: the bell and the page share it.
 * Polled modestly: every minute while visible, and on focus.
 */
export function useNotifications() {
  const { profile } = useAuth();
  return useQuery({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) => apiRequest<NotificationsPage>('listNotifications', { signal }),
    enabled: Boolean(profile),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });
}

/** Marks one notification read, at once on screen (the count too), then as the API says. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('markNotificationRead', { params: { id }, body: {} });
    },
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey, exact: true });
      const previous = queryClient.getQueryData<NotificationsPage>(notificationsQueryKey);
      queryClient.setQueryData<NotificationsPage>(notificationsQueryKey, (page) => {
        if (!page) return page;
        const wasUnread = page.notifications.some((n) => n.id === id && n.read_at === null);
        return {
          notifications: page.notifications.map((n) => (n.id === id && n.read_at === null ? { ...n, read_at: new Date().toISOString() } : n)),
          unread_count: Math.max(0, page.unread_count - (wasUnread ? 1 : 0)),
        };
      });
      return { previous };
    },
    onError: (error, _id, context) => {
      // Gone meanwhile (expired): nothing to undo worth a message.
      if (error instanceof ApiRequestError && error.status === 404) return;
      if (context?.previous) queryClient.setQueryData(notificationsQueryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey, exact: true }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ marked: number }>('markAllNotificationsRead', { body: {} }),
    onSuccess: () => {
      const readAt = new Date().toISOString();
      queryClient.setQueryData<NotificationsPage>(notificationsQueryKey, (page) =>
        page ? { notifications: page.notifications.map((n) => ({ ...n, read_at: n.read_at ?? readAt })), unread_count: 0 } : page,
      );
    },
    onError: (error) => notify.error({ title: error instanceof ApiRequestError ? error.message : 'Impossible de tout marquer comme lu' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey, exact: true }),
  });
}
