/**
 * Notifications (issue 15, point 5), the pure rules: who is told what from which change of status
 * (and of a KYC submission), the French words and dates, and when the reminders go.
 */
import { describe, expect, it } from 'vitest';
import { frenchDelay, lessonTimeLabel } from '#shared/french-dates';
import { formatFcfa } from '#shared/money';
import { lessonLine, notificationContent, type Side } from '#shared/notifications';
import type { TransactionAction, TransactionStatus } from '#shared/transaction-process';
import {
  acceptedLesson,
  lessonCalledOff,
  lessonFacts,
  lessonsStopped,
  notificationOfKycReview,
  notificationsOfChange,
  notificationsOfPackage,
  type PackageImage,
  type TransactionImage,
} from '../../functions/src/notifications/changes.js';
import { atExpression, reminderOffsets, remindersAhead } from '../../functions/src/notifications/reminders.js';

const START = '2026-12-01T09:00:00.000Z';

function image(status: TransactionStatus, extra: Partial<TransactionImage> = {}): TransactionImage {
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
    course: { subject: 'Mathématiques', scheduled_date: START, holds_slots: true },
    ...extra,
  };
}

const told = (from: TransactionStatus, to: TransactionStatus, extra: Partial<TransactionImage> = {}) =>
  notificationsOfChange(image(from), image(to, extra)).map((n) => `${n.side}:${n.details.kind}`);

describe('who is told what, from a change of status', () => {
  it.each<[TransactionStatus, TransactionStatus, Partial<TransactionImage>, string[]]>([
    ['pending', 'requested', { last_action: 'confirm_payment' }, ['tutor:lesson_requested', 'parent:payment_received']],
    ['pending', 'escrow', { last_action: 'confirm_payment' }, ['parent:payment_received']],
    ['requested', 'escrow', { last_action: 'accept' }, ['parent:lesson_accepted']],
    ['requested', 'refund_pending', { last_action: 'decline' }, ['parent:lesson_declined']],
    ['requested', 'refund_pending', { last_action: 'auto_decline' }, ['parent:lesson_declined']],
    ['requested', 'refund_pending', { last_action: 'cancel', cancellation: { by: 'parent' } }, ['tutor:lesson_cancelled']],
    ['escrow', 'refund_pending', { last_action: 'cancel', cancellation: { by: 'tutor' } }, ['parent:lesson_cancelled']],
    ['escrow', 'refund_pending', { last_action: 'cancel', cancellation: { by: 'parent' } }, ['tutor:lesson_cancelled']],
    // An admin's refund says nothing until the refund is done.
    ['escrow', 'refund_pending', { last_action: 'refund' }, []],
    ['refund_pending', 'refunded', { last_action: 'complete_refund' }, ['parent:refund_done']],
    ['needs_attention', 'refunded', { last_action: 'complete_refund' }, ['parent:refund_done']],
    ['escrow', 'released', { last_action: 'release' }, ['tutor:funds_released', 'parent:funds_released']],
    ['escrow', 'released', { last_action: 'auto_release' }, ['tutor:funds_released', 'parent:funds_released']],
    ['escrow', 'disputed', { last_action: 'report_problem' }, ['parent:dispute_opened', 'tutor:dispute_opened']],
    ['disputed', 'released', { last_action: 'release' }, ['parent:dispute_decided', 'tutor:dispute_decided']],
    ['disputed', 'refund_pending', { last_action: 'refund' }, ['parent:dispute_decided', 'tutor:dispute_decided']],
    // Nothing to tell: the workflow's own moves, or no change of status.
    ['pending', 'failed', { last_action: 'expire_payment' }, []],
    ['escrow', 'needs_attention', { last_action: 'flag_attention' }, []],
    ['needs_attention', 'escrow', { last_action: 'resume_escrow' }, []],
    ['escrow', 'escrow', {}, []],
  ])('%s → %s (%o)', (from, to, extra, expected) => {
    expect(told(from, to, extra)).toEqual(expected);
  });

  it('names each notification after its transaction and kind (the same change gives the same ids)', () => {
    const plan = notificationsOfChange(image('pending'), image('requested', { last_action: 'confirm_payment' }));
    expect(plan.map((n) => n.ref)).toEqual(['tx-1#lesson_requested', 'tx-1#payment_received']);
  });

  it('tells nothing of a record without the old image (an insert)', () => {
    expect(notificationsOfChange(undefined, image('escrow'))).toEqual([]);
  });

  it('schedules reminders when a lesson is accepted, and deletes them when it is called off', () => {
    expect(acceptedLesson(image('requested'), image('escrow', { last_action: 'accept' as TransactionAction }))).toBe(true);
    expect(acceptedLesson(image('pending'), image('escrow'))).toBe(false);
    expect(acceptedLesson(image('requested'), image('escrow', { course: { subject: 'Maths', holds_slots: true } }))).toBe(false);
    expect(lessonCalledOff(image('escrow'), image('refund_pending'))).toBe(true);
    expect(lessonCalledOff(image('requested'), image('refund_pending'))).toBe(true);
    expect(lessonCalledOff(image('disputed'), image('refund_pending'))).toBe(false);
  });

  it('tells the tutor the KYC decision once it is taken', () => {
    const kyc = { id: 'k1', user_id: 'tutor-1' };
    expect(notificationOfKycReview({ ...kyc, status: 'pending' }, { ...kyc, status: 'approved' })?.details).toEqual({ kind: 'kyc_approved' });
    expect(notificationOfKycReview({ ...kyc, status: 'pending' }, { ...kyc, status: 'rejected', admin_notes: 'Photo floue.' })?.details).toEqual({
      kind: 'kyc_rejected',
      notes: 'Photo floue.',
    });
    expect(notificationOfKycReview({ ...kyc, status: 'approved' }, { ...kyc, status: 'approved' })).toBeNull();
  });
});

