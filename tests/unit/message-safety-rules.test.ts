/**
 * The pure rules of the messages' safety (issue 31): what a decision on a report does to its
 * author's standing (three upheld reports restrict; an admin's suspension names itself), and when
 * an unread run's e-mail goes and under which schedule name.
 */
import { describe, expect, it } from 'vitest';
import { notificationContent } from '#shared/notifications';
import { UNREAD_EMAIL_DELAY_MINUTES, UPHELD_REPORTS_BEFORE_RESTRICTION } from '#shared/messaging';
import { accountChangeOf } from '../../functions/src/messages/reports.js';
import { unreadEmailAt, unreadScheduleName } from '../../functions/src/messages/unread-email.js';

const account = (fields: Record<string, unknown> = {}) => ({ user_id: 'u1', ...fields }) as Parameters<typeof accountChangeOf>[1];

describe("a decision on a report, for its author's standing", () => {
  it('counts nothing when dismissed', () => {
    expect(accountChangeOf('dismiss', account({ upheld_reports: 2 }))).toBeNull();
  });

  it('counts a warning, a hidden message and a suspension as upheld, and restricts at the third', () => {
    expect(accountChangeOf('warn', null)).toEqual({ upheld_reports: 1, warnings: 1, suspend: null });
    expect(accountChangeOf('hide', account({ upheld_reports: 1, warnings: 1 }))).toEqual({ upheld_reports: 2, warnings: 1, suspend: null });
    expect(accountChangeOf('warn', account({ upheld_reports: UPHELD_REPORTS_BEFORE_RESTRICTION - 1 }))).toEqual({
      upheld_reports: UPHELD_REPORTS_BEFORE_RESTRICTION,
      warnings: 1,
      suspend: 'reports',
    });
  });

  it("suspends on the admin's decision, and keeps a suspension already there (an admin's names itself)", () => {
    expect(accountChangeOf('suspend', null)).toEqual({ upheld_reports: 1, warnings: 0, suspend: 'admin' });
    expect(accountChangeOf('warn', account({ upheld_reports: 5, suspended_at: '2026-11-01T00:00:00.000Z', suspended_reason: 'reports' }))?.suspend).toBeNull();
    expect(accountChangeOf('suspend', account({ upheld_reports: 3, suspended_at: '2026-11-01T00:00:00.000Z', suspended_reason: 'reports' }))?.suspend).toBe('admin');
    expect(accountChangeOf('suspend', account({ upheld_reports: 1, suspended_at: '2026-11-01T00:00:00.000Z', suspended_reason: 'admin' }))?.suspend).toBeNull();
  });
});

describe("an unread run's e-mail", () => {
  it('goes 15 minutes after the first message, never in the past', () => {
    const now = new Date('2026-11-27T10:00:00.400Z');
    expect(unreadEmailAt('2026-11-27T09:59:00.000Z', now).toISOString()).toBe(new Date(Date.parse('2026-11-27T09:59:00.000Z') + UNREAD_EMAIL_DELAY_MINUTES * 60_000).toISOString());
    expect(unreadEmailAt('2026-11-27T09:00:00.000Z', now).toISOString()).toBe('2026-11-27T10:00:02.000Z');
  });

  it("is named after the conversation, the recipient's side and the seq, within EventBridge Scheduler's 64 characters", () => {
    const name = unreadScheduleName({ conversationId: 'f'.repeat(32), recipientSide: 'parent', seq: 9_999_999_999 });
    expect(name).toBe(`unread-${'f'.repeat(32)}-parent-9999999999`);
    expect(name.length).toBeLessThanOrEqual(64);
    expect(name).toMatch(/^[0-9a-zA-Z-_.]+$/);
  });

  it('says who wrote and links to the conversation, never the text', () => {
    expect(notificationContent({ kind: 'message_unread', conversationId: 'abc', senderName: 'Yao Kouassi' }, 'parent')).toEqual({
      title: 'Vous avez un nouveau message',
      body: 'Yao Kouassi vous a écrit sur Kalan. Ouvrez la conversation pour lire son message et lui répondre.',
      link: '/messages/abc',
    });
  });
});
