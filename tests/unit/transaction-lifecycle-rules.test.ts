/**
 * The transaction lifecycle of shared/src/payments.ts, rule by rule: who may take which action
 * from which status (the whole table, and nothing else), which statuses are final, when a lesson
 * may be rated, and the French words every status, method and period is shown with; and, in the
 * pure lifecycle of functions/src/escrow/lifecycle.ts, that each money movement is written once.
 */
import { describe, expect, it } from 'vitest';
import {
  canTakeAction,
  COURSE_STATUSES,
  ESCROW_DECISIONS,
  isFinalStatus,
  moneyReceived,
  PAYMENT_TIMEOUT_SECONDS,
  DEFAULT_AUTO_RELEASE_DAYS,
  statusesAllowing,
  TRANSACTION_ACTIONS,
  TRANSACTION_STATUSES,
  transitionFor,
  type Actor,
  type TransactionAction,
  type TransactionStatus,
} from '#shared/transaction-process';
import {
  BOOKING_DEFAULT_LEVEL,
  BOOKING_DEFAULT_SUBJECT,
  canRateLesson,
  COURSE_STATUS_LABELS,
  EARNINGS_PERIODS,
  EARNINGS_PERIOD_LABELS,
  isMobileMoney,
  lessonIsOver,
  PAYMENT_METHOD_LABELS,
  RATING_MAX,
  RATING_MIN,
  TRANSACTION_STATUS_DESCRIPTIONS,
  TRANSACTION_STATUS_LABELS,
  type RateableLesson,
} from '#shared/payments';
import { ledgerLinesFor, type LedgerParties } from '../../functions/src/escrow/ledger.js';
import { initialState, step } from '../../functions/src/escrow/lifecycle.js';

const ACTORS: Actor[] = ['parent', 'tutor', 'admin', 'system'];

/**
 * The lifecycle of the spec, written out: `action from actor → to`, for the exits of
 * `needs_attention` whether the money must have been received, and whether the transition is only
 * for a lesson booked in the tutor's slots (true), only for the other bookings (false), or for both
 * (undefined). Everything else is refused.
 */
const ALLOWED: Array<[TransactionAction, TransactionStatus, Actor, TransactionStatus, paid?: boolean, lesson?: boolean]> = [
  ['confirm_payment', 'pending', 'system', 'escrow', undefined, false],
  ['confirm_payment', 'pending', 'system', 'requested', undefined, true],
  ['flag_payment', 'pending', 'system', 'payment_mismatch'],
  ['expire_payment', 'pending', 'system', 'failed'],
  ['accept', 'requested', 'tutor', 'escrow', undefined, true],
  ['decline', 'requested', 'tutor', 'refund_pending', undefined, true],
  ['auto_decline', 'requested', 'system', 'refund_pending', undefined, true],
  ['cancel', 'requested', 'parent', 'refund_pending', undefined, true],
  ['cancel', 'escrow', 'parent', 'refund_pending', undefined, true],
  ['cancel', 'escrow', 'tutor', 'refund_pending', undefined, true],
  ['release', 'escrow', 'parent', 'released'],
  ['release', 'escrow', 'admin', 'released'],
  ['release', 'disputed', 'admin', 'released'],
  ['auto_release', 'escrow', 'system', 'released'],
  ['refund', 'escrow', 'parent', 'refund_pending', undefined, false],
  ['refund', 'escrow', 'admin', 'refund_pending'],
  ['refund', 'requested', 'admin', 'refund_pending'],
  ['refund', 'disputed', 'admin', 'refund_pending'],
  ['refund', 'needs_attention', 'admin', 'refund_pending', true],
  ['dispute', 'escrow', 'parent', 'disputed'],
  ['report_problem', 'escrow', 'parent', 'disputed', undefined, true],
  ['report_no_show', 'escrow', 'parent', 'disputed', undefined, true],
  ['complete_refund', 'refund_pending', 'system', 'refunded'],
  ['flag_attention', 'pending', 'system', 'needs_attention'],
  ['flag_attention', 'requested', 'system', 'needs_attention'],
  ['flag_attention', 'escrow', 'system', 'needs_attention'],
  ['flag_attention', 'disputed', 'system', 'needs_attention'],
  ['flag_attention', 'refund_pending', 'system', 'needs_attention'],
  ['flag_attention', 'needs_attention', 'system', 'needs_attention'],
  ['resume_payment', 'needs_attention', 'admin', 'pending', false],
  ['resume_request', 'needs_attention', 'admin', 'requested', true],
  ['resume_escrow', 'needs_attention', 'admin', 'escrow', true],
  ['resume_dispute', 'needs_attention', 'admin', 'disputed', true],
  ['complete_refund', 'needs_attention', 'admin', 'refunded', true],
  // Issue 32: credits and the trial guarantee.
  ['flag_attention', 'credited', 'system', 'needs_attention'],
  ['cancel_for_credit', 'requested', 'parent', 'credited', undefined, true],
  ['cancel_for_credit', 'escrow', 'parent', 'credited', undefined, true],
  ['claim_guarantee_refund', 'escrow', 'parent', 'refund_pending', undefined, true],
  ['claim_guarantee_credit', 'escrow', 'parent', 'credited', undefined, true],
  ['use_credit', 'credited', 'parent', 'transferred'],
  ['use_credit_partly', 'credited', 'parent', 'refund_pending'],
  ['expire_credit', 'credited', 'system', 'refund_pending'],
  ['refund_credit', 'credited', 'parent', 'refund_pending'],
  ['refund_credit', 'credited', 'admin', 'refund_pending'],
  ['resume_credit', 'needs_attention', 'admin', 'credited', true],
];

