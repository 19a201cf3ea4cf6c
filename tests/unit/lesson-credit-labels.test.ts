/**
 * Issue 32's words in 'Mes cours' (shared/src/lesson-schemas.ts): a lesson kept as a credit says
 * why (a package lesson cancelled in time, or the trial guarantee taken as another tutor), a credit
 * spent says so, a guarantee claimed as a refund says it; and none of them offers an action.
 */
import { describe, expect, it } from 'vitest';
import { lessonActionsAllowed, lessonStatusLabel, type LessonLabelFacts } from '#shared/lesson-schemas';

const now = new Date('2026-03-18T15:00:00.000Z');
const lesson = (facts: Partial<LessonLabelFacts>): LessonLabelFacts => ({
  status: 'credited',
  start: '2026-03-20T10:00:00.000Z',
  end: '2026-03-20T12:00:00.000Z',
  ...facts,
});

describe('the words of credits and of the trial guarantee', () => {
  it('says why the money is a credit', () => {
    expect(lessonStatusLabel(lesson({ credit: { reason: 'cancellation' } }), now)).toBe('Annulé, en crédit');
    expect(lessonStatusLabel(lesson({ credit: { reason: 'guarantee' } }), now)).toBe('Garantie : crédit pour un autre répétiteur');
  });

  it('says a credit was spent, and a guarantee claimed as a refund, whatever else is known', () => {
    expect(lessonStatusLabel(lesson({ status: 'transferred', credit: { reason: 'cancellation' } }), now)).toBe('Crédit utilisé');
    for (const status of ['refund_pending', 'refunded'] as const) {
      expect(lessonStatusLabel(lesson({ status, guarantee: { choice: 'refund' } }), now), status).toBe('Garantie premier cours : remboursé');
      // A credit partly spent then refunded is still a cancellation or a guarantee taken as a credit, not a refund claim.
      expect(lessonStatusLabel(lesson({ status, guarantee: { choice: 'credit' } }), now), status).toBe('Annulé, remboursé');
    }
  });

  it('offers no action on a credit or a credit spent', () => {
    for (const status of ['credited', 'transferred'] as const) {
      for (const side of ['parent', 'tutor'] as const) expect(lessonActionsAllowed(lesson({ status }), side, now), `${status} ${side}`).toEqual([]);
    }
  });
});
