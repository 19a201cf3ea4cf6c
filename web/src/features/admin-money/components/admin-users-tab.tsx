import { ROLE_LABELS } from '#shared/constants';
import { messages } from '#shared/messages';
import { Alert, Badge, Box, Button, Card, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '@/components/money/format';
import { useAdminUsers } from '../api/admin-money';
import { LoadMore } from './load-more';

/** Admin tab 'Utilisateurs': every profile, newest first, page by page. */
export function AdminUsersTab() {
  const query = useAdminUsers();
  if (query.isPending) return <Stack gap="2">{[0, 1, 2, 3].map((i) => <Skeleton key={i} height="14" rounded="md" />)}</Stack>;
  if (query.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{messages.ui.networkFailure}</Alert.Title>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {messages.ui.retry}
        </Button>
      </Alert.Root>
    );
  }
  const users = query.data.pages.flatMap((page) => page.users);
  return (
    <Stack gap="2">
      <Text color="fg.muted" fontSize="sm">
        {users.length} utilisateur(s){query.hasNextPage ? ' affiché(s)' : ''}
      </Text>
      {users.map((user) => (
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
      ))}
      <LoadMore query={query} />
    </Stack>
  );
}
