import { recommendationsRequestSchema } from '#shared/discovery-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { recommendTutors } from './recommend.js';

/** `POST /api/recommendations` (the spec's 'ai-tutor-recommendations'), for the calling parent. */
export const handler = apiHandler(routes.recommendTutors, { body: recommendationsRequestSchema }, async ({ caller, body }) =>
  ok(await recommendTutors(caller.userId, body)),
);