describe('the French words', () => {
  it.each([
    ['2026-12-01T09:00:00.000Z', 'Mardi 1er décembre, 09:00'],
    ['2026-11-30T14:30:00.000Z', 'Lundi 30 novembre, 14:30'],
    ['2027-02-14T20:00:00.000Z', 'Dimanche 14 février, 20:00'],
    ['2026-08-01T08:05:00.000Z', 'Samedi 1er août, 08:05'],
  ])('dates a lesson at %s as %s (Abidjan = UTC)', (instant, label) => {
    expect(lessonTimeLabel(instant)).toBe(label);
  });

  it.each([
    [86_400, '24 heures'],
    [3_600, '1 heure'],
    [1_800, '30 minutes'],
    [60, '1 minute'],
    [45, '45 secondes'],
    [1, '1 seconde'],
  ])('says %i s as %s', (seconds, words) => {
    expect(frenchDelay(seconds)).toBe(words);
  });

  const facts = lessonFacts(image('requested'));
  const content = (details: Parameters<typeof notificationContent>[0], side: Side) => notificationContent(details, side);

  it('writes the subject and the start of the lesson, and links where the user acts', () => {
    expect(lessonLine(facts)).toBe('Cours de mathématiques — Mardi 1er décembre, 09:00');
    expect(content({ kind: 'lesson_requested', facts }, 'tutor')).toEqual({
      title: 'Nouvelle demande de cours',
      body: 'Cours de mathématiques — Mardi 1er décembre, 09:00. Awa Koné attend votre réponse.',
      link: '/cours?lesson=tx-1',
    });
    expect(content({ kind: 'payment_received', facts }, 'parent').body).toBe(
      "Cours de mathématiques — Mardi 1er décembre, 09:00. Nous avons bien reçu votre paiement de 10\u00a0000\u00a0FCFA : il reste bloqué jusqu'après le cours.",
    );
    expect(content({ kind: 'refund_done', facts }, 'parent').body).toBe(
      'Cours de mathématiques — Mardi 1er décembre, 09:00. Votre remboursement de 10\u00a0000\u00a0FCFA a été effectué.',
    );
    const lateCancel = lessonFacts(image('refunded', { cancellation: { by: 'parent', refund: 5000 } }));
    expect(content({ kind: 'refund_done', facts: lateCancel }, 'parent').body).toContain('Votre remboursement de 5\u00a0000\u00a0FCFA');
    expect(content({ kind: 'lesson_cancelled', facts, by: 'tutor' }, 'parent').body).toBe(
      'Cours de mathématiques — Mardi 1er décembre, 09:00. Yao Kouassi a annulé le cours.',
    );
    expect(content({ kind: 'lesson_reminder', facts, secondsBefore: 3600 }, 'tutor')).toMatchObject({
      title: 'Rappel : votre cours commence dans 1 heure',
      body: 'Cours de mathématiques — Mardi 1er décembre, 09:00, avec Awa Koné.',
    });
    expect(content({ kind: 'funds_released', facts }, 'tutor')).toEqual({
      title: 'Paiement libéré',
      body: 'Cours de mathématiques — Mardi 1er décembre, 09:00. 9\u00a0000\u00a0FCFA vous ont été versés.',
      link: '/tutor-revenues',
    });
    expect(content({ kind: 'kyc_rejected', notes: 'Photo floue.' }, 'tutor')).toEqual({
      title: "Vérification d'identité refusée",
      body: "Vos documents n'ont pas été acceptés : Photo floue. Vous pouvez en envoyer de nouveaux.",
      link: '/kyc',
    });
  });

  it('links a booking of the older kind (no slots) to the payments and revenues pages', () => {
    const older = lessonFacts(image('escrow', { course: { subject: 'Anglais' } }));
    expect(content({ kind: 'payment_received', facts: older }, 'parent').link).toBe('/payments');
    expect(content({ kind: 'dispute_opened', facts: older }, 'tutor').link).toBe('/tutor-revenues');
    expect(lessonLine(older)).toBe("Cours d'anglais");
  });
});

