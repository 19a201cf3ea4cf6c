import type { NotificationPreferencesView } from '#shared/notifications';
import type { WhatsAppChannelView } from '#shared/whatsapp';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const whatsappChannelQueryKey = ['notifications', 'whatsapp'] as const;
const preferencesQueryKey = ['notifications', 'preferences'] as const;

/** The signed-in user's WhatsApp channel (issue 34): none, a code pending, verified or stopped. */
export function useWhatsAppChannel() {
  return useQuery({
    queryKey: whatsappChannelQueryKey,
    queryFn: ({ signal }) => apiRequest<WhatsAppChannelView>('getWhatsAppChannel', { signal }),
    staleTime: 60_000,
  });
}

/** The channel's steps: ask for a code, give it back, turn the channel off. Each answer is the channel. */
export function useWhatsAppActions() {
  const queryClient = useQueryClient();
  const settle = (channel: WhatsAppChannelView) => {
    queryClient.setQueryData(whatsappChannelQueryKey, channel);
    // Verifying turns the WhatsApp preference on, removing turns it off: read them again.
    if (channel.state !== 'pending') void queryClient.invalidateQueries({ queryKey: preferencesQueryKey });
  };
  return {
    sendCode: useMutation({
      mutationFn: (phone: string) => apiRequest<WhatsAppChannelView>('startWhatsAppVerification', { body: { phone } }),
      onSuccess: settle,
    }),
    verify: useMutation({
      mutationFn: (code: string) => apiRequest<WhatsAppChannelView>('confirmWhatsAppVerification', { body: { code } }),
      onSuccess: settle,
    }),
    remove: useMutation({
      mutationFn: () => apiRequest<WhatsAppChannelView>('removeWhatsAppChannel'),
      onSuccess: settle,
    }),
  };
}

export type { NotificationPreferencesView };
