/**
 * The pure helpers of the package screens (issue 32): the weekly slots a tutor's free slots offer
 * (a 2-hour lesson needs the next hour free too), one slot per day, the start dates allowed, the
 * free starts a credit or a move may take, and the stop's and the cancellation's words.
 */
import type { LessonView } from '#shared/lesson-schemas';
import type { LessonSlot } from '#shared/lesson-slots';
import type { PackageView } from '#shared/package-schemas';
import { describe, expect, it } from 'vitest';
import { keepOffered, startDateBounds, toggleWeeklySlot, weeklyOptions, weeklySlotLabel } from '../../web/src/features/packages/package-plan';
import { cancelMakesCredit, lessonStartsWithin, stopConsequence } from '../../web/src/features/lessons/package-wording';

const HOUR = 3_600_000;
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const slot = (start: string): LessonSlot => ({ start, end: new Date(Date.parse(start) + HOUR).toISOString() });

// Monday 30 November 2026 16:00 and 17:00, Wednesday 2 December 16:00 only.
const FREE = [slot('2026-11-30T16:00:00.000Z'), slot('2026-11-30T17:00:00.000Z'), slot('2026-12-02T16:00:00.000Z')];

describe('the weekly slots of a package', () => {
  it('offers each weekday’s free hours, and for 2 hours only those followed by a free hour', () => {
    expect([...weeklyOptions(FREE, 1)]).toEqual([
      [1, [16, 17]],
      [3, [16]],
    ]);
    expect([...weeklyOptions(FREE, 2)]).toEqual([[1, [16]]]);
  });

  it('keeps one slot per day, moves a day’s slot, removes it when tapped again, and stops at the lessons per week', () => {
    let chosen = toggleWeeklySlot([], { weekday: 1, hour: 16 }, 2);
    chosen = toggleWeeklySlot(chosen, { weekday: 1, hour: 17 }, 2);
    expect(chosen).toEqual([{ weekday: 1, hour: 17 }]);
    chosen = toggleWeeklySlot(chosen, { weekday: 3, hour: 16 }, 2);
    expect(toggleWeeklySlot(chosen, { weekday: 5, hour: 16 }, 2)).toEqual(chosen);
    expect(toggleWeeklySlot(chosen, { weekday: 3, hour: 16 }, 2)).toEqual([{ weekday: 1, hour: 17 }]);
    expect(keepOffered(chosen, weeklyOptions(FREE, 2))).toEqual([]);
    expect(weeklySlotLabel({ weekday: 3, hour: 16 }, 2)).toBe('Mercredi 16:00–18:00');
  });

  it('allows a start from today to the 14th day', () => {
    expect(startDateBounds(new Date('2026-11-27T23:30:00.000Z'))).toEqual({ min: '2026-11-27', max: '2026-12-10' });
  });

  it('offers a credit or a move only the starts of enough consecutive free hours, up to the limit', () => {
    expect(lessonStartsWithin(FREE, 1, '2026-12-01T00:00:00.000Z')).toEqual(['2026-11-30T16:00:00.000Z', '2026-11-30T17:00:00.000Z']);
    expect(lessonStartsWithin(FREE, 2, '2026-12-31T00:00:00.000Z')).toEqual(['2026-11-30T16:00:00.000Z']);
  });
});

const lesson = (id: string, start: string, status: LessonView['status'] = 'escrow'): LessonView => ({
  id,
  status,
  status_label: '',
  subject: 'Mathématiques',
  level: 'Lycée (2nde-Tle)',
  start,
  end: new Date(Date.parse(start) + HOUR).toISOString(),
  duration_hours: 1,
  place: null,
  amount_total: 3600,
  tutor_id: 't',
  tutor_name: 'Yao Kouamé',
  parent_name: 'Awa',
  actions: ['cancel'],
});

describe('what stopping and cancelling say', () => {
  const now = new Date('2026-11-30T12:00:00.000Z');
  const lessons = [lesson('a', '2026-11-30T10:00:00.000Z'), lesson('b', '2026-11-30T16:00:00.000Z'), lesson('c', '2026-12-02T16:00:00.000Z')];
  const pkg = { lessons: [...lessons.map((l) => ({ id: l.id, status: l.status, credit: 0 })), { id: 'd', status: 'credited', credit: 3600 }] } as unknown as PackageView;

  it('refunds the lessons to come under the policy (half within 24 h), the credits in full, and keeps those started', () => {
    expect(plain(stopConsequence(pkg, lessons, now))).toBe(
      'Les 2 cours à venir sont annulés : vous serez remboursé de 5 400 FCFA (la moitié pour le cours qui commence dans moins de 24 h). Vos crédits non utilisés vous sont remboursés (3 600 FCFA). Les cours déjà commencés ou donnés restent dus au répétiteur. Cette action est irréversible.',
    );
  });

  it('makes a credit of a package lesson the parent cancels 24 h or more before, never of a later one, a single lesson or the tutor’s cancellation', () => {
    expect(cancelMakesCredit(lessons[2]!, 'parent', now, true)).toBe(true);
    expect(cancelMakesCredit(lessons[1]!, 'parent', now, true)).toBe(false);
    expect(cancelMakesCredit(lessons[2]!, 'parent', now, false)).toBe(false);
    expect(cancelMakesCredit(lessons[2]!, 'tutor', now, true)).toBe(false);
    // A lesson the tutor moved is cancelled in full, so as a credit, even within 24 h.
    expect(cancelMakesCredit({ ...lessons[1]!, moved_at: '2026-11-29T09:00:00.000Z' }, 'parent', now, true)).toBe(true);
  });
});
