import { messagingMessages } from '#shared/message-catalogue/messaging';
import { Box, Center, Flex, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuMessagesSquare } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { AppHeader } from '@/components/layout/app-header';
import { useRealtimeOpen } from '@/lib/realtime-provider';
import { ConversationList } from './conversation-list';
import { ConversationPane } from './conversation-view';

export const MESSAGES_TITLE = messagingMessages.title;

/** The socket may take a moment to open: the offline notice waits this long before it shows. */
const OFFLINE_NOTICE_DELAY_MS = 3_000;

function useOfflineNotice(live: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (live) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), OFFLINE_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [live]);
  return shown;
}

/**
 * `/messages` and `/messages/:id`. A phone shows one pane at a time (the list, or the conversation
 * filling the screen under the header, its composer at the bottom); from 1024 px the list and the
 * conversation sit side by side. The page itself never scrolls: the messages do, inside their pane.
 */
export function MessagesScreen({ conversationId }: { conversationId?: string }) {
  const navigate = useNavigate();
  const live = useRealtimeOpen();
  const offline = useOfflineNotice(live);

  return (
    <Flex direction="column" h="100dvh" bg="bg.muted" data-realtime={live ? 'open' : 'closed'}>
      <AppHeader title={MESSAGES_TITLE} onBack={conversationId ? () => navigate('/messages') : undefined} />
      {offline && (
        <Text role="status" fontSize="xs" color="fg.muted" textAlign="center" px="3" py="1" bg="bg" borderBottomWidth="1px" data-testid="realtime-offline">
          {messagingMessages.offline}
        </Text>
      )}
      <Flex as="main" flex="1" minH="0" w="full" maxW="5xl" mx="auto" bg="bg" borderXWidth={{ base: '0', lg: '1px' }}>
        <Box
          as="nav"
          aria-label="Conversations"
          display={{ base: conversationId ? 'none' : 'block', lg: 'block' }}
          w={{ base: 'full', lg: '80' }}
          flexShrink={0}
          borderRightWidth={{ base: '0', lg: '1px' }}
          overflowY="auto"
        >
          <ConversationList selectedId={conversationId} />
        </Box>
        <Flex direction="column" flex="1" minW="0" display={{ base: conversationId ? 'flex' : 'none', lg: 'flex' }} bg="bg.subtle">
          {conversationId ? (
            <ConversationPane key={conversationId} conversationId={conversationId} />
          ) : (
            <Center flex="1" flexDirection="column" gap="2" color="fg.muted" p="6" textAlign="center">
              <LuMessagesSquare size="32" aria-hidden="true" />
              <Text>Choisissez une conversation pour lire ses messages.</Text>
            </Center>
          )}
        </Flex>
      </Flex>
    </Flex>
  );
}
