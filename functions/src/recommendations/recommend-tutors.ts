import { recommendationsRequestSchema } from '#shared/discovery-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { withPhotos } from '../photos/variants.js';
import { packageSuggestionFor } from './package-suggestion.js';
import { recommendTutors } from './recommend.js';

/** `POST /api/recommendations` (the spec's 'ai-tutor-recommendations'), for the calling parent. */
export const handler = apiHandler(routes.recommendTutors, { body: recommendationsRequestSchema }, async ({ caller, body }) => {
  const [answer, suggestion] = await Promise.all([recommendTutors(caller.userId, body), packageSuggestionFor(caller.userId)]);
  // Photos leave as presigned addresses, never as storage keys.
  return ok({ ...answer, recommendations: await withPhotos(answer.recommendations), ...(suggestion ? { package_suggestion: suggestion } : {}) });
});
