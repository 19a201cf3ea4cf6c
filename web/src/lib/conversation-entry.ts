/**
 * The ways into messages (issue 31) that live outside the messages screens: 'Poser une question'
 * on a tutor's page and card, a lesson's 'Messages', and the unread count of the header and the
 * tab bar. Shared, so in lib (features never import each other); the screens themselves are the
 * messages feature's.
 */
import { messagingMessages } from '#shared/message-catalogue/messaging';
import { uiMessages } from '#shared/message-catalogue/ui';
import type { ConversationsPage, ConversationView, StartConversationRequest } from '#shared/messaging-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { hasMessages } from '@/components/layout/navigation';
import { notify } from '@/components/ui/notify';
import { apiRequest, ApiRequestError } from '@/lib/api';
import { useAuth } from '@/lib/auth';

/**
 * The unread count's query. It starts with 'conversations': the real-time client, which
 * invalidates ['conversations'] on each event, refreshes the badge with the list. Its own second
 * part, because the messages screen's list may page (another shape under another key).
 */
export const conversationsUnreadQueryKey = ['conversations', 'unread-total'] as const;

/** How often the badge asks for news while the app is open (and on focus), as the notifications' bell. */
export const CONVERSATIONS_UNREAD_POLL_MS = 60_000;

/** Unread messages over all the signed-in parent's or tutor's conversations (0 for the other roles). */
export function useConversationsUnread(): number {
  const { profile } = useAuth();
  const { data } = useQuery({
    queryKey: conversationsUnreadQueryKey,
    queryFn: ({ signal }) => apiRequest<ConversationsPage>('listConversations', { signal }),
    select: (page) => page.unread_total,
    enabled: hasMessages(profile?.role),
    refetchInterval: CONVERSATIONS_UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });
  return data ?? 0;
}

/** The path of a conversation's screen. */
export const conversationPath = (id: string) => `/messages/${id}`;

/**
 * Opens (or finds again) the pair's one conversation — a parent naming a tutor, or either side a
 * lesson — and goes to it. A refusal (429: 20 new tutors a day) says its French message in a toast.
 */
export function useOpenConversation() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (target: StartConversationRequest) => apiRequest<ConversationView>('startConversation', { body: target }),
    onSuccess: (conversation) => {
      void queryClient.invalidateQueries({ queryKey: ['conversations'] });
      navigate(conversationPath(conversation.id));
    },
    onError: (error) =>
      notify.error({
        title: messagingMessages.openFailure,
        description: error instanceof ApiRequestError ? error.message : uiMessages.networkFailure,
      }),
  });
  const { mutate, isPending } = mutation;
  const pendingTarget = isPending ? mutation.variables : undefined;
  const open = useCallback(
    (target: StartConversationRequest) => {
      // One at a time: a second tap while the first is on its way opens nothing more.
      if (!isPending) mutate(target);
    },
    [mutate, isPending],
  );
  return {
    open,
    /** The tutor whose conversation is being opened (its button shows it). */
    pendingTutorId: pendingTarget && 'tutor_id' in pendingTarget ? pendingTarget.tutor_id : undefined,
    /** The lesson whose conversation is being opened. */
    pendingTransactionId: pendingTarget && 'transaction_id' in pendingTarget ? pendingTarget.transaction_id : undefined,
  };
}
