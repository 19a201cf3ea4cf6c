import type { RecommendationsResponse } from '#shared/discovery-schemas';
import type { TutorSummary } from '#shared/search';
import { Badge, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuSparkles } from 'react-icons/lu';

export type RenderRecommendedTutor = (tutor: TutorSummary, extras: { header: ReactNode; footnote: ReactNode }) => ReactNode;

/** The ranked cards: '#N Recommandé' and the AI's (or the ranking's) reason for each tutor. */
export function RecommendationList({
  data,
  renderTutor,
  twoColumns = false,
}: {
  data: RecommendationsResponse;
  renderTutor: RenderRecommendedTutor;
  /** Two cards side by side from the tablet width (Home), one otherwise (a side panel). */
  twoColumns?: boolean;
}) {
  const fromAi = data.metadata.source === 'bedrock';
  return (
    <SimpleGrid columns={{ base: 1, md: twoColumns ? 2 : 1 }} gap="3">
      {data.recommendations.map((tutor, index) => (
        <div key={tutor.id}>
          {renderTutor(tutor, {
            header: (
              <Badge colorPalette="orange" variant="solid" alignSelf="flex-start">
                #{index + 1} Recommandé
              </Badge>
            ),
            footnote: data.reasoning[tutor.id] ? (
              <Stack gap="1.5" bg="orange.subtle" rounded="md" px="3" py="2">
                <Badge colorPalette="purple" variant="subtle" size="sm" alignSelf="flex-start">
                  <LuSparkles />
                  {fromAi ? 'Analyse IA' : 'Pourquoi ce choix'}
                </Badge>
                <Text fontSize="sm">{data.reasoning[tutor.id]}</Text>
              </Stack>
            ) : null,
          })}
        </div>
      ))}
    </SimpleGrid>
  );
}
