/**
 * The messaging limits (issue 31, point 5) over HTTP: MESSAGES_PER_MINUTE messages per account and
 * minute, then 429 in French with `Retry-After`; NEW_CONVERSATIONS_PER_DAY new tutors a parent
 * writes to per day, then 429 — a conversation that exists already is found again whatever the count.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { MESSAGES_PER_MINUTE, NEW_CONVERSATIONS_PER_DAY } from '#shared/messaging';
import { newUser, stack, type TestUser } from '../support/stack.js';
import { openConversation } from './messages-helpers.js';
import { seededTutor } from './payments-helpers.js';

/** A send with the response's headers (the API helper drops them). */
async function sendWithHeaders(user: TestUser, conversationId: string, body: string) {
  const response = await fetch(`${stack().apiUrl}/api/conversations/${conversationId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ request_id: randomUUID(), body }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as any };
}

const minute = () => new Date().toISOString().slice(0, 16);

describe('messaging limits', () => {
  it(`refuses the ${MESSAGES_PER_MINUTE + 1}th message of a minute with 429, in French, with Retry-After`, async () => {
    const parent = await newUser('parent');
    const { id } = await openConversation(parent, seededTutor(40).id);
    // The counter is per UTC minute: an attempt that straddles two minutes proves nothing and is played again.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const started = minute();
      const statuses: number[] = [];
      let refusal: Awaited<ReturnType<typeof sendWithHeaders>> | undefined;
      while (!refusal && statuses.length <= MESSAGES_PER_MINUTE * 2) {
        const response = await sendWithHeaders(parent, id, `Message ${statuses.length + 1}`);
        statuses.push(response.status);
        if (response.status === 429) refusal = response;
      }
      if (minute() !== started) continue;
      expect(refusal, 'un refus 429').toBeDefined();
      expect(refusal!.body.error).toEqual({ code: 'too_many_requests', message: messages.messaging.tooManyMessages });
      const wait = Number(refusal!.retryAfter);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      // Within one minute: at most MESSAGES_PER_MINUTE accepted, exactly that many on a fresh account.
      const accepted = statuses.filter((status) => status === 201).length;
      if (attempt === 1) expect(accepted).toBe(MESSAGES_PER_MINUTE);
      else expect(accepted).toBeLessThanOrEqual(MESSAGES_PER_MINUTE);
      return;
    }
    expect.fail('trois essais à cheval sur deux minutes');
  });

  it(`lets a parent write to ${NEW_CONVERSATIONS_PER_DAY} new tutors a day, then answers 429 (an existing conversation stays open)`, async () => {
    const parent = await newUser('parent');
    const day = new Date().toISOString().slice(0, 10);
    const tutors = Array.from({ length: NEW_CONVERSATIONS_PER_DAY + 1 }, (_, i) => seededTutor(i).id);
    expect(new Set(tutors).size).toBe(NEW_CONVERSATIONS_PER_DAY + 1);
    const first = await Promise.all(tutors.slice(0, NEW_CONVERSATIONS_PER_DAY).map((tutorId) => openConversation(parent, tutorId)));
    expect(first.map((opened) => opened.status)).toEqual(Array(NEW_CONVERSATIONS_PER_DAY).fill(201));
    const refused = await openConversation(parent, tutors[NEW_CONVERSATIONS_PER_DAY]!);
    if (new Date().toISOString().slice(0, 10) !== day) return; // midnight UTC passed: a new day's count
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'too_many_requests', message: messages.messaging.tooManyNewConversations });
    // Found again, not opened: no count.
    expect(await openConversation(parent, tutors[0]!)).toMatchObject({ status: 200, id: first[0]!.id });
  });
});
