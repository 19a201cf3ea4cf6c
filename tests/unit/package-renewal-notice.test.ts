/**
 * The renewal notice of a package (issue 32), as words and as a time: the French text names the
 * tutor (to the parent) or the parent (to the tutor) and the last lesson's date, and links to the
 * package's lessons; the schedule fires RENEWAL_NOTICE_DAYS before the end, never in the past.
 */
import { describe, expect, it } from 'vitest';
import { notificationContent } from '#shared/notifications';
import { messages } from '#shared/messages';
import { renewalNoticeAt, renewalScheduleName } from '../../functions/src/packages/renewal-notice.js';

const details = { kind: 'package_renewal' as const, packageId: 'c0ffee00-0000-4000-8000-000000000001', tutorName: 'Yao Kouassi', parentName: 'Awa Diallo', lastLessonStart: '2026-12-01T09:00:00.000Z' };

describe('the words of the renewal notice', () => {
  it('tells the parent the tutor and the last lesson, with the way to renew', () => {
    expect(notificationContent(details, 'parent')).toEqual({
      title: messages.packages.renewalTitle,
      body: 'Le forfait avec Yao Kouassi se termine avec le cours du mardi 1er décembre à 09:00. Renouvelez-le pour garder les mêmes créneaux les 4 semaines suivantes.',
      link: '/cours?forfait=c0ffee00-0000-4000-8000-000000000001',
    });
  });

  it('tells the tutor the parent and the last lesson', () => {
    expect(notificationContent(details, 'tutor').body).toBe(
      'Le forfait de Awa Diallo se termine avec le cours du mardi 1er décembre à 09:00. Le parent peut le renouveler sur les mêmes créneaux.',
    );
  });
});

describe('when the renewal notice goes', () => {
  it('a week before the end, in a schedule named after the package (≤ 64 characters)', () => {
    const now = new Date('2026-11-01T12:00:00.000Z');
    expect(renewalNoticeAt('2026-12-01T10:00:00.000Z', now).toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(renewalScheduleName(details.packageId)).toBe(`package-renewal-${details.packageId}`);
    expect(renewalScheduleName(details.packageId).length).toBeLessThanOrEqual(64);
  });

  it('at once (the next second) when that week has already begun', () => {
    const now = new Date('2026-11-28T12:00:00.400Z');
    expect(renewalNoticeAt('2026-12-01T10:00:00.000Z', now).toISOString()).toBe('2026-11-28T12:00:02.000Z');
  });
});
