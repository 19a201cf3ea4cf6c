import { uiMessages } from '#shared/message-catalogue/ui';
import { Card, SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';
import { useAdminStats } from '../api/admin-money';

/** The dashboard's four figures (spec §2 Admin dashboard), with real numbers. */
export function AdminMoneyStatCards() {
  const query = useAdminStats();
  const stats = query.data;
  const cards = [
    { label: 'Utilisateurs', value: stats?.total_users },
    { label: 'Répétiteurs vérifiés', value: stats?.verified_tutors },
    { label: 'KYC en attente', value: stats?.pending_kyc },
    { label: 'Litiges actifs', value: stats?.active_disputes },
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
      {cards.map(({ label, value }) => (
        <Card.Root key={label} size="sm" data-testid="admin-stat">
          <Card.Body>
            {/* A <dl>: the label is its term; the value, its skeleton or the error, its definition. */}
            <Stat.Root>
              <Stat.Label>{label}</Stat.Label>
              {query.isError ? (
                <Stat.HelpText as="dd" color="fg.error">
                  {uiMessages.networkFailure}
                </Stat.HelpText>
              ) : (
                <Stat.ValueText>{value ?? <Skeleton height="7" width="10" />}</Stat.ValueText>
              )}
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
