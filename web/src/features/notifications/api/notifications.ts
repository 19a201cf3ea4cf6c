import type { NotificationPreferences, NotificationPreferencesView } from '#shared/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/components/ui/notify';
import { apiRequest, ApiRequestError } from '@/lib/api';

const notificationPreferencesQueryKey = ['notifications', 'preferences'] as const;

/** The channels of the signed-in user (e-mail on by default; SMS / WhatsApp not available yet). */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationPreferencesQueryKey,
    queryFn: ({ signal }) => apiRequest<NotificationPreferencesView>('getNotificationPreferences', { signal }),
    staleTime: 60_000,
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) => apiRequest<NotificationPreferencesView>('saveNotificationPreferences', { body: preferences }),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationPreferencesQueryKey, saved);
      notify.success({ title: saved.email ? 'Notifications par e-mail activées' : 'Notifications par e-mail désactivées' });
    },
    onError: (error) => notify.error({ title: error instanceof ApiRequestError ? error.message : 'Préférences non enregistrées' }),
  });
}
