/**
 * The messages API's pure rules (issue 31): what each side reads of a conversation and a message,
 * why it may not send, and the tutor's response figures.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { DELETED_MESSAGE_TEXT, HIDDEN_MESSAGE_TEXT, RESPONSE_STATS_MIN_QUESTIONS } from '#shared/messaging';
import { answerWrite, toResponseStatsView } from '../../functions/src/messages/response-stats.js';
import { toConversationView, toMessageView, type Conversation, type Message } from '../../functions/src/messages/views.js';

const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  id: 'a'.repeat(32),
  parent_user_id: 'parent-1',
  tutor_user_id: 'tutor-1',
  tutor_id: 'tutor-page-1',
  parent_name: 'Mariam Koné',
  tutor_name: 'Yao Kouassi',
  created_at: '2026-11-27T10:00:00.000Z',
  message_count: 3,
  parent_read_seq: 3,
  tutor_read_seq: 1,
  unread_parent: 0,
  unread_tutor: 2,
  last_message_at: '2026-11-27T10:05:00.000Z',
  last_message_body: 'Et le BEPC ?',
  last_message_sender: 'parent',
  ...overrides,
});

const message = (overrides: Partial<Message> = {}): Message => ({
  conversation_id: 'a'.repeat(32),
  seq: 2,
  id: '8a1f4f5e-0d4b-4d0e-9a55-8d7c2a0b1c11',
  sender: 'parent',
  sender_user_id: 'parent-1',
  body: 'Bonjour',
  masked: [],
  sent_at: '2026-11-27T10:01:00.000Z',
  ...overrides,
});

describe('a conversation as each side sees it', () => {
  it("shows the other person, the caller's own unread count, and whether contacts are masked", () => {
    expect(toConversationView(conversation(), { side: 'parent', account: null, tutorPhotoUrl: 'https://photo' })).toMatchObject({
      side: 'parent',
      other: { name: 'Yao Kouassi', tutor_id: 'tutor-page-1', photo_url: 'https://photo' },
      unread_count: 0,
      contacts_masked: true,
      can_send: true,
      send_blocked_reason: null,
    });
    expect(toConversationView(conversation({ contacts_unlocked_at: '2026-11-27T11:00:00.000Z' }), { side: 'tutor', account: null })).toMatchObject({
      other: { name: 'Mariam Koné', tutor_id: null, photo_url: null },
      unread_count: 2,
      contacts_masked: false,
    });
  });

  it('may not send when its messaging is suspended, or when the other account is deleted', () => {
    const suspended = toConversationView(conversation(), { side: 'parent', account: { user_id: 'parent-1', suspended_at: '2026-11-27T09:00:00.000Z' } });
    expect([suspended.can_send, suspended.send_blocked_reason]).toEqual([false, messages.messaging.messagingSuspended]);
    const deleted = toConversationView(conversation({ tutor_deleted_at: '2026-11-27T09:00:00.000Z' }), { side: 'parent', account: null, tutorPhotoUrl: 'https://photo' });
    expect([deleted.can_send, deleted.send_blocked_reason]).toEqual([false, messages.messaging.otherAccountDeleted]);
    expect(deleted.other).toEqual({ name: messages.messaging.deletedAccount, tutor_id: null, photo_url: null });
  });
});

describe('a message as each side sees it', () => {
  it("marks the caller's own messages 'lu' up to the other side's read position, never the other side's", () => {
    expect(toMessageView(message({ seq: 1 }), 'parent', 1)).toMatchObject({ mine: true, read: true });
    expect(toMessageView(message({ seq: 2 }), 'parent', 1)).toMatchObject({ mine: true, read: false });
    expect(toMessageView(message({ seq: 1 }), 'tutor', 5)).toMatchObject({ mine: false, read: false });
  });

  it('shows a hidden or deleted message by its notice only', () => {
    expect(toMessageView(message({ hidden: true, masked: ['phone'] }), 'tutor', 0)).toMatchObject({ body: HIDDEN_MESSAGE_TEXT, hidden: true, masked: [] });
    expect(toMessageView(message({ deleted: true, body: '' }), 'tutor', 0)).toMatchObject({ body: DELETED_MESSAGE_TEXT, hidden: false });
  });
});

describe("the tutor's response figures", () => {
  it(`are null below ${RESPONSE_STATS_MIN_QUESTIONS} questions, and while none was answered`, () => {
    expect(toResponseStatsView(null)).toBeNull();
    expect(toResponseStatsView({ questions: RESPONSE_STATS_MIN_QUESTIONS - 1, answered_in_window: 2, recent_response_seconds: [60, 60] })).toBeNull();
    expect(toResponseStatsView({ questions: RESPONSE_STATS_MIN_QUESTIONS, answered_in_window: 0, recent_response_seconds: [] })).toBeNull();
  });

  it('give the median of the recent delays in hours, and the share answered within the window', () => {
    expect(toResponseStatsView({ questions: 4, answered_in_window: 3, recent_response_seconds: [3600, 7200, 36_000] })).toEqual({ response_hours: 2, response_rate: 75 });
    expect(toResponseStatsView({ questions: 4, answered_in_window: 4, recent_response_seconds: [1800, 3600, 5400, 7200] })).toEqual({ response_hours: 1.3, response_rate: 100 });
  });

  it('keep the last samples only, and count an answer after the window as unanswered', () => {
    const samples = Array.from({ length: 20 }, (_, i) => i);
    const late = answerWrite('tutor-1', { user_id: 'tutor-1', questions: 21, recent_response_seconds: samples, updated_at: 'x' }, '2026-11-25T10:00:00.000Z', '2026-11-27T10:00:00.000Z');
    const params = late.params().Update!;
    const values = Object.values(params.ExpressionAttributeValues ?? {});
    expect(values).toContainEqual([...samples.slice(1), 48 * 3600]);
    expect(values).toContain(0);
  });
});
