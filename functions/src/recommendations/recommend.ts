/**
 * Recommendations for a parent: preference summary → deterministic shortlist → Bedrock re-rank
 * with its reasoning, or the deterministic ranking with a French explanation when Bedrock is
 * off, fails or answers something invalid. Bedrock's answer is kept a day for the same question
 * (entities.ts): a page view that asks what was asked before costs no model call.
 */
import { createHash } from 'node:crypto';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { HISTORY_FOR_PREFERENCES } from '#shared/constants';
import type { RecommendationsRequest, RecommendationsResponse } from '#shared/discovery-schemas';
import type { TutorSummary } from '#shared/search';
import { logger } from '#commons/logger';
import { favoritesOf } from '../favorites/favorites.js';
import { recentSearches } from '../history/history.js';
import { ParentPreferencesEntity } from '../onboarding/entities.js';
import { currentCatalogue } from '../search/catalogue-cache.js';
import { bedrockModelId, InvalidModelOutputError, rerankWithBedrock, type BedrockAnswer } from './bedrock.js';
import { RECOMMENDATIONS_CACHE_HOURS, RecommendationsCacheEntity } from './entities.js';
import { summarisePreferences } from './preferences.js';
import { BEDROCK_CANDIDATES, explain, RECOMMENDATION_COUNT, rankCandidates } from './scoring.js';

export async function recommendTutors(userId: string, request: RecommendationsRequest): Promise<RecommendationsResponse> {
  const modelId = bedrockModelId();
  const [history, favorites, onboarding, catalogue, cached] = await Promise.all([
    recentSearches(userId, HISTORY_FOR_PREFERENCES),
    favoritesOf(userId),
    ParentPreferencesEntity.build(GetItemCommand).key({ user_id: userId }).send(),
    currentCatalogue(),
    // The kept answer matters only when there is a model to ask.
    modelId ? RecommendationsCacheEntity.build(GetItemCommand).key({ user_id: userId }).send() : { Item: undefined },
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
    metadata: { ...metadata, source: 'deterministic' as const, model_id: modelId, fallback_reason: reason, from_cache: false },
  });

  if (!modelId) return fallback('disabled', null);
  if (!ranked.length) return fallback(null, modelId);
  const shortlist = ranked.slice(0, BEDROCK_CANDIDATES);
  const tutorsById = new Map(shortlist.map(({ tutor }) => [tutor.id, tutor]));
  const fromModel = (answer: BedrockAnswer['recommendations'], fromCache: boolean): RecommendationsResponse => ({
    recommendations: answer.map(({ tutor_id }) => tutorsById.get(tutor_id)!),
    reasoning: Object.fromEntries(answer.map(({ tutor_id, reasoning }) => [tutor_id, reasoning])),
    metadata: { ...metadata, source: 'bedrock', model_id: modelId, fallback_reason: null, from_cache: fromCache },
  });
  // What the model is asked, whole: the same question within a day gets the same answer back.
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ modelId, shortlist: shortlist.map(({ tutor }) => tutor), summary, request }))
    .digest('hex');
  const kept = cached.Item;
  if (kept && kept.fingerprint === fingerprint && kept.expires_at * 1000 > Date.now() && kept.answer.every(({ tutor_id }) => tutorsById.has(tutor_id))) {
    return fromModel(kept.answer, true);
  }
  try {
    const answer = await rerankWithBedrock(modelId, shortlist, summary, request, RECOMMENDATION_COUNT);
    const createdAt = new Date();
    await RecommendationsCacheEntity.build(PutItemCommand)
      .item({
        user_id: userId,
        fingerprint,
        model_id: modelId,
        answer: answer.recommendations,
        created_at: createdAt.toISOString(),
        expires_at: Math.floor(createdAt.getTime() / 1000) + RECOMMENDATIONS_CACHE_HOURS * 3600,
      })
      .send()
      .catch((error: unknown) => logger.warn('Recommendations not kept for the next view', { error }));
    return fromModel(answer.recommendations, false);
  } catch (error) {
    const invalid = error instanceof InvalidModelOutputError;
    logger.warn('Bedrock re-ranking unavailable, deterministic ranking returned', {
      reason: invalid ? 'invalid_output' : 'error',
      error: (error as Error).message,
    });
    return fallback(invalid ? 'invalid_output' : 'error', modelId);
  }
}
