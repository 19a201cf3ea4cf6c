import { ROLE_LABELS } from '#shared/constants';
import { uiMessages } from '#shared/message-catalogue/ui';
import { Badge, Box, Card, Flex, Text } from '@chakra-ui/react';
import { formatDate } from '@/components/money/format';
import { PagedList } from '@/components/ui/paged-list';
import { useAdminUsers } from '../api/admin-money';

/** Admin tab 'Utilisateurs': every profile, newest first, page by page. */
export function AdminUsersTab() {
  const query = useAdminUsers();
  return (
    <PagedList
      query={query}
      itemsOf={(page) => page.users}
      loadError={uiMessages.networkFailure}
      skeleton={{ count: 4, height: '14' }}
      countLabel={(count, more) => `${count} utilisateur(s)${more ? ' affiché(s)' : ''}`}
      renderItem={(user) => (
        <Card.Root key={user.user_id} size="sm" data-testid="admin-user">
          <Card.Body py="3">
            <Flex justify="space-between" gap="3" wrap="wrap" align="center">
              <Box minW="0" flex="1">
                <Text fontWeight="medium" truncate>
                  {user.first_name} {user.last_name}
                </Text>
                <Text fontSize="sm" color="fg.muted" truncate>
                  {user.email ?? '—'} · inscrit le {formatDate(user.created_at)}
                </Text>
              </Box>
              <Flex gap="2">
                <Badge variant="subtle">{ROLE_LABELS[user.role]}</Badge>
                {user.is_verified && <Badge colorPalette="green">✔️ Vérifié</Badge>}
              </Flex>
            </Flex>
          </Card.Body>
        </Card.Root>
      )}
    />
  );
}