describe('who may take which action from which status', () => {
  it('knows every status and every action of the spec', () => {
    expect([...TRANSACTION_STATUSES].sort()).toEqual(
      [
        'disputed',
        'escrow',
        'failed',
        'needs_attention',
        'payment_mismatch',
        'pending',
        'refund_pending',
        'refunded',
        'released',
        'requested',
        'credited',
        'transferred',
      ].sort(),
    );
    expect([...TRANSACTION_ACTIONS].sort()).toEqual(
      [
        'auto_release',
        'complete_refund',
        'confirm_payment',
        'dispute',
        'expire_payment',
        'flag_attention',
        'flag_payment',
        'refund',
        'release',
        'resume_dispute',
        'resume_escrow',
        'resume_payment',
        'accept',
        'decline',
        'auto_decline',
        'cancel',
        'report_problem',
        'report_no_show',
        'resume_request',
        'cancel_for_credit',
        'use_credit',
        'use_credit_partly',
        'expire_credit',
        'refund_credit',
        'resume_credit',
        'claim_guarantee_refund',
        'claim_guarantee_credit',
      ].sort(),
    );
    expect([...ESCROW_DECISIONS]).toEqual(['release', 'refund']);
    expect([...COURSE_STATUSES]).toEqual(['scheduled', 'completed', 'cancelled']);
  });

  it('allows exactly the transitions of the lifecycle, to the status it names', () => {
    for (const action of TRANSACTION_ACTIONS) {
      for (const from of TRANSACTION_STATUSES) {
        for (const actor of ACTORS) {
          // Paid or not is known from the status, except while a transaction needs attention.
          const received = moneyReceived({ status: from });
          for (const paid of from === 'needs_attention' ? [false, true] : [received]) {
            for (const lesson of [false, true]) {
              const expected = ALLOWED.find(
                ([a, f, who, , p, l]) => a === action && f === from && who === actor && (p === undefined || p === paid) && (l === undefined || l === lesson),
              );
              const what = `${action} depuis ${from} par ${actor}${from === 'needs_attention' ? (paid ? ', payé' : ', non payé') : ''}${lesson ? ', cours' : ''}`;
              expect(transitionFor(action, from, actor, paid, lesson)?.to, what).toBe(expected?.[3]);
              expect(canTakeAction(action, from, actor, paid, lesson), what).toBe(expected !== undefined);
              if (from !== 'needs_attention' && !lesson) expect(transitionFor(action, from, actor)?.to, what).toBe(expected?.[3]);
            }
          }
        }
      }
    }
  });

  it('lists, once each, the statuses a conditional write may start from', () => {
    for (const action of TRANSACTION_ACTIONS) {
      for (const actor of ACTORS) {
        const expected = [...new Set(ALLOWED.filter(([a, , who]) => a === action && who === actor).map(([, from]) => from))];
        expect(statusesAllowing(action, actor).sort(), `${action} par ${actor}`).toEqual(expected.sort());
      }
    }
  });

  it('calls final exactly the statuses after which no money moves', () => {
    const final = TRANSACTION_STATUSES.filter((status) => isFinalStatus(status));
    expect(final.sort()).toEqual(['failed', 'payment_mismatch', 'refunded', 'released', 'transferred']);
  });
});

