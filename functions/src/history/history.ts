/** A parent's search history: record each search once, list the newest, clear everything. */
import { BatchDeleteRequest } from 'dynamodb-toolbox/entity/actions/batchDelete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { BatchWriteCommand, execute } from 'dynamodb-toolbox/table/actions/batchWrite';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { RecordSearchInput, SearchHistoryEntry } from '#shared/discovery-schemas';
import { isConditionalCheckFailure, kalanTable, userPartition } from '#commons/db';
import { expiresAt, historyIndexPartition, historyRange, SearchHistoryEntity } from './entities.js';

function toEntry(item: {
  id: string;
  search_query?: string;
  filters: SearchHistoryEntry['filters'];
  results_count: number;
  created_at: string;
}): SearchHistoryEntry {
  return {
    id: item.id,
    search_query: item.search_query ?? null,
    filters: { ...item.filters },
    results_count: item.results_count,
    created_at: item.created_at,
  };
}

/** The `limit` newest searches of a user, newest first. */
export async function recentSearches(userId: string, limit: number): Promise<SearchHistoryEntry[]> {
  const { Items = [] } = await kalanTable
    .build(QueryCommand)
    .entities(SearchHistoryEntity)
    .query({ index: 'gsi1', partition: historyIndexPartition(userId) })
    // TTL deletes within a few days of expiry: an expired entry is not shown meanwhile.
    .options({ reverse: true, limit, maxPages: 1, filters: { searchHistory: { or: [{ attr: 'expires_at', exists: false }, { attr: 'expires_at', gt: Math.floor(Date.now() / 1000) }] } } })
    .send();
  return Items.map(toEntry);
}

/**
 * Records a search. The id comes from the client: a retry of the same request finds the entry
 * there and returns it unchanged (created: false).
 */
export async function recordSearch(
  userId: string,
  input: RecordSearchInput,
): Promise<{ entry: SearchHistoryEntry; created: boolean }> {
  const query = input.filters.query.trim();
  const createdAt = new Date().toISOString();
  const entry = {
    user_id: userId,
    id: input.id,
    search_query: query || undefined,
    filters: { ...input.filters, query },
    results_count: input.results_count,
    created_at: createdAt,
    expires_at: expiresAt(createdAt),
  };
  try {
    await SearchHistoryEntity.build(PutItemCommand)
      .item(entry)
      .options({ condition: { attr: 'id', exists: false } })
      .send();
    return { entry: toEntry(entry), created: true };
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const { Item } = await SearchHistoryEntity.build(GetItemCommand).key({ user_id: userId, id: input.id }).send();
    return { entry: toEntry(Item ?? entry), created: false };
  }
}

const BATCH_WRITE_MAX = 25;

/** Deletes every search of the user (all pages), 25 per batch. Returns how many were deleted. */
export async function clearSearches(userId: string): Promise<number> {
  const { Items = [] } = await kalanTable
    .build(QueryCommand)
    .entities(SearchHistoryEntity)
    .query({ partition: userPartition(userId), range: historyRange })
    .options({ maxPages: Infinity, attributes: ['user_id', 'id'] })
    .send();
  for (let i = 0; i < Items.length; i += BATCH_WRITE_MAX) {
    const requests = Items.slice(i, i + BATCH_WRITE_MAX).map(({ id }) =>
      SearchHistoryEntity.build(BatchDeleteRequest).key({ user_id: userId, id }),
    );
    await execute({ maxAttempts: 5 }, kalanTable.build(BatchWriteCommand).requests(...requests));
  }
  return Items.length;
}
