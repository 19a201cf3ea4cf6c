/**
 * The messaging limits (issue 31, point 5): MESSAGES_PER_MINUTE per account, and at most
 * NEW_CONVERSATIONS_PER_DAY conversations a parent opens with new tutors per (UTC) day. Each is a
 * counter of its window (`RATE#<minute>`, `NEWCONV#<day>`) moved by an ADD conditional on the
 * limit, so that concurrent requests never pass it together; DynamoDB's TTL deletes the counter
 * after its window. Refusals answer 429 in French with `Retry-After`.
 */
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { messages } from '#shared/messages';
import { MESSAGES_PER_MINUTE, NEW_CONVERSATIONS_PER_DAY } from '#shared/messaging';
import { isConditionalCheckFailure } from '#commons/db';
import { DomainError } from '#commons/errors';
import { json, type ApiResult } from '#commons/http';
import { MessagingCounterEntity } from './entities.js';

/** A limit reached: 429, and when to try again. */
export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('too_many_requests', 429, message);
  }
}

/** The error's answer with its `Retry-After` (the shared error handler knows no headers). */
export function tooManyRequestsResponse(error: TooManyRequestsError): ApiResult {
  const response = json(429, { error: { code: error.code, message: error.message } });
  return { ...response, headers: { ...response.headers, 'retry-after': String(error.retryAfterSeconds) } };
}

const minuteWindow = (now: Date) => `RATE#${now.toISOString().slice(0, 16)}`;
const dayWindow = (now: Date) => `NEWCONV#${now.toISOString().slice(0, 10)}`;
const secondsUntilNextMinute = (now: Date) => Math.max(1, 60 - now.getUTCSeconds());
function secondsUntilNextDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}
const epochSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** Counts one message of `userId` in this minute, or refuses it (429) when the minute is full. */
export async function countMessage(userId: string, now = new Date()): Promise<void> {
  try {
    await MessagingCounterEntity.build(UpdateItemCommand)
      .item({ user_id: userId, window: minuteWindow(now), count: $add(1), expires_at: epochSeconds(now) + 2 * 60 })
      .options({ condition: { or: [{ attr: 'count', exists: false }, { attr: 'count', lt: MESSAGES_PER_MINUTE }] } })
      .send();
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new TooManyRequestsError(messages.messaging.tooManyMessages, secondsUntilNextMinute(now));
    throw error;
  }
}

/** The write, in the conversation's creation transaction, that counts one new tutor of the day. */
export function newConversationCountWrite(parentUserId: string, now = new Date()) {
  return MessagingCounterEntity.build(UpdateTransaction)
    .item({ user_id: parentUserId, window: dayWindow(now), count: $add(1), expires_at: epochSeconds(now) + 2 * 24 * 3600 })
    .options({ condition: { or: [{ attr: 'count', exists: false }, { attr: 'count', lt: NEW_CONVERSATIONS_PER_DAY }] } });
}

export const tooManyNewConversations = (now = new Date()) => new TooManyRequestsError(messages.messaging.tooManyNewConversations, secondsUntilNextDay(now));
