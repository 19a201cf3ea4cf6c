import { lessonTimeLabel } from '#shared/french-dates';
import type { NotificationView } from '#shared/notifications';
import { Box, Button, Card, Flex, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Checkbox } from '@/components/chakra/checkbox';
import { LuBellOff } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { EmptyNotice, LoadError } from '@/components/ui/page-state';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '@/lib/notifications';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notifications';
import { WhatsAppChannel } from './whatsapp-channel';
import { OfflineCopyBanner } from '@/components/pwa/offline-copy-banner';

export const NOTIFICATIONS_TITLE = 'Notifications';

function NotificationItem({ notification, onOpen }: { notification: NotificationView; onOpen: (n: NotificationView) => void }) {
  const unread = notification.read_at === null;
  return (
    <Box as="li" listStyleType="none">
      <Button
        variant="ghost"
        w="full"
        h="auto"
        py="3"
        px="3"
        justifyContent="flex-start"
        textAlign="start"
        whiteSpace="normal"
        bg={unread ? 'orange.subtle' : undefined}
        onClick={() => onOpen(notification)}
      >
        <Flex gap="3" align="flex-start" w="full">
          <Box
            mt="1.5"
            boxSize="2.5"
            flexShrink={0}
            borderRadius="full"
            bg={unread ? 'orange.solid' : 'transparent'}
            aria-hidden="true"
          />
          <Stack gap="1" minW="0" flex="1">
            <Text fontWeight={unread ? 'bold' : 'medium'}>
              {notification.title}
              {unread && <Box as="span" srOnly>{' '}(non lue)</Box>}
            </Text>
            <Text fontSize="sm" color={unread ? 'fg' : 'fg.muted'} fontWeight="normal">
              {notification.body}
            </Text>
            <Text fontSize="xs" color={unread ? 'fg' : 'fg.muted'} fontWeight="normal">
              {lessonTimeLabel(notification.created_at)}
            </Text>
          </Stack>
        </Flex>
      </Button>
    </Box>
  );
}

function NotificationsList() {
  const navigate = useNavigate();
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const open = (notification: NotificationView) => {
    if (notification.read_at === null) markRead.mutate(notification.id);
    navigate(notification.link);
  };

  if (notifications.isPending) {
    return (
      <Stack gap="3" aria-busy="true" aria-label="Chargement des notifications">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h="20" borderRadius="l2" />
        ))}
      </Stack>
    );
  }
  if (notifications.isError) {
    return (
      <LoadError
        title="Impossible de charger vos notifications"
        description="Vérifiez votre connexion puis réessayez."
        onRetry={() => void notifications.refetch()}
      />
    );
  }
  const { notifications: list, unread_count: unread } = notifications.data;
  if (list.length === 0) {
    return (
      <EmptyNotice
        card={{ variant: 'outline' }}
        icon={<LuBellOff />}
        color="orange.solid"
        titleAs="h2"
        title="Aucune notification pour le moment"
        description="Vos demandes de cours, paiements et rappels apparaîtront ici."
      />
    );
  }
  return (
    <Stack gap="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="medium" aria-live="polite">
          {unread === 0 ? 'Tout est lu' : `${unread} non ${unread > 1 ? 'lues' : 'lue'}`}
        </Text>
        {unread > 0 && (
          <Button size="sm" variant="outline" loading={markAll.isPending} onClick={() => markAll.mutate()}>
            Tout marquer comme lu
          </Button>
        )}
      </HStack>
      <Card.Root variant="outline">
        <Card.Body p="1">
          <Stack as="ul" gap="1" m="0" p="0" aria-label="Vos notifications">
            {list.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} onOpen={open} />
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

/** The channels: in-app always, e-mail by choice, WhatsApp with a proven number (issue 34). */
function NotificationPreferencesSection() {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="notification-preferences">
      <Card.Body>
        <Stack gap="4">
          <Heading as="h2" size="md" id="notification-preferences">
            Préférences
          </Heading>
          {preferences.isError ? (
            <LoadError title="Impossible de charger vos préférences" onRetry={() => void preferences.refetch()} size="sm" />
          ) : (
            <Stack gap="3">
              <Text fontSize="sm">Dans l'application : toujours.</Text>
              <Checkbox.Root
                checked={preferences.data?.email ?? true}
                disabled={preferences.isPending || save.isPending}
                onCheckedChange={({ checked }) => save.mutate({ email: checked === true, whatsapp: preferences.data?.whatsapp ?? false })}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Recevoir les notifications par e-mail</Checkbox.Label>
              </Checkbox.Root>
              {preferences.data && <WhatsAppChannel available={preferences.data.available.whatsapp} />}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The notifications page: the list (newest first), marking read, and the channels. */
export function NotificationsScreen() {
  return (
    <Stack gap="6">
      <OfflineCopyBanner screen="notifications" />
      <NotificationsList />
      <NotificationPreferencesSection />
    </Stack>
  );
}
