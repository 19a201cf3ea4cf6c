import { Stack, Text } from '@chakra-ui/react';
import { ComingSoon } from '@/components/ui/coming-soon';

export const SEARCH_TITLE = 'Recherche';

/** Tutor search: filters, results and history arrive with the search issue. */
export function SearchPlaceholder() {
  return (
    <Stack gap="4">
      <Text color="fg.muted">Plus de 500+ répétiteurs vérifiés</Text>
      <ComingSoon description="Recherchez un répétiteur par matière, niveau, quartier et tarif horaire." />
    </Stack>
  );
}
