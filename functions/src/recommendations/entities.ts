/**
 * The parent's last Bedrock answer (its order and its sentences), kept a day: a new page view asks
 * the model again only when what it was asked changed — the shortlist (the tutors of the parent's
 * area, as the catalogue lists them now), the parent's preference summary (onboarding answers,
 * searches, favourites), the request or the model. One item per parent; the table's TTL deletes it.
 */
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { onKalanTable, userItemKey } from '#commons/db';

/** How long an answer may be served again for the same question. */
export const RECOMMENDATIONS_CACHE_HOURS = 24;

export const RecommendationsCacheEntity = new Entity({
  name: 'recommendationsCache',
  ...onKalanTable,
  schema: item({
    user_id: string().key(),
    /** SHA-256 of what the model was asked (model, shortlist, summary, request). */
    fingerprint: string(),
    model_id: string(),
    answer: list(map({ tutor_id: string(), reasoning: string() })),
    created_at: string(),
    /** Epoch seconds: the table's TTL deletes the item then. */
    expires_at: number(),
  }),
  computeKey: userItemKey('RECOMMENDATIONS'),
});
