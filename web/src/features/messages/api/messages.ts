/**
 * The messages API (issue 31) for the screens: the caller's conversations, one conversation's
 * pages of messages, sending, marking read, reporting. The keys are lib/realtime's: the socket's
 * events invalidate them; while the socket is not open these queries poll instead.
 */
import {
  CONVERSATION_POLL_SECONDS,
  CONVERSATIONS_POLL_SECONDS,
  type ConversationsPage,
  type MessagesPage,
  type MessageView,
  type ReportMessageRequest,
  type SentMessageView,
} from '#shared/messaging-schemas';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { conversationsQueryKeys } from '@/lib/realtime';
import { useRealtimeOpen } from '@/lib/realtime-provider';

/** The caller's conversations, the most recently active first, a page at a time. */
export function useConversations() {
  const live = useRealtimeOpen();
  return useInfiniteQuery({
    queryKey: conversationsQueryKeys.list,
    queryFn: ({ pageParam, signal }) => apiRequest<ConversationsPage>('listConversations', { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Pushed while the socket is open; read again now and then while it is not.
    staleTime: live ? 60_000 : 0,
    refetchInterval: live ? false : CONVERSATIONS_POLL_SECONDS * 1000,
    refetchOnWindowFocus: true,
  });
}

/**
 * One conversation: the newest page first (`before` absent), then older ones ('Messages plus
 * anciens'). react-query refetches the pages in order with the fresh `next_before`s, so a new
 * message at the top never leaves a hole between pages.
 */
export function useConversationMessages(conversationId: string) {
  const live = useRealtimeOpen();
  return useInfiniteQuery({
    queryKey: conversationsQueryKeys.messages(conversationId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MessagesPage>('getConversationMessages', { params: { id: conversationId }, query: { before: pageParam ?? undefined }, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before,
    staleTime: live ? 60_000 : 0,
    refetchInterval: live ? false : CONVERSATION_POLL_SECONDS * 1000,
    refetchOnWindowFocus: true,
  });
}

/** Every message of the loaded pages, oldest first, each once. */
export function messagesOf(data: InfiniteData<MessagesPage> | undefined): MessageView[] {
  if (!data) return [];
  const bySeq = new Map<number, MessageView>();
  for (const page of data.pages) for (const message of page.messages) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** Puts a message into the newest page of its conversation (the sender sees it before any refetch). */
function withMessage(data: InfiniteData<MessagesPage> | undefined, sent: SentMessageView): InfiniteData<MessagesPage> | undefined {
  const [newest, ...older] = data?.pages ?? [];
  if (!data || !newest) return data;
  if (newest.messages.some((message) => message.seq === sent.message.seq)) return data;
  const messages = [...newest.messages, sent.message].sort((a, b) => a.seq - b.seq);
  return { ...data, pages: [{ ...newest, conversation: sent.conversation, messages }, ...older] };
}

/** The lists and counts under ['conversations'] (the list, the header's badge), not the messages' pages. */
function invalidateLists(queryClient: QueryClient): void {
  const [root] = conversationsQueryKeys.all;
  void queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === root && queryKey[1] !== 'messages' });
}

export interface SendMessageInput {
  /** crypto.randomUUID(), the same for every retry of the same text: the server stores it once. */
  requestId: string;
  body: string;
}

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, body }: SendMessageInput) =>
      apiRequest<SentMessageView>('sendMessage', { params: { id: conversationId }, body: { request_id: requestId, body } }),
    onSuccess: (sent) => {
      queryClient.setQueryData<InfiniteData<MessagesPage>>(conversationsQueryKeys.messages(conversationId), (data) => withMessage(data, sent));
      invalidateLists(queryClient);
    },
  });
}

/** 'Lu': everything up to `readSeq` (the newest shown). The unread counts are read again after it. */
export function useMarkConversationRead(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (readSeq: number) => apiRequest<unknown>('markConversationRead', { params: { id: conversationId }, body: { read_seq: readSeq } }),
    onSuccess: () => {
      invalidateLists(queryClient);
    },
  });
}

export function useReportMessage(conversationId: string) {
  return useMutation({
    mutationFn: ({ messageId, report }: { messageId: string; report: ReportMessageRequest }) =>
      apiRequest<unknown>('reportMessage', { params: { id: conversationId, messageId }, body: report }),
  });
}
