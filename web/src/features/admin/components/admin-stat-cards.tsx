import { messages } from '#shared/messages';
import { Card, SimpleGrid, Stat } from '@chakra-ui/react';

/**
 * The dashboard's four figures (spec §2 Admin dashboard). Their numbers come with the admin
 * money issue; until then each card says 'Bientôt disponible'.
 */
const STATS = ['Utilisateurs', 'Répétiteurs vérifiés', 'KYC en attente', 'Litiges actifs'] as const;

export function AdminStatCards() {
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
      {STATS.map((label) => (
        <Card.Root key={label} size="sm">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{label}</Stat.Label>
              <Stat.HelpText color="fg.muted">{messages.comingSoon}</Stat.HelpText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
