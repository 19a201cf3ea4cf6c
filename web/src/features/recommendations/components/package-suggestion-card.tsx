import type { PackageSuggestion, RecommendationsResponse } from '#shared/discovery-schemas';
import { PACKAGE_SUGGESTION_AFTER_LESSONS } from '#shared/packages';
import { Box, Button, Card, HStack, Text } from '@chakra-ui/react';
import { LuCalendarRange } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

/** The suggestion of an answer, when it has one (issue 32: released lessons with a tutor, no package with them). */
export function packageSuggestionOf(data: RecommendationsResponse | undefined): PackageSuggestion | undefined {
  return data?.package_suggestion ?? undefined;
}

/**
 * 'Vous avez déjà eu 2 cours avec X : passez au forfait mensuel', leading to the package section
 * (#forfait) of the tutor's page.
 */
export function PackageSuggestionCard({ suggestion }: { suggestion: PackageSuggestion | undefined }) {
  if (!suggestion) return null;
  return (
    <Card.Root size="sm" variant="subtle" bg="green.subtle" data-testid="package-suggestion">
      <Card.Body>
        <HStack gap="3" align="start" wrap="wrap">
          <Box color="green.fg" pt="0.5" display="inline-flex" aria-hidden>
            <LuCalendarRange />
          </Box>
          <Text flex="1" minW="48">
            Vous avez déjà eu {PACKAGE_SUGGESTION_AFTER_LESSONS} cours avec {suggestion.tutor_name} : passez au forfait mensuel
          </Text>
          <Button asChild size="sm" colorPalette="green">
            <RouterLink to={`/tutors/${suggestion.tutor_id}#forfait`}>Voir le forfait</RouterLink>
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
