/**
 * The pure helpers of the lessons' screens (issue 15): the cancellation policy in French words
 * (written from its data), the choice of a lesson's slots in the booking dialog, the tutor's week
 * (Abidjan = UTC, across month and year ends) and the tutor profile's lesson figures.
 */
import { CANCELLATION_POLICY, cancellationOutcome, type CancellationPolicy } from '#shared/cancellation-policy';
import { lessonCancellation } from '#shared/lesson-schemas';
import type { LessonSlot } from '#shared/lesson-slots';
import { describe, expect, it } from 'vitest';
import {
  answerWindowTerms,
  cancellationConsequence,
  parentCancellationTerms,
  refundNote,
  tutorCancellationTerms,
} from '../../web/src/lib/cancellation-wording';
import { frenchDate, frenchDayLabel, frenchMoment, lessonTimeLabel, shortDayLabel } from '../../web/src/lib/lesson-dates';
import { keepIfStillFree, lessonSpan, slotsByDay, toggleSlot } from '../../web/src/lib/slot-selection';
import { addDays, gridHours, gridPlacement, isOnCalendar, lessonsOfWeek, mondayOf, weekDates } from '../../web/src/features/lessons/lesson-week';
import { lessonFigures } from '../../web/src/features/tutors/lesson-stats';

