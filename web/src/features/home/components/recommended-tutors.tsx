import { Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** "Répétiteurs recommandés" on Home; the page composes the recommendations inside. */
export function RecommendedTutors({ children }: { children: ReactNode }) {
  return (
    <Stack as="section" aria-labelledby="recommended-title" gap="4">
      <Heading id="recommended-title" as="h2" size="xl">
        Répétiteurs recommandés
      </Heading>
      {children}
    </Stack>
  );
}