describe('when the parent may rate the lesson', () => {
  const now = new Date('2026-03-18T15:00:00.000Z');
  const lesson = (overrides: Partial<Omit<RateableLesson, 'course'>> & { course?: Partial<RateableLesson['course']> } = {}): RateableLesson => ({
    status: 'escrow',
    created_at: '2026-03-10T10:00:00.000Z',
    ...overrides,
    course: { status: 'scheduled', ...overrides.course },
  });

  it('once the funds are released (the course is completed), whatever the dates', () => {
    const released = lesson({ status: 'released', course: { status: 'completed', scheduled_date: '2030-01-01T00:00:00.000Z' } });
    expect(lessonIsOver(released, now)).toBe(true);
    expect(canRateLesson(released, now)).toBe(true);
  });

  it('while the funds are held (escrow or dispute), from the lesson time on, to the millisecond', () => {
    for (const status of ['escrow', 'disputed'] as const) {
      expect(lessonIsOver(lesson({ status, course: { scheduled_date: now.toISOString() } }), now), status).toBe(true);
      expect(lessonIsOver(lesson({ status, course: { scheduled_date: '2026-03-18T15:00:00.001Z' } }), now), status).toBe(false);
    }
  });

  it('takes the lesson date first, then the payment date, then the booking date', () => {
    const future = '2026-03-19T00:00:00.000Z';
    const past = '2026-03-17T00:00:00.000Z';
    // A lesson still to come, paid long ago: not yet.
    expect(lessonIsOver(lesson({ paid_at: past, course: { scheduled_date: future } }), now)).toBe(false);
    // No lesson date: the payment date decides, before the booking date.
    expect(lessonIsOver(lesson({ created_at: past, paid_at: future }), now)).toBe(false);
    expect(lessonIsOver(lesson({ created_at: future, paid_at: past }), now)).toBe(true);
    // Neither: the booking date.
    expect(lessonIsOver(lesson({ created_at: past }), now)).toBe(true);
    expect(lessonIsOver(lesson({ created_at: future }), now)).toBe(false);
  });

  it('never in the other statuses, where no course took place with funds at stake', () => {
    for (const status of ['pending', 'refund_pending', 'refunded', 'failed', 'payment_mismatch', 'needs_attention', 'released'] as const) {
      expect(lessonIsOver(lesson({ status, created_at: '2020-01-01T00:00:00.000Z' }), now), status).toBe(false);
    }
  });

  it('once only', () => {
    const over = lesson({ created_at: '2026-03-01T00:00:00.000Z' });
    expect(canRateLesson(over, now)).toBe(true);
    expect(canRateLesson({ ...over, course: { ...over.course, parent_rating: 4 } }, now)).toBe(false);
    expect(canRateLesson(lesson({ created_at: '2026-04-01T00:00:00.000Z' }), now)).toBe(false);
    expect([RATING_MIN, RATING_MAX]).toEqual([1, 5]);
  });
});

