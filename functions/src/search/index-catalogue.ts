/**
 * The table's stream → the catalogue snapshot. Receives the records of profiles and tutor
 * profiles (the event source mapping filters the rest out; the local stack applies the same
 * filter) and re-reads the users they concern. A failure throws, so the batch is retried.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '#commons/logger';
import { observedHandler } from '#commons/observed';
import { CATALOGUE_SORT_KEYS } from './catalogue-keys.js';
import { applyUserChanges } from './snapshot.js';
const USER_PARTITION = /^USER#(.+)$/;

export function userIdsOf(event: DynamoDBStreamEvent): string[] {
  const userIds = new Set<string>();
  for (const record of event.Records ?? []) {
    const keys = record.dynamodb?.Keys;
    const sk = keys?.sk?.S;
    const userId = USER_PARTITION.exec(keys?.pk?.S ?? '')?.[1];
    if (userId && sk && (CATALOGUE_SORT_KEYS as readonly string[]).includes(sk)) userIds.add(userId);
  }
  return [...userIds];
}

export const handler = observedHandler(async (event: DynamoDBStreamEvent): Promise<void> => {
  const userIds = userIdsOf(event);
  if (!userIds.length) return;
  const result = await applyUserChanges(userIds);
  logger.info('Stream batch indexed', { records: event.Records.length, users: userIds.length, ...result });
});
