/**
 * Issue 32, the pure parts of the changes within a package: who is told when a tutor moves a
 * package lesson (once per move, the parent), the days a tutor newly takes off (only those can
 * cover a lesson), and when the recommendations suggest a package.
 */
import { describe, expect, it } from 'vitest';
import { notificationContent } from '#shared/notifications';
import { PACKAGE_SUGGESTION_AFTER_LESSONS } from '#shared/packages';
import type { TransactionStatus } from '#shared/transaction-process';
import { lessonMoved, notificationsOfChange, type TransactionImage } from '../../functions/src/notifications/changes.js';
import { packageSuggestionOf } from '../../functions/src/recommendations/package-suggestion.js';
import { newDaysOff } from '../../functions/src/tutors/day-off.js';

const START = '2026-12-01T09:00:00.000Z';
const MOVED = '2026-12-02T17:00:00.000Z';

function image(status: TransactionStatus, course: Partial<TransactionImage['course']> = {}): TransactionImage {
  return {
    id: 'tx-1',
    status,
    updated_at: '2026-11-25T10:00:00.000Z',
    parent_id: 'parent-1',
    parent_name: 'Awa Koné',
    tutor_user_id: 'tutor-1',
    tutor_name: 'Yao Kouassi',
    amount_total: 10000,
    amount_tutor: 9000,
    course: { subject: 'Mathématiques', scheduled_date: START, holds_slots: true, ...course },
  };
}

describe('a package lesson moved by its tutor', () => {
  it('tells the parent once per move, with the new time and the old one', () => {
    const before = image('escrow');
    const after = image('escrow', { scheduled_date: MOVED, moved_at: '2026-11-26T08:00:00.000Z' });
    const plan = notificationsOfChange(before, after);
    expect(plan.map((n) => `${n.side}:${n.details.kind}`)).toEqual(['parent:lesson_moved']);
    expect(plan[0]!.ref).toBe('tx-1#lesson_moved#2026-11-26T08:00:00.000Z');
    const content = notificationContent(plan[0]!.details, 'parent');
    expect(content.title).toBe('Cours déplacé');
    expect(content.body).toContain('Yao Kouassi a déplacé le cours prévu');
    // The same record again (the move already told), another update of the lesson: nothing.
    expect(notificationsOfChange(after, after)).toEqual([]);
    expect(lessonMoved(after, { ...after, updated_at: '2026-11-27T08:00:00.000Z' })).toBe(false);
    // A second move is a second notification.
    const again = image('escrow', { scheduled_date: START, moved_at: '2026-11-27T08:00:00.000Z' });
    expect(notificationsOfChange(after, again)[0]!.ref).toBe('tx-1#lesson_moved#2026-11-27T08:00:00.000Z');
    // A moved lesson later cancelled is told as a cancellation, not as a move.
    expect(lessonMoved(after, { ...image('refund_pending', { moved_at: after.course.moved_at }) })).toBe(false);
  });
});

describe('the days a tutor newly takes off', () => {
  it('are only those not off before, as ranges of consecutive days', () => {
    expect(newDaysOff([], [{ start_date: '2026-12-01', end_date: '2026-12-03' }])).toEqual([{ start_date: '2026-12-01', end_date: '2026-12-03' }]);
    expect(newDaysOff([{ start_date: '2026-12-02', end_date: '2026-12-02' }], [{ start_date: '2026-12-01', end_date: '2026-12-04' }])).toEqual([
      { start_date: '2026-12-01', end_date: '2026-12-01' },
      { start_date: '2026-12-03', end_date: '2026-12-04' },
    ]);
    // Days off removed or unchanged: nothing to check.
    expect(newDaysOff([{ start_date: '2026-12-01', end_date: '2026-12-05' }], [{ start_date: '2026-12-02', end_date: '2026-12-03' }])).toEqual([]);
  });
});

describe('the package suggestion', () => {
  const lesson = (tutor_id: string, status: TransactionStatus, extra: { package_id?: string; updated_at?: string } = {}) => ({
    tutor_id,
    tutor_name: `Répétiteur ${tutor_id}`,
    status,
    updated_at: extra.updated_at ?? '2026-11-01T00:00:00.000Z',
    ...(extra.package_id ? { package_id: extra.package_id } : {}),
  });

  it(`comes after ${PACKAGE_SUGGESTION_AFTER_LESSONS} released lessons with one tutor, not before, and not while a package runs with them`, () => {
    expect(packageSuggestionOf([lesson('a', 'released'), lesson('a', 'refunded'), lesson('a', 'escrow')])).toBeNull();
    expect(packageSuggestionOf([lesson('a', 'released'), lesson('a', 'released')])).toEqual({ tutor_id: 'a', tutor_name: 'Répétiteur a' });
    expect(packageSuggestionOf([lesson('a', 'released'), lesson('a', 'released'), lesson('a', 'escrow', { package_id: 'p' })])).toBeNull();
    expect(packageSuggestionOf([lesson('a', 'released'), lesson('a', 'released'), lesson('a', 'pending', { package_id: 'p' })])).toBeNull();
    // A package over (its lessons settled) does not stop a new suggestion.
    expect(packageSuggestionOf([lesson('a', 'released', { package_id: 'p' }), lesson('a', 'released', { package_id: 'p' })])).toEqual({ tutor_id: 'a', tutor_name: 'Répétiteur a' });
  });

  it('names the tutor with the most released lessons, then the latest', () => {
    const history = [
      lesson('a', 'released', { updated_at: '2026-11-01T00:00:00.000Z' }),
      lesson('a', 'released', { updated_at: '2026-11-02T00:00:00.000Z' }),
      lesson('b', 'released', { updated_at: '2026-11-03T00:00:00.000Z' }),
      lesson('b', 'released', { updated_at: '2026-11-04T00:00:00.000Z' }),
    ];
    expect(packageSuggestionOf(history)?.tutor_id).toBe('b');
    expect(packageSuggestionOf([...history, lesson('a', 'released')])?.tutor_id).toBe('a');
  });
});