describe('what the screens show', () => {
  const frenchWords = (record: Record<string, string>, keys: readonly string[]) => {
    expect(Object.keys(record).sort()).toEqual([...keys].sort());
    const values = Object.values(record);
    for (const value of values) expect(value.trim().length).toBeGreaterThan(1);
    expect(new Set(values).size).toBe(values.length);
  };

  it('names and explains every status, course status and earnings period in French', () => {
    frenchWords(TRANSACTION_STATUS_LABELS, TRANSACTION_STATUSES);
    frenchWords(TRANSACTION_STATUS_DESCRIPTIONS, TRANSACTION_STATUSES);
    frenchWords(COURSE_STATUS_LABELS, COURSE_STATUSES);
    frenchWords(EARNINGS_PERIOD_LABELS, EARNINGS_PERIODS);
    expect(TRANSACTION_STATUS_LABELS).toMatchObject({ escrow: 'En escrow', released: 'Libéré', refunded: 'Remboursé' });
    expect(COURSE_STATUS_LABELS).toEqual({ scheduled: 'Programmé', completed: 'Terminé', cancelled: 'Annulé' });
    expect(EARNINGS_PERIOD_LABELS).toEqual({ week: 'Semaine', month: 'Mois', year: 'Année' });
  });

  it('names every payment method, and tells mobile money from the card', () => {
    frenchWords(PAYMENT_METHOD_LABELS, ['card', 'mobile_money_orange', 'mobile_money_mtn', 'mobile_money_moov', 'mobile_money_wave']);
    expect(PAYMENT_METHOD_LABELS.card).toBe('Carte bancaire');
    expect(PAYMENT_METHOD_LABELS.mobile_money_wave).toBe('Wave');
    for (const method of Object.keys(PAYMENT_METHOD_LABELS)) expect(isMobileMoney(method), method).toBe(method !== 'card');
    expect(isMobileMoney('card_mobile_money_')).toBe(false);
  });

  it('books a lesson with a general subject and a beginner level when the tutor lists none', () => {
    expect(BOOKING_DEFAULT_SUBJECT).toBe('Cours général');
    expect(BOOKING_DEFAULT_LEVEL).toBe('Niveau débutant');
  });

  it('waits 30 minutes for a payment and releases held funds 7 days after the lesson by default', () => {
    expect(PAYMENT_TIMEOUT_SECONDS).toBe(30 * 60);
    expect(DEFAULT_AUTO_RELEASE_DAYS).toBe(7);
  });
});

describe('each money movement once, in the pure lifecycle', () => {
  const parties: LedgerParties = {
    transactionId: 'tx-1',
    parentId: 'parent-1',
    tutorUserId: 'tutor-1',
    amountTotal: 5_500,
    amountTutor: 4_950,
    commission: 550,
  };

  it("releases held funds after the payment: the payment's lines are another movement, not a repeat", () => {
    const paid = step(initialState(), 'confirm_payment', 'system', parties);
    expect(paid.ok).toBe(true);
    if (!paid.ok) return;
    for (const [action, actor] of [['release', 'parent'], ['release', 'admin'], ['auto_release', 'system']] as const) {
      expect(step(paid.state, action, actor, parties), `${action} par ${actor}`).toEqual({
        ok: true,
        state: { status: 'released', ledger: [...ledgerLinesFor('payment', parties), ...ledgerLinesFor('release', parties)] },
      });
    }
  });

  it('completes a refund after the payment, and refuses a second payment or release', () => {
    const paid = step(initialState(), 'confirm_payment', 'system', parties);
    if (!paid.ok) throw new Error('payment refused');
    const asked = step(paid.state, 'refund', 'parent', parties);
    if (!asked.ok) throw new Error('refund refused');
    expect(step(asked.state, 'complete_refund', 'system', parties)).toEqual({
      ok: true,
      state: { status: 'refunded', ledger: [...ledgerLinesFor('payment', parties), ...ledgerLinesFor('refund', parties)] },
    });
    // The books already hold a payment: a pending transaction with them cannot be paid again.
    expect(step({ status: 'pending', ledger: paid.state.ledger }, 'confirm_payment', 'system', parties)).toEqual({ ok: false, reason: 'duplicate_movement' });
  });
});
