import { IconButton } from '@chakra-ui/react';
import { LuMessageCircle } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { useConversationsUnread } from '@/lib/conversation-entry';
import { MESSAGES, messagesLabel } from './navigation';
import { UnreadBadge } from './unread-badge';

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
