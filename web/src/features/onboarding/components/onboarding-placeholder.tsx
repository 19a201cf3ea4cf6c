import type { Role } from '#shared';
import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { LuCheck } from 'react-icons/lu';
import { ComingSoon } from '@/components/ui/coming-soon';

export const ONBOARDING_TITLE = 'Bienvenue';

/** What each role's onboarding will ask for (spec §2 Onboarding); the steps come later. */
const ROLE_INTRO: Record<Exclude<Role, 'admin'>, { title: string; description: string }> = {
  parent: {
    title: 'Votre espace parent',
    description: 'Bientôt, vous pourrez indiquer vos enfants, votre quartier et votre budget pour recevoir des suggestions adaptées.',
  },
  tuteur: {
    title: 'Votre profil de répétiteur',
    description:
      "Bientôt, vous pourrez présenter votre parcours, vos matières, vos disponibilités et votre tarif, puis faire vérifier votre identité.",
  },
  entreprise: {
    title: 'Votre organisation',
    description: 'Bientôt, vous pourrez présenter votre structure et votre équipe de répétiteurs.',
  },
};

interface OnboardingPlaceholderProps {
  firstName: string;
  role: Exclude<Role, 'admin'>;
  onFinish: () => void;
}

export function OnboardingPlaceholder({ firstName, role, onFinish }: OnboardingPlaceholderProps) {
  const intro = ROLE_INTRO[role];
  return (
    <Stack gap="6" maxW="2xl" mx="auto">
      <Card.Root>
        <Card.Body>
          <Stack gap="2">
            <Heading as="h2" size="2xl">
              Bienvenue sur Kalan, {firstName} !
            </Heading>
            <Text fontWeight="semibold">{intro.title}</Text>
            <Text color="fg.muted">{intro.description}</Text>
          </Stack>
        </Card.Body>
      </Card.Root>
      <ComingSoon description="Les étapes de configuration de votre compte seront bientôt disponibles. Vous pouvez déjà utiliser Kalan.">
        <Button size="lg" onClick={onFinish}>
          <LuCheck />
          Terminer
        </Button>
      </ComingSoon>
    </Stack>
  );
}
