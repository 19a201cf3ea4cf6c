import { IconButton } from '@chakra-ui/react';
import { LuBell } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { useNotifications } from '@/lib/notifications';
import { UnreadBadge } from './unread-badge';

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
  return (
    <IconButton aria-label={bellLabel(unread)} variant="ghost" size="md" position="relative" onClick={() => navigate('/notifications')}>
      <LuBell />
      <UnreadBadge count={unread} />
    </IconButton>
  );
}
