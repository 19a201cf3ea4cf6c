import { messagingMessages } from '#shared/message-catalogue/messaging';
import type { ConversationView as Conversation } from '#shared/messaging-schemas';
import { Alert, Box, Button, Center, Flex, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadError } from '@/components/ui/page-state';
import { ApiRequestError } from '@/lib/api';
import { messagesOf, useConversationMessages, useMarkConversationRead, useSendMessage } from '../api/messages';
import { Composer } from './composer';
import { MessageBubble, PendingBubble } from './message-bubble';
import { ReportDialog } from './report-dialog';

/** Within this many pixels of the bottom, a new message scrolls the list down; further up, the reader is reading older ones. */
const NEAR_BOTTOM_PX = 120;

const subscribeVisibility = (listener: () => void) => {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
};
const pageVisible = () => document.visibilityState === 'visible';

function sendFailure(error: unknown): string {
  // The API's own French words (429 'Vous envoyez trop de messages…', 403 suspended…), else the generic one.
  if (error instanceof ApiRequestError && error.status !== 0 && error.status < 500) return error.message;
  if (error instanceof ApiRequestError && error.status === 0) return `${messagingMessages.sendFailure} : ${error.message}`;
  return messagingMessages.sendFailure;
}

/** The conversation's header inside its pane: who, and their page when the other person is a tutor. */
function ConversationHeader({ conversation }: { conversation: Conversation }) {
  return (
    <Flex px={{ base: '3', md: '4' }} py="2" borderBottomWidth="1px" bg="bg" align="center" gap="3" minH="12">
      <Heading as="h2" size="sm" flex="1" minW="0" truncate>
        {conversation.other.name}
      </Heading>
      {conversation.other.tutor_id && (
        <Link asChild fontSize="sm" colorPalette="orange">
          <RouterLink to={`/tutors/${conversation.other.tutor_id}`}>Voir sa page</RouterLink>
        </Link>
      )}
    </Flex>
  );
}

/**
 * One conversation: the messages oldest → newest with the newest at the bottom (scrolled to), older
 * pages on demand, the composer at the bottom, 'lu' marks sent while the page is visible.
 */
export function ConversationPane({ conversationId }: { conversationId: string }) {
  const query = useConversationMessages(conversationId);
  const send = useSendMessage(conversationId);
  const markRead = useMarkConversationRead(conversationId);
  const [pending, setPending] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [reporting, setReporting] = useState<string | null>(null);
  const visible = useSyncExternalStore(subscribeVisibility, pageVisible);

  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const beforeOlder = useRef<{ height: number; top: number; focused: boolean } | null>(null);
  const olderButton = useRef<HTMLButtonElement>(null);
  const readPosted = useRef(0);

  const list = messagesOf(query.data);
  const conversation = query.data?.pages[0]?.conversation;
  const newest = list.at(-1);
  const pageCount = query.data?.pages.length ?? 0;

  // Older page loaded: keep the reader where they were (the list grew above them).
  useLayoutEffect(() => {
    const box = scroller.current;
    const before = beforeOlder.current;
    if (!box || !before) return;
    beforeOlder.current = null;
    box.scrollTop = box.scrollHeight - before.height + before.top;
    // The button is disabled while the page loads, and gone after the oldest page: the focus fell to
    // the page's body. A keyboard reader stays in the conversation — on the button, or on the list.
    if (before.focused) (olderButton.current ?? box.querySelector('ol'))?.focus({ preventScroll: true });
  }, [pageCount]);

  // First page, a new message or the caller's own pending one: to the bottom (unless reading older ones).
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || beforeOlder.current) return;
    if (nearBottom.current || pending !== null || newest?.mine) box.scrollTop = box.scrollHeight;
  }, [newest?.seq, newest?.mine, pending]);

  // 'Lu': the newest message shown, while the page is visible and the other side wrote something unread.
  useEffect(() => {
    if (!visible || !newest || !conversation) return;
    if (newest.seq <= readPosted.current) return;
    const hasUnread = conversation.unread_count > 0 || !newest.mine;
    if (!hasUnread) return;
    readPosted.current = newest.seq;
    markRead.mutate(newest.seq);
    // markRead is a new object each render; the seq guard above keeps this to one call per message.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible, newest?.seq, conversation?.unread_count]);

  const onSend = async ({ requestId, body }: { requestId: string; body: string }) => {
    setSendError(null);
    setPending(body);
    try {
      await send.mutateAsync({ requestId, body });
      return true;
    } catch (error) {
      setSendError(sendFailure(error));
      return false;
    } finally {
      setPending(null);
    }
  };

  const loadOlder = () => {
    const box = scroller.current;
    if (box) beforeOlder.current = { height: box.scrollHeight, top: box.scrollTop, focused: document.activeElement === olderButton.current };
    void query.fetchNextPage();
  };

  if (query.isPending) {
    return (
      <Stack gap="3" p="4" flex="1" aria-busy="true" aria-label="Chargement des messages">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h="12" w={i % 2 ? '60%' : '70%'} alignSelf={i % 2 ? 'flex-end' : 'flex-start'} borderRadius="l3" />
        ))}
      </Stack>
    );
  }
  if (query.isError || !conversation) {
    const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <Box p="4">
        <LoadError
          title={notFound ? messagingMessages.conversationNotFound : messagingMessages.loadFailure}
          description={notFound ? undefined : query.error?.message}
          onRetry={notFound ? undefined : () => void query.refetch()}
        />
      </Box>
    );
  }

  return (
    <Flex direction="column" flex="1" minH="0" data-testid="conversation" data-conversation-id={conversationId}>
      <ConversationHeader conversation={conversation} />
      <Box
        ref={scroller}
        flex="1"
        minH="0"
        overflowY="auto"
        display="flex"
        flexDirection="column"
        px={{ base: '3', md: '4' }}
        py="3"
        onScroll={(event) => {
          const box = event.currentTarget;
          nearBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX;
        }}
      >
        {/* A short conversation sits at the bottom, by the composer, as on a phone's messaging app. */}
        <Box flex="1" />
        {query.hasNextPage && (
          <Center mb="3">
            <Button ref={olderButton} size="sm" variant="outline" loading={query.isFetchingNextPage} onClick={loadOlder}>
              {messagingMessages.olderMessages}
            </Button>
          </Center>
        )}
        {list.length === 0 && pending === null ? (
          <Center h="full" minH="32">
            <Text color="fg.muted" textAlign="center">
              {messagingMessages.noMessages}
            </Text>
          </Center>
        ) : (
          <Stack as="ol" tabIndex={-1} gap="3" m="0" p="0" aria-label={`Messages avec ${conversation.other.name}`} aria-live="polite" aria-relevant="additions" aria-busy={query.isFetchingNextPage}>
            {list.map((message) => (
              <MessageBubble key={message.id} message={message} onReport={setReporting} />
            ))}
            {pending !== null && <PendingBubble body={pending} />}
          </Stack>
        )}
      </Box>
      {conversation.can_send ? (
        <Composer contactsMasked={conversation.contacts_masked} sending={send.isPending} error={sendError} onSend={onSend} />
      ) : (
        <Box borderTopWidth="1px" bg="bg" p="3" data-testid="send-blocked">
          <Alert.Root status="info" size="sm">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{conversation.send_blocked_reason ?? messagingMessages.messagingSuspended}</Alert.Title>
            </Alert.Content>
          </Alert.Root>
        </Box>
      )}
      <ReportDialog conversationId={conversationId} messageId={reporting} onClose={() => setReporting(null)} />
    </Flex>
  );
}