/** Normal spaces for the comparisons: the wording uses no-break spaces between figures and units. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');
const HOUR = 3_600_000;

describe('the cancellation policy in words', () => {
  it('says the parent’s bands from the policy’s data', () => {
    expect(plain(parentCancellationTerms())).toBe(
      "Annulation gratuite jusqu'à 24 h avant le cours ; ensuite 50 % remboursés jusqu'au début du cours. Une fois le cours commencé, il ne peut plus être annulé.",
    );
    const other: CancellationPolicy = {
      parent: [
        { min_hours_before: 6, refund_percent: 30 },
        { min_hours_before: 48, refund_percent: 100 },
        { min_hours_before: 0, refund_percent: 0 },
      ],
      tuteur: { min_hours_before: 0, refund_percent: 100 },
      tutor_cancellation_counts: false,
    };
    expect(plain(parentCancellationTerms(other))).toBe(
      "Annulation gratuite jusqu'à 48 h avant le cours ; ensuite 30 % remboursés jusqu'à 6 h avant le cours ; ensuite aucun remboursement jusqu'au début du cours. Une fois le cours commencé, il ne peut plus être annulé.",
    );
  });

  it('says what a tutor’s cancellation and silence give the parent', () => {
    expect(tutorCancellationTerms()).toBe('Si le répétiteur annule, vous êtes remboursé intégralement.');
    expect(tutorCancellationTerms({ ...CANCELLATION_POLICY, tuteur: { min_hours_before: 0, refund_percent: 80 } })).toBe(
      'Si le répétiteur annule, 80\u00a0% du montant vous sont remboursés.',
    );
    expect(plain(answerWindowTerms())).toBe(
      'Le répétiteur doit confirmer le cours sous 24 h (et avant son début) ; sans réponse de sa part, vous êtes remboursé intégralement.',
    );
    expect(plain(answerWindowTerms(12 * 3600))).toContain('sous 12 h');
  });

  const start = '2026-12-01T09:00:00.000Z';
  const lesson = { start, amount_total: 12_000 };
  const before = (ms: number) => new Date(Date.parse(start) - ms);

  it('tells a parent cancelling exactly 24 h before that everything comes back, and a minute later that half does', () => {
    expect(plain(cancellationConsequence(lessonCancellation(lesson, 'parent', before(24 * HOUR)), 'parent', 12_000))).toBe(
      'Vous serez remboursé de 12 000 FCFA (la totalité du montant payé).',
    );
    expect(plain(cancellationConsequence(lessonCancellation(lesson, 'parent', before(24 * HOUR - 60_000)), 'parent', 12_000))).toBe(
      'Vous serez remboursé de 6 000 FCFA (50 %) : le cours commence dans moins de 24 h ; le reste dédommage le répétiteur.',
    );
  });

  it('tells a tutor the parent is refunded in full and that it counts, and anyone that a started lesson cannot be cancelled', () => {
    expect(plain(cancellationConsequence(lessonCancellation(lesson, 'tutor', before(HOUR)), 'tutor', 12_000))).toBe(
      'Le parent sera remboursé intégralement (12 000 FCFA) ; cette annulation comptera sur votre profil.',
    );
    const notCounted = { ...CANCELLATION_POLICY, tutor_cancellation_counts: false };
    expect(plain(cancellationConsequence(lessonCancellation(lesson, 'tutor', before(HOUR)), 'tutor', 12_000, notCounted))).toBe(
      'Le parent sera remboursé intégralement (12 000 FCFA).',
    );
    expect(cancellationConsequence(lessonCancellation(lesson, 'parent', new Date(start)), 'parent', 12_000)).toBe(
      'Le cours a commencé : il ne peut plus être annulé.',
    );
  });

  it('says "not refunded" for a band that gives nothing back, with no band above it to name', () => {
    const nothing: CancellationPolicy = { ...CANCELLATION_POLICY, parent: [{ min_hours_before: 0, refund_percent: 0 }] };
    const outcome = cancellationOutcome({ by: 'parent', lessonStart: new Date(start), now: before(HOUR), amount: 12_000 }, nothing);
    expect(cancellationConsequence(outcome, 'parent', 12_000, nothing)).toBe('Vous ne serez pas remboursé ; le reste dédommage le répétiteur.');
  });
});

describe('what a lesson that did not take place gave back (issue 28)', () => {
  const cancelledAt = '2026-11-28T10:30:00.000Z';

  it('says a declined request and an unanswered one gave the whole amount back, as a cancellation says its refund', () => {
    expect(plain(refundNote({ amount_total: 4_000, outcome: 'declined' })!)).toBe('Demande refusée par le répétiteur : 4 000 FCFA remboursés au parent.');
    expect(plain(refundNote({ amount_total: 4_000, outcome: 'no_answer' })!)).toBe(
      'Demande restée sans réponse du répétiteur : 4 000 FCFA remboursés au parent.',
    );
    const cancellation = { at: cancelledAt, refund: 2_000, tutor: 1_800, commission: 200 };
    expect(plain(refundNote({ amount_total: 4_000, cancellation: { ...cancellation, by: 'parent' } })!)).toBe(
      `Annulé par le parent le ${plain(frenchMoment(cancelledAt))} : 2 000 FCFA remboursés au parent.`,
    );
    expect(plain(refundNote({ amount_total: 4_000, cancellation: { ...cancellation, by: 'tutor', refund: 4_000 } })!)).toMatch(
      /^Annulé par le répétiteur le .+ : 4 000 FCFA remboursés au parent\.$/,
    );
  });

  it('says nothing of a lesson whose money was not given back', () => {
    expect(refundNote({ amount_total: 4_000 })).toBeNull();
  });
});

/** Free slots of one Abidjan day from `from` to `to` hours (UTC). */
function day(date: string, from: number, to: number): LessonSlot[] {
  return Array.from({ length: to - from }, (_, i) => ({
    start: `${date}T${String(from + i).padStart(2, '0')}:00:00.000Z`,
    end: `${date}T${String(from + i + 1).padStart(2, '0')}:00:00.000Z`,
  }));
}
const at = (date: string, hour: number) => `${date}T${String(hour).padStart(2, '0')}:00:00.000Z`;

