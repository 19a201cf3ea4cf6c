import { messages } from '#shared/messages';
import { IconButton } from '@chakra-ui/react';
import { LuMessageCircle } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { useConversationsUnread } from '@/lib/conversation-entry';
import { MESSAGES } from './navigation';
import { UnreadBadge } from './unread-badge';

/** 'Messages, 3 non lus', 'Messages, 1 non lu', 'Messages'. */
export function messagesLabel(unread: number): string {
  if (unread <= 0) return messages.messaging.title;
  return `${messages.messaging.title}, ${unread} non ${unread > 1 ? 'lus' : 'lu'}`;
}

/**
 * The header's 'Messages' (issue 31), beside the bell, for a parent or a tutor: the unread messages
 * of all its conversations (polled every minute and on focus, and refreshed by the real-time
 * client's events), opening the conversations.
 */
export function MessagesButton() {
  const navigate = useNavigate();
  const unread = useConversationsUnread();
  return (
    <IconButton aria-label={messagesLabel(unread)} variant="ghost" size="md" position="relative" onClick={() => navigate(MESSAGES.to)}>
      <LuMessageCircle />
      <UnreadBadge count={unread} />
    </IconButton>
  );
}
