import type { RecommendationsRequest, RecommendationsResponse } from '#shared/discovery-schemas';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

const recommend = (body: RecommendationsRequest, signal?: AbortSignal) =>
  apiRequest<RecommendationsResponse>('recommendTutors', { body, signal });

/** 'Générer des recommandations IA': generated on demand, for the filters being searched. */
export function useGenerateRecommendations() {
  return useMutation({ mutationFn: (body: RecommendationsRequest) => recommend(body) });
}

/** Home's recommended tutors: generated when the page opens, for a parent. */
export const homeRecommendationsQuery = () =>
  queryOptions({
    queryKey: ['recommendations', 'home'],
    queryFn: ({ signal }) => recommend({}, signal),
    staleTime: 5 * 60_000,
  });

export function useHomeRecommendations(enabled: boolean) {
  return useQuery({ ...homeRecommendationsQuery(), enabled });
}