describe('choosing the slots of a lesson', () => {
  const free = [...day('2026-11-30', 8, 18), ...day('2026-12-01', 9, 11)];

  it('starts a lesson on a tap, grows it by the hour before or after, and shrinks it from either end', () => {
    let chosen = toggleSlot([], at('2026-11-30', 10), free).selected;
    expect(chosen).toEqual([at('2026-11-30', 10)]);
    chosen = toggleSlot(chosen, at('2026-11-30', 11), free).selected;
    chosen = toggleSlot(chosen, at('2026-11-30', 9), free).selected;
    expect(chosen).toEqual([at('2026-11-30', 9), at('2026-11-30', 10), at('2026-11-30', 11)]);
    expect(toggleSlot(chosen, at('2026-11-30', 9), free).selected).toEqual([at('2026-11-30', 10), at('2026-11-30', 11)]);
    expect(toggleSlot(chosen, at('2026-11-30', 11), free).selected).toEqual([at('2026-11-30', 9), at('2026-11-30', 10)]);
    // Inside the run: the lesson ends there.
    expect(toggleSlot(chosen, at('2026-11-30', 10), free).selected).toEqual([at('2026-11-30', 9), at('2026-11-30', 10)]);
    // The last hour removed: nothing chosen.
    expect(toggleSlot([at('2026-11-30', 9)], at('2026-11-30', 9), free).selected).toEqual([]);
  });

  it('starts again on a slot that does not touch the lesson, and ignores a slot that is not free', () => {
    const chosen = [at('2026-11-30', 9), at('2026-11-30', 10)];
    expect(toggleSlot(chosen, at('2026-11-30', 14), free).selected).toEqual([at('2026-11-30', 14)]);
    expect(toggleSlot(chosen, at('2026-12-01', 9), free).selected).toEqual([at('2026-12-01', 9)]);
    expect(toggleSlot(chosen, at('2026-11-30', 20), free).selected).toEqual(chosen);
    // The hour after the run is not free (held by another booking): a new lesson where tapped is impossible too.
    const withHole = free.filter((slot) => slot.start !== at('2026-11-30', 11));
    expect(toggleSlot(chosen, at('2026-11-30', 11), withHole).selected).toEqual(chosen);
  });

  it('refuses a ninth hour and says so', () => {
    const eight = Array.from({ length: 8 }, (_, i) => at('2026-11-30', 8 + i));
    expect(toggleSlot(eight, at('2026-11-30', 16), free)).toEqual({ selected: eight, tooLong: true });
    expect(toggleSlot(eight.slice(0, 7), at('2026-11-30', 15), free).tooLong).toBeUndefined();
  });

  it('keeps a choice only while all of it is still free, and gives its span', () => {
    const chosen = [at('2026-11-30', 10), at('2026-11-30', 9)];
    expect(keepIfStillFree(chosen, free)).toEqual([at('2026-11-30', 9), at('2026-11-30', 10)]);
    expect(keepIfStillFree(chosen, free.filter((slot) => slot.start !== at('2026-11-30', 10)))).toEqual([]);
    expect(lessonSpan(chosen)).toEqual({ start: at('2026-11-30', 9), end: at('2026-11-30', 11) });
    expect(lessonSpan([])).toBeNull();
  });

  it('groups the slots by Abidjan day, in order', () => {
    expect(slotsByDay(free).map((group) => [group.date, group.slots.length])).toEqual([
      ['2026-11-30', 10],
      ['2026-12-01', 2],
    ]);
  });
});

describe('lesson dates in French', () => {
  it('writes a lesson’s day and hours in Abidjan time', () => {
    expect(lessonTimeLabel('2026-12-01T09:00:00.000Z', '2026-12-01T11:00:00.000Z')).toBe('Mardi 1er décembre, 09:00–11:00');
    expect(lessonTimeLabel('2026-11-30T20:00:00.000Z', '2026-11-30T21:00:00.000Z')).toBe('Lundi 30 novembre, 20:00–21:00');
    expect(frenchMoment('2027-01-01T08:00:00.000Z')).toBe('vendredi 1er janvier à 08:00');
    expect(shortDayLabel('2026-11-30')).toBe('Lun. 30 nov.');
    expect(frenchDate('2026-12-24')).toBe('24 décembre 2026');
    expect(frenchDate('2027-01-01')).toBe('1er janvier 2027');
  });

  it('names every day of a year as the CLDR does in French (the tables of shared/french-dates, no date library)', () => {
    const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('fr-FR', { ...options, timeZone: 'UTC' });
    const short = intl({ weekday: 'short', day: 'numeric', month: 'short' });
    const long = intl({ weekday: 'long', day: 'numeric', month: 'long' });
    const dated = intl({ day: 'numeric', month: 'long', year: 'numeric' });
    const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
    const firstOfMonth = (text: string) => text.replace(/^(\D*)1 /, '$11er ');
    for (let day = 0; day < 366; day++) {
      const instant = new Date(Date.UTC(2028, 0, 1 + day));
      const date = instant.toISOString().slice(0, 10);
      expect(shortDayLabel(date), date).toBe(capital(short.format(instant)));
      expect(frenchDayLabel(date), date).toBe(firstOfMonth(capital(long.format(instant))));
      expect(frenchDate(date), date).toBe(firstOfMonth(dated.format(instant)));
    }
  });
});

