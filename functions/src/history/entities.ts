/**
 * Search history (spec §3 search_history): one item per search in the parent's partition,
 * keyed by an id the client chooses (a retried request writes nothing twice), and listed
 * newest first through gsi1 (HISTORY#<user> / <created_at>#<id>). An entry expires after
 * HISTORY_DAYS: the table's TTL deletes it (`expires_at`, epoch seconds), and until it does the
 * list leaves it out.
 */
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { SORT_OPTIONS, SORT_ORDERS } from '#shared/constants';
import { newestFirstKey, onKalanTable, userPrefixedKey } from '#commons/db';

const SEARCH_PREFIX = 'SEARCH#';
export const historyIndexPartition = (userId: string) => `HISTORY#${userId}`;
export const historyRange = { beginsWith: SEARCH_PREFIX } as const;

/** How long a search stays in the history. */
export const HISTORY_DAYS = 90;
export const expiresAt = (createdAt: string) => Math.floor(Date.parse(createdAt) / 1000) + HISTORY_DAYS * 86_400;

export const SearchHistoryEntity = new Entity({
  name: 'searchHistory',
  ...onKalanTable,
  schema: item({
    user_id: string().key(),
    id: string().key(),
    search_query: string().optional(),
    filters: map({
      query: string(),
      location: string(),
      subject: string(),
      level: string(),
      minRate: number(),
      maxRate: number(),
      sortBy: string().enum(...SORT_OPTIONS),
      sortOrder: string().enum(...SORT_ORDERS),
    }),
    results_count: number(),
    created_at: string(),
    /** Epoch seconds: the table's TTL (TABLE_KEYS.timeToLive) deletes the entry then. */
    expires_at: number().optional(),
  }).and((schema) => ({
    gsi1pk: string()
      .hidden()
      .link<typeof schema>(({ user_id }) => historyIndexPartition(user_id)),
    gsi1sk: string()
      .hidden()
      .link<typeof schema>(({ created_at, id }) => newestFirstKey(created_at, id)),
  })),
  computeKey: userPrefixedKey(SEARCH_PREFIX, 'id'),
});
