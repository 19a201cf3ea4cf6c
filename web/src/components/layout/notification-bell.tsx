import { Box, IconButton } from '@chakra-ui/react';
import { LuBell } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { useNotifications } from '@/lib/notifications';

/** 'Notifications, 3 non lues', 'Notifications, 1 non lue', 'Notifications'. */
export function bellLabel(unread: number): string {
  if (unread <= 0) return 'Notifications';
  return `Notifications, ${unread} non ${unread > 1 ? 'lues' : 'lue'}`;
}

/** The header's bell: the unread count (polled every minute and on focus), opening the notifications page. */
export function NotificationBell() {
  const navigate = useNavigate();
  const { data } = useNotifications();
  const unread = data?.unread_count ?? 0;
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <IconButton aria-label={bellLabel(unread)} variant="ghost" size="md" position="relative" onClick={() => navigate('/notifications')}>
      <LuBell />
      {unread > 0 && (
        <Box
          as="span"
          aria-hidden="true"
          position="absolute"
          top="0.5"
          insetEnd="0.5"
          minW="5"
          h="5"
          px="1"
          borderRadius="full"
          bg="red.solid"
          color="white"
          fontSize="xs"
          fontWeight="bold"
          lineHeight="1.25rem"
          textAlign="center"
          pointerEvents="none"
        >
          {shown}
        </Box>
      )}
    </IconButton>
  );
}
