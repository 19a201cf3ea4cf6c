/**
 * Recommendations for a parent: preference summary → deterministic shortlist → Bedrock re-rank
 * with its reasoning, or the deterministic ranking with a French explanation when Bedrock is
 * off, fails or answers something invalid.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { HISTORY_FOR_PREFERENCES } from '#shared/constants';
import type { RecommendationsRequest, RecommendationsResponse } from '#shared/discovery-schemas';
import type { TutorSummary } from '#shared/search';
import { logger } from '#commons/logger';
import { favoritesOf } from '../favorites/favorites.js';
import { recentSearches } from '../history/history.js';
import { ParentPreferencesEntity } from '../onboarding/entities.js';
import { currentCatalogue } from '../search/catalogue-cache.js';
import { bedrockModelId, InvalidModelOutputError, rerankWithBedrock } from './bedrock.js';
import { summarisePreferences } from './preferences.js';
import { BEDROCK_CANDIDATES, explain, RECOMMENDATION_COUNT, rankCandidates } from './scoring.js';

export async function recommendTutors(userId: string, request: RecommendationsRequest): Promise<RecommendationsResponse> {
  const [history, favorites, onboarding, catalogue] = await Promise.all([
    recentSearches(userId, HISTORY_FOR_PREFERENCES),
    favoritesOf(userId),
    ParentPreferencesEntity.build(GetItemCommand).key({ user_id: userId }).send(),
    currentCatalogue(),
  ]);
  const byId = new Map(catalogue.index.tutors.map((tutor) => [tutor.id, tutor]));
  const favoriteTutors = favorites.map((f) => byId.get(f.tutor_id)).filter((t): t is TutorSummary => Boolean(t));
  const summary = summarisePreferences({
    history,
    favoriteTutors,
    favoritesCount: favorites.length,
    onboarding: onboarding.Item ?? null,
  });

  const ranked = rankCandidates(catalogue.index.tutors, summary, request, new Set(favorites.map((f) => f.tutor_id)));
  const deterministic = ranked.slice(0, RECOMMENDATION_COUNT);
  const metadata = {
    summary,
    candidates_considered: ranked.length,
    generated_at: new Date().toISOString(),
  };
  const fallback = (reason: RecommendationsResponse['metadata']['fallback_reason'], modelId: string | null) => ({
    recommendations: deterministic.map(({ tutor }) => tutor),
    reasoning: Object.fromEntries(deterministic.map((candidate) => [candidate.tutor.id, explain(candidate)])),
    metadata: { ...metadata, source: 'deterministic' as const, model_id: modelId, fallback_reason: reason },
  });

  const modelId = bedrockModelId();
  if (!modelId) return fallback('disabled', null);
  if (!ranked.length) return fallback(null, modelId);
  const shortlist = ranked.slice(0, BEDROCK_CANDIDATES);
  try {
    const answer = await rerankWithBedrock(modelId, shortlist, summary, request, RECOMMENDATION_COUNT);
    const tutorsById = new Map(shortlist.map(({ tutor }) => [tutor.id, tutor]));
    return {
      recommendations: answer.recommendations.map(({ tutor_id }) => tutorsById.get(tutor_id)!),
      reasoning: Object.fromEntries(answer.recommendations.map(({ tutor_id, reasoning }) => [tutor_id, reasoning])),
      metadata: { ...metadata, source: 'bedrock', model_id: modelId, fallback_reason: null },
    };
  } catch (error) {
    const invalid = error instanceof InvalidModelOutputError;
    logger.warn('Bedrock re-ranking unavailable, deterministic ranking returned', {
      reason: invalid ? 'invalid_output' : 'error',
      error: (error as Error).message,
    });
    return fallback(invalid ? 'invalid_output' : 'error', modelId);
  }
}
