/**
 * Helpers of the messages tests (issue 31) on the shared test stack: a tutor with a completed
 * profile, the pair's conversation, a message sent, and the conversation's items read directly
 * from the table (never through the code under test).
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { api, newUser, stack, type TestUser } from '../support/stack.js';
import { tutorProfileBody, type Bookable } from './access-fixtures.js';
import { db } from './payments-helpers.js';

export interface TutorWithProfile {
  user: TestUser;
  profile: Bookable;
}

/** A tutor account with a completed, bookable profile (withdraw it from the catalogue afterwards). */
export async function tutorWithProfile(names: { firstName?: string; lastName?: string } = {}): Promise<TutorWithProfile> {
  const user = await newUser('tuteur', names);
  const response = await api('/api/me/tutor-profile', { method: 'PUT', token: user.accessToken, body: tutorProfileBody() });
  expect(response.status, response.text).toBe(200);
  const body = tutorProfileBody();
  return { user, profile: { id: response.body.id, userId: user.sub, hourlyRate: body.hourly_rate, subject: body.subjects[0]!, level: body.levels[0]! } };
}

/** 'Poser une question': the parent opens (or finds again) its conversation with the tutor. */
export async function openConversation(parent: TestUser, tutorId: string): Promise<{ status: number; id: string; body: any }> {
  const response = await api('/api/conversations', { method: 'POST', token: parent.accessToken, body: { tutor_id: tutorId } });
  return { status: response.status, id: response.body?.id, body: response.body };
}

export async function send(user: TestUser, conversationId: string, body: string, requestId: string = randomUUID()) {
  return api(`/api/conversations/${conversationId}/messages`, { method: 'POST', token: user.accessToken, body: { request_id: requestId, body } });
}

export async function sent(user: TestUser, conversationId: string, body: string): Promise<any> {
  const response = await send(user, conversationId, body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

export async function messagesOf(user: TestUser, conversationId: string, before?: number): Promise<any> {
  const response = await api(`/api/conversations/${conversationId}/messages${before ? `?before=${before}` : ''}`, { token: user.accessToken });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

export async function conversationsOf(user: TestUser, cursor?: string): Promise<any> {
  const response = await api(`/api/conversations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { token: user.accessToken });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Every item of the conversation's partition (the conversation, its messages and message ids). */
export async function conversationItems(conversationId: string, target = stack()): Promise<Array<Record<string, any>>> {
  const items: Array<Record<string, any>> = [];
  let start: Record<string, any> | undefined;
  do {
    const page = await db(target).send(
      new QueryCommand({
        TableName: 'kalan-local',
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `CONV#${conversationId}` },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * The tutor's KYC approved, as an admin's review leaves it: listed for visitors, and counted in the
 * admin's 'verified tutors' in the same transaction (the account tests check the counters against a
 * recount of the shared stack).
 */
export async function markVerified(userId: string): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: 'kalan-local',
            Key: { pk: `USER#${userId}`, sk: 'PROFILE' },
            UpdateExpression: 'SET is_verified = :true',
            ConditionExpression: 'attribute_exists(pk) AND is_verified <> :true',
            ExpressionAttributeValues: { ':true': true },
          },
        },
        {
          Update: {
            TableName: 'kalan-local',
            Key: { pk: 'ADMIN_COUNTERS', sk: 'COUNTER#verified_tutors' },
            UpdateExpression: 'ADD #total :one, #changes :one',
            ExpressionAttributeNames: { '#total': 'total', '#changes': 'changes' },
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ],
    }),
  );
}