describe('the tutor’s week', () => {
  it('starts weeks on Monday, across month and year ends', () => {
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2026-12-06')).toBe('2026-11-30');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(mondayOf('2026-03-01')).toBe('2026-02-23');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2026-03-02', -7)).toBe('2026-02-23');
    expect(weekDates('2026-12-28')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });

  const lesson = (id: string, start: string, end: string, status: 'requested' | 'escrow' | 'refund_pending' | 'released' = 'escrow') => ({
    id,
    start,
    end,
    status,
  });

  it('puts each lesson that takes the tutor’s time on its Abidjan day, in order, and leaves out those that will not happen', () => {
    const lessons = [
      lesson('late', '2026-12-31T17:00:00.000Z', '2026-12-31T19:00:00.000Z'),
      lesson('early', '2026-12-31T09:00:00.000Z', '2026-12-31T10:00:00.000Z', 'requested'),
      lesson('new-year', '2027-01-03T20:00:00.000Z', '2027-01-03T21:00:00.000Z', 'released'),
      lesson('declined', '2026-12-29T09:00:00.000Z', '2026-12-29T10:00:00.000Z', 'refund_pending'),
      lesson('next-week', '2027-01-04T09:00:00.000Z', '2027-01-04T10:00:00.000Z'),
      { ...lesson('cancelled-after-escrow', '2026-12-30T09:00:00.000Z', '2026-12-30T10:00:00.000Z'), cancellation: { by: 'parent' } },
    ];
    const week = lessonsOfWeek(lessons, '2026-12-28');
    expect(week.map((d) => [d.date, d.lessons.map((l) => l.id)])).toEqual([
      ['2026-12-28', []],
      ['2026-12-29', []],
      ['2026-12-30', []],
      ['2026-12-31', ['early', 'late']],
      ['2027-01-01', []],
      ['2027-01-02', []],
      ['2027-01-03', ['new-year']],
    ]);
    expect(isOnCalendar({ status: 'disputed' })).toBe(true);
    expect(isOnCalendar({ status: 'refunded' })).toBe(false);
    expect(isOnCalendar({ status: 'pending' })).toBe(false);
  });

  it('places a lesson on the hour grid and widens the grid to a lesson outside 08:00–21:00', () => {
    expect(gridPlacement({ start: '2026-12-01T09:00:00.000Z', end: '2026-12-01T11:00:00.000Z' }, 8)).toEqual({ row: 1, span: 2 });
    expect(gridPlacement({ start: '2026-12-01T08:00:00.000Z', end: '2026-12-01T09:00:00.000Z' }, 8)).toEqual({ row: 0, span: 1 });
    expect(gridHours([])).toEqual({ first: 8, last: 21 });
    expect(gridHours([{ start: '2026-12-01T07:00:00.000Z', end: '2026-12-01T08:00:00.000Z' }])).toEqual({ first: 7, last: 21 });
    expect(gridHours([{ start: '2026-12-01T21:00:00.000Z', end: '2026-12-01T23:00:00.000Z' }])).toEqual({ first: 8, last: 23 });
  });
});

describe('the tutor profile’s lesson figures', () => {
  it('gives the cancellation rate only once a lesson was accepted, and the no-shows always', () => {
    expect(lessonFigures({ accepted: 0, tutor_cancelled: 0, no_shows: 0 })).toEqual({ cancellationRate: null, noShows: 'Absences constatées : 0' });
    expect(plain(lessonFigures({ accepted: 8, tutor_cancelled: 2, no_shows: 1 }).cancellationRate!)).toBe("Taux d'annulation : 25 %");
    expect(plain(lessonFigures({ accepted: 3, tutor_cancelled: 1, no_shows: 2 }).cancellationRate!)).toBe("Taux d'annulation : 33 %");
    expect(lessonFigures({ accepted: 3, tutor_cancelled: 1, no_shows: 2 }).noShows).toBe('Absences constatées : 2');
  });
});
