import { Heading, Stack } from '@chakra-ui/react';
import { ComingSoon } from '@/components/ui/coming-soon';

/** "Répétiteurs recommandés": real recommendations come with the search and AI issues. */
export function RecommendedTutors() {
  return (
    <Stack as="section" aria-labelledby="recommended-title" gap="4">
      <Heading id="recommended-title" as="h2" size="xl">
        Répétiteurs recommandés
      </Heading>
      <ComingSoon description="Des répétiteurs choisis selon vos recherches et vos favoris apparaîtront ici." />
    </Stack>
  );
}
