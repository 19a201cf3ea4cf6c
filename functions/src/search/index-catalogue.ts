/**
 * The table's stream → the catalogue snapshot, then the pages visitors and search engines read
 * (functions/src/pages). Receives the records of profiles and tutor profiles (the event source
 * mapping filters the rest out; the local stack applies the same filter) and re-reads the users
 * they concern. A failure throws, so the batch is retried (both steps are idempotent).
 *
 * Invoked with `{ "action": "publish-pages" }` (after a deploy of the SPA: infra/scripts/deploy.ts),
 * it publishes the pages again from the new index.html.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '#commons/logger';
import { observedHandler } from '#commons/observed';
import { publishPages } from '../pages/publish.js';
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

/** The deploy's request: the SPA changed, its pages follow. */
export interface PublishPagesRequest {
  action: 'publish-pages';
}

const isPublishRequest = (event: DynamoDBStreamEvent | PublishPagesRequest): event is PublishPagesRequest =>
  (event as PublishPagesRequest).action === 'publish-pages';

export const handler = observedHandler(async (event: DynamoDBStreamEvent | PublishPagesRequest): Promise<void> => {
  if (isPublishRequest(event)) {
    logger.info('Pages published after a deploy', { ...(await publishPages()) });
    return;
  }
  const userIds = userIdsOf(event);
  if (!userIds.length) return;
  const result = await applyUserChanges(userIds);
  logger.info('Stream batch indexed', { records: event.Records.length, users: userIds.length, ...result });
  // Only when what the catalogue lists changed: a record that changed nothing listed writes no page.
  if (result.changed > 0) await publishPages();
});
