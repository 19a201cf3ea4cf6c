import { aiMessages } from '#shared/message-catalogue/ai';
import { Stack, Text } from '@chakra-ui/react';
import { TutorListSkeleton } from '@/components/tutor-card';
import { LoadError } from '@/components/ui/page-state';
import { useAuth } from '@/lib/auth';
import { useHomeRecommendations } from '../api/recommendations';
import { PackageSuggestionCard, packageSuggestionOf } from './package-suggestion-card';
import { RecommendationList, type RenderRecommendedTutor } from './recommendation-list';

/** Home's recommended tutors: the parent's real recommendations, fetched when Home opens. */
export function HomeRecommendations({ renderTutor }: { renderTutor: RenderRecommendedTutor }) {
  const { profile } = useAuth();
  const isParent = profile?.role === 'parent';
  const query = useHomeRecommendations(isParent);

  if (!isParent) return <Text color="fg.muted">{aiMessages.parentsOnly}</Text>;
  if (query.isPending) return <TutorListSkeleton count={2} />;
  if (query.isError) {
    return (
      <LoadError title={aiMessages.failure} onRetry={() => void query.refetch()} />
    );
  }
  const suggestion = packageSuggestionOf(query.data);
  if (query.data.recommendations.length === 0) {
    return (
      <Stack gap="3">
        <PackageSuggestionCard suggestion={suggestion} />
        <Text color="fg.muted">{aiMessages.empty}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="3">
      <PackageSuggestionCard suggestion={suggestion} />
      <RecommendationList data={{ ...query.data, recommendations: query.data.recommendations.slice(0, 4) }} renderTutor={renderTutor} twoColumns />
    </Stack>
  );
}
