import { messagingMessages } from '#shared/message-catalogue/messaging';
import type { ConversationView } from '#shared/messaging-schemas';
import { Avatar, Badge, Box, Button, Center, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuMessagesSquare } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyNotice, LoadError } from '@/components/ui/page-state';
import { useAuth } from '@/lib/auth';
import { useConversations } from '../api/messages';
import { sentAtLabel } from './message-bubble';

/** A tutor does not start conversations: the parents' questions come to it. */
const TUTOR_EMPTY_HINT = 'Les questions des parents et les messages de vos cours s’afficheront ici.';

function unreadLabel(count: number): string {
  return `${count} message${count > 1 ? 's' : ''} non lu${count > 1 ? 's' : ''}`;
}

function ConversationItem({ conversation, selected }: { conversation: ConversationView; selected: boolean }) {
  const last = conversation.last_message;
  const unread = conversation.unread_count;
  return (
    <Box as="li" listStyleType="none">
      <Flex
        asChild
        gap="3"
        px="3"
        py="3"
        align="center"
        borderRadius="l2"
        bg={selected ? 'orange.subtle' : undefined}
        _hover={{ bg: selected ? 'orange.subtle' : 'bg.muted' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'orange.focusRing', outlineOffset: '-2px' }}
      >
        <RouterLink
          to={`/messages/${conversation.id}`}
          aria-current={selected ? 'page' : undefined}
          data-testid="conversation-item"
          data-conversation-id={conversation.id}
        >
          <Avatar.Root size="md" colorPalette="orange" flexShrink={0}>
            <Avatar.Fallback name={conversation.other.name} />
            {conversation.other.photo_url && <Avatar.Image src={conversation.other.photo_url} alt="" />}
          </Avatar.Root>
          <Stack gap="0.5" flex="1" minW="0">
            <Flex gap="2" align="baseline">
              <Text fontWeight={unread > 0 ? 'bold' : 'semibold'} flex="1" minW="0" truncate>
                {conversation.other.name}
              </Text>
              {conversation.last_message_at && (
                <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                  {sentAtLabel(conversation.last_message_at)}
                </Text>
              )}
            </Flex>
            <Flex gap="2" align="center">
              <Text fontSize="sm" color={unread > 0 ? 'fg' : 'fg.muted'} fontWeight={unread > 0 ? 'medium' : undefined} flex="1" minW="0" truncate>
                {last ? `${last.sender === conversation.side ? 'Vous : ' : ''}${last.body}` : messagingMessages.noMessages}
              </Text>
              {unread > 0 && (
                <Badge colorPalette="orange" variant="solid" borderRadius="full" flexShrink={0} data-testid="unread-count">
                  <span aria-hidden="true">{unread}</span>
                  <Box as="span" srOnly>
                    {unreadLabel(unread)}
                  </Box>
                </Badge>
              )}
            </Flex>
          </Stack>
        </RouterLink>
      </Flex>
    </Box>
  );
}

/** The caller's conversations: the other person, the last message, the unread count. */
export function ConversationList({ selectedId }: { selectedId?: string }) {
  const query = useConversations();
  const isParent = useAuth().profile?.role === 'parent';

  if (query.isPending) {
    return (
      <Stack gap="2" p="3" aria-busy="true" aria-label="Chargement des conversations">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h="16" borderRadius="l2" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Box p="3">
        <LoadError title="Impossible de charger vos conversations" description={query.error.message} onRetry={() => void query.refetch()} />
      </Box>
    );
  }
  const conversations = query.data.pages.flatMap((page) => page.conversations);
  if (conversations.length === 0) {
    return (
      <Box p="3">
        <EmptyNotice
          card={{ variant: 'outline' }}
          icon={<LuMessagesSquare />}
          color="orange.solid"
          titleAs="h2"
          title={messagingMessages.empty}
          description={isParent ? messagingMessages.emptyHint : TUTOR_EMPTY_HINT}
          action={
            isParent && (
              <Button asChild size="sm" variant="outline">
                <RouterLink to="/search">Trouver un répétiteur</RouterLink>
              </Button>
            )
          }
        />
      </Box>
    );
  }
  return (
    <Stack gap="2" p="2">
      <Stack as="ul" gap="1" m="0" p="0" aria-label="Vos conversations">
        {conversations.map((conversation) => (
          <ConversationItem key={conversation.id} conversation={conversation} selected={conversation.id === selectedId} />
        ))}
      </Stack>
      {query.hasNextPage && (
        <Center>
          <Button size="sm" variant="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Conversations plus anciennes
          </Button>
        </Center>
      )}
    </Stack>
  );
}
