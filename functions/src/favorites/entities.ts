/**
 * Favourites (spec §3 favorites): one item per (parent, tutor) in the parent's partition, so a
 * parent only ever reads and deletes its own, and adding the same tutor twice is refused by the
 * key itself.
 */
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { now, onKalanTable, userPrefixedKey } from '#commons/db';

const FAVORITE_PREFIX = 'FAVORITE#';
export const favoriteRange = { beginsWith: FAVORITE_PREFIX } as const;

export const FavoriteEntity = new Entity({
  name: 'favorite',
  ...onKalanTable,
  schema: item({
    user_id: string().key(),
    tutor_id: string().key(),
    /** The tutor's account: its profile items live in that user's partition. */
    tutor_user_id: string(),
    created_at: string().default(now),
  }),
  computeKey: userPrefixedKey(FAVORITE_PREFIX, 'tutor_id'),
});