describe('the reminders', () => {
  it('are 24 h and 1 h before the start unless LESSON_REMINDER_OFFSETS_SECONDS says otherwise', () => {
    expect(reminderOffsets('')).toEqual([86_400, 3_600]);
    expect(reminderOffsets(undefined)).toEqual([86_400, 3_600]);
    expect(reminderOffsets('20, 10')).toEqual([20, 10]);
    expect(() => reminderOffsets('20,abc')).toThrow(/LESSON_REMINDER_OFFSETS_SECONDS invalide/);
    expect(() => reminderOffsets('0')).toThrow(/invalide/);
  });

  it('are scheduled only while still ahead, at the second, in UTC', () => {
    const now = new Date('2026-12-01T08:30:00.000Z');
    expect(remindersAhead(START, now, [86_400, 3_600])).toEqual([]);
    const earlier = new Date('2026-11-30T08:59:59.000Z');
    expect(remindersAhead(START, earlier, [86_400, 3_600]).map((r) => r.secondsBefore)).toEqual([86_400, 3_600]);
    expect(atExpression(new Date('2026-11-30T09:00:00.000Z'))).toBe('at(2026-11-30T09:00:00)');
  });
});

describe('a package (issue 32): its package-wide moments once, its lessons’ own events per lesson', () => {
  const PKG = 'pkg-1';
  const lesson = (status: TransactionStatus, extra: Partial<TransactionImage> = {}) =>
    image(status, { package_id: PKG, paid_at: '2026-11-25T09:00:00.000Z', ...extra });
  const pkgImage = (status: string, extra: Partial<PackageImage> = {}): PackageImage => ({
    id: PKG,
    status,
    parent_id: 'parent-1',
    parent_name: 'Awa Koné',
    tutor_user_id: 'tutor-1',
    tutor_name: 'Yao Kouassi',
    subject: 'Mathématiques',
    lessons_per_week: 3,
    start_date: '2026-12-01',
    amount_total: 120000,
    lesson_ids: Array.from({ length: 12 }, (_, i) => `tx-${i}`),
    updated_at: '2026-11-25T09:00:01.000Z',
    ...extra,
  });
  /** The ids (`<when>#<ref>`) a change of each of `lessons` lessons gives: one per package and moment. */
  const ids = (from: TransactionStatus, to: TransactionStatus, extra: (i: number) => Partial<TransactionImage>, stoppedAt?: string) =>
    new Set(
      Array.from({ length: 12 }, (_, i) =>
        notificationsOfChange(lesson(from, { id: `tx-${i}` }), lesson(to, { id: `tx-${i}`, ...extra(i) }), stoppedAt).map((n) => `${n.side}:${n.when ?? `tx-${i}`}#${n.ref}`),
      ).flat(),
    );

  it('paid: nothing from its lessons; the package tells the tutor its request and the parent its receipt, once', () => {
    expect(ids('pending', 'requested', () => ({ last_action: 'confirm_payment', updated_at: new Date().toISOString() }))).toEqual(new Set());
    const plan = notificationsOfPackage(pkgImage('pending'), pkgImage('active', { paid_at: '2026-11-25T09:00:00.000Z' }));
    expect(plan.map((n) => [n.side, n.details.kind, n.ref, n.when])).toEqual([
      ['tutor', 'package_requested', `${PKG}#package_requested`, '2026-11-25T09:00:00.000Z'],
      ['parent', 'package_paid', `${PKG}#package_paid`, '2026-11-25T09:00:00.000Z'],
    ]);
    // The same record again, or a later update of the active package (accepted_at, renewal notice): nothing more.
    expect(notificationsOfPackage(pkgImage('active'), pkgImage('active', { paid_at: '2026-11-25T09:00:00.000Z' }))).toEqual([]);
    const request = notificationContent(plan[0]!.details, 'tutor');
    expect(request).toEqual({
      title: 'Nouvelle demande de forfait : 12 cours de mathématiques, 3 par semaine à partir du mardi 1er décembre',
      body: 'Awa Koné a payé le forfait et attend votre réponse.',
      link: `/cours?forfait=${PKG}`,
    });
    expect(notificationContent(plan[1]!.details, 'parent').body).toBe(
      `12 cours de mathématiques, 3 par semaine à partir du mardi 1er décembre. Nous avons bien reçu votre paiement de ${formatFcfa(120000)} : chaque cours n'est versé à Yao Kouassi qu'après avoir eu lieu.`,
    );
  });

  it('accepted or declined by the tutor at one instant: one notification to the parent', () => {
    const at = '2026-11-25T12:00:00.000Z';
    const accepted = ids('requested', 'escrow', () => ({ last_action: 'accept', updated_at: at }));
    expect([...accepted]).toEqual([`parent:${at}#${PKG}#package_accepted`]);
    const declined = ids('requested', 'refund_pending', () => ({ last_action: 'decline', updated_at: at }));
    expect([...declined]).toEqual([`parent:${at}#${PKG}#package_declined`]);
    // Not answered: each lesson's own window declines it at its own instant; the package's payment is the time they share.
    const auto = ids('requested', 'refund_pending', (i) => ({ last_action: 'auto_decline', updated_at: `2026-11-26T09:00:0${i % 10}.000Z` }));
    expect([...auto]).toEqual([`parent:2026-11-25T09:00:00.000Z#${PKG}#package_declined`]);
    const [acceptedPlan] = notificationsOfChange(lesson('requested'), lesson('escrow', { last_action: 'accept' }));
    expect(notificationContent(acceptedPlan!.details, 'parent')).toEqual({
      title: 'Forfait accepté par Yao Kouassi',
      body: 'Vos cours de mathématiques avec Yao Kouassi sont confirmés.',
      link: `/cours?forfait=${PKG}`,
    });
  });

  it('stopped: its lessons’ cancellations and refunds say nothing; the package tells each side once, with the lessons it refunds', () => {
    const stoppedAt = '2026-12-05T10:00:00.000Z';
    const cancelled = { last_action: 'cancel' as const, cancellation: { by: 'parent' as const, at: stoppedAt, refund: 10000 } };
    expect(ids('escrow', 'refund_pending', () => cancelled, stoppedAt)).toEqual(new Set());
    expect(ids('refund_pending', 'refunded', () => ({ ...cancelled, last_action: 'complete_refund' }), stoppedAt)).toEqual(new Set());
    // An open credit refunded by the stop.
    const credit = { reason: 'cancellation', at: '2026-12-01T08:00:00.000Z', rebook_until: '2026-12-08T09:00:00.000Z', refund_at: '2026-12-29T11:00:00.000Z' };
    expect(notificationsOfChange(lesson('refund_pending'), lesson('refunded', { credit, last_action: 'complete_refund' }), stoppedAt)).toEqual([]);
    // A lesson the tutor cancelled before the stop keeps its own refund notice.
    const before = { last_action: 'complete_refund' as const, cancellation: { by: 'tutor' as const, at: '2026-12-02T10:00:00.000Z', refund: 10000 } };
    expect(notificationsOfChange(lesson('refund_pending'), lesson('refunded', before), stoppedAt).map((n) => n.details.kind)).toEqual(['refund_done']);

    const lessons: Array<Partial<TransactionImage> & { status: TransactionStatus }> = [
      { status: 'released' },
      { status: 'refunded', ...before },
      { status: 'refund_pending', ...cancelled },
      { status: 'refunded', ...cancelled },
      { status: 'escrow', course: { subject: 'Mathématiques', scheduled_date: '2026-12-20T10:00:00.000Z' } },
      { status: 'escrow', course: { subject: 'Mathématiques', scheduled_date: '2026-12-05T09:00:00.000Z' } },
      { status: 'credited', credit },
    ];
    expect(lessonsStopped(lessons.map((extra) => lesson(extra.status, extra)), stoppedAt)).toBe(4);
    const plan = notificationsOfPackage(pkgImage('active'), pkgImage('stopped', { stopped_at: stoppedAt }), 4);
    expect(plan.map((n) => [n.side, n.details.kind, n.ref, n.when])).toEqual([
      ['parent', 'package_stopped', `${PKG}#package_stopped`, stoppedAt],
      ['tutor', 'package_stopped', `${PKG}#package_stopped`, stoppedAt],
    ]);
    expect(notificationContent(plan[0]!.details, 'parent').title).toBe('Forfait arrêté : 4 cours remboursés');
    expect(notificationContent(plan[1]!.details, 'tutor')).toEqual({
      title: 'Forfait arrêté : 4 cours annulés',
      body: 'Awa Koné a arrêté son forfait : les cours de mathématiques à venir sont annulés. Les cours déjà donnés vous restent acquis.',
      link: `/cours?forfait=${PKG}`,
    });
  });

  it('a lesson’s own later events keep their per-lesson notifications', () => {
    const own = (from: TransactionStatus, to: TransactionStatus, extra: Partial<TransactionImage>, stoppedAt?: string) =>
      notificationsOfChange(lesson(from), lesson(to, extra), stoppedAt).map((n) => `${n.side}:${n.details.kind}:${n.ref}`);
    expect(own('escrow', 'released', { last_action: 'release' })).toEqual(['tutor:funds_released:tx-1#funds_released', 'parent:funds_released:tx-1#funds_released']);
    expect(own('escrow', 'disputed', { last_action: 'report_problem' })).toEqual(['parent:dispute_opened:tx-1#dispute_opened', 'tutor:dispute_opened:tx-1#dispute_opened']);
    // Cancelled alone (late band, or by the tutor) while the package runs.
    expect(own('escrow', 'refund_pending', { last_action: 'cancel', cancellation: { by: 'tutor', at: '2026-12-02T10:00:00.000Z' } })).toEqual(['parent:lesson_cancelled:tx-1#lesson_cancelled']);
    expect(own('refund_pending', 'refunded', { last_action: 'complete_refund', cancellation: { by: 'parent', at: '2026-12-02T10:00:00.000Z' } })).toEqual(['parent:refund_done:tx-1#refund_done']);
    expect(
      notificationsOfChange(lesson('escrow'), lesson('escrow', { course: { subject: 'Mathématiques', scheduled_date: START, moved_at: '2026-11-28T10:00:00.000Z' } })).map((n) => n.details.kind),
    ).toEqual(['lesson_moved']);
  });
});
