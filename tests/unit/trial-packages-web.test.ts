/**
 * The pure parts of issue 32's parent screens: Mes Paiements shows a package as ONE payment (its
 * lessons not again as single payments) and counts payments, not lessons; the booking dialog says
 * 'Premier cours' only when no earlier lesson with the tutor was paid; the guarantee's sentences
 * come from its data (TRIAL_GUARANTEE, guaranteeTutorShare).
 */
import { commissionOf } from '#shared/money';
import { TRIAL_GUARANTEE, type PackageView } from '#shared/package-schemas';
import type { TransactionView } from '#shared/payments-schemas';
import { describe, expect, it } from 'vitest';
import { isFirstLessonWith, packageIdOf, packageOfReference, paymentsOf } from '../../web/src/features/payments/payment-list';
import { allowanceLabel, guaranteeTerms, tutorGuaranteeRule } from '../../web/src/lib/guarantee-wording';

const PKG = '11111111-2222-4333-8444-555555555555';

function tx(id: string, overrides: Partial<TransactionView> = {}): TransactionView {
  return {
    id,
    invoice_number: id.slice(0, 8).toUpperCase(),
    reference: `kalan-${id}`,
    amount_total: 4000,
    amount_tutor: 3600,
    commission_amount: 400,
    hourly_rate: 4000,
    status: 'escrow',
    payment_method: 'card',
    description: 'Cours',
    created_at: '2026-11-01T10:00:00.000Z',
    paid_at: '2026-11-01T10:05:00.000Z',
    parent_id: 'parent',
    parent_name: 'Awa Traoré',
    tutor_id: 'tutor-a',
    tutor_user_id: 'tutor-a-user',
    tutor_name: 'Yao Kouamé',
    courses: [],
    ...overrides,
  };
}

function pkg(overrides: Partial<PackageView> = {}): PackageView {
  return {
    id: PKG,
    status: 'active',
    status_label: 'En cours',
    tutor_id: 'tutor-a',
    tutor_name: 'Yao Kouamé',
    parent_name: 'Awa Traoré',
    subject: 'Informatique',
    level: 'Lycée (2nde-Tle)',
    duration_hours: 1,
    lessons_per_week: 3,
    slots: [],
    start_date: '2026-11-02',
    end: '2026-11-28T17:00:00.000Z',
    discount_percent: 10,
    lesson_price: 3600,
    amount_total: 43_200,
    reference: `kalan-pkg-${PKG}`,
    invoice_number: 'PKG11111',
    created_at: '2026-11-01T12:00:00.000Z',
    paid_at: '2026-11-01T12:05:00.000Z',
    amounts: { released: 3600, refunded: 0, credit: 0, held: 39_600 },
    counts: { lessons: 12, done: 1, upcoming: 11, cancelled: 0 },
    lessons: [],
    renewal_open: false,
    ...overrides,
  };
}

const packageLesson = (n: number) =>
  tx(`aaaaaaaa-0000-4000-8000-00000000000${n}`, { reference: `kalan-pkg-${PKG}`, created_at: '2026-11-01T12:00:00.000Z', amount_total: 3600 });

describe('Mes Paiements with a package', () => {
  it("lists a package once and none of its lessons as single payments, newest first", () => {
    const single = tx('bbbbbbbb-0000-4000-8000-000000000001', { status: 'released', created_at: '2026-10-20T08:00:00.000Z' });
    const { payments, summary } = paymentsOf([packageLesson(1), packageLesson(2), single, packageLesson(3)], [pkg()]);
    expect(payments.map((p) => (p.kind === 'package' ? `package:${p.pkg.id}` : `tx:${p.transaction.id}`))).toEqual([`package:${PKG}`, `tx:${single.id}`]);
    expect(summary).toEqual({ total: 2, in_escrow: 1, released: 1 });
  });

  it('knows a lesson of a package by its package_id, or else by the package reference it was paid with', () => {
    expect(packageIdOf(packageLesson(1))).toBe(PKG);
    expect(packageIdOf({ ...tx('cccccccc-0000-4000-8000-000000000001'), package_id: PKG })).toBe(PKG);
    expect(packageIdOf(tx('cccccccc-0000-4000-8000-000000000002'))).toBeUndefined();
    expect(packageOfReference(`kalan-pkg-${PKG}`)).toBe(PKG);
    expect(packageOfReference('kalan-cccccccc-0000-4000-8000-000000000002')).toBeUndefined();
  });

  it('counts a package fully paid out as released, and an unpaid one neither held nor released', () => {
    const done = pkg({ status: 'completed', amounts: { released: 39_600, refunded: 3600, credit: 0, held: 0 } });
    expect(paymentsOf([], [done]).summary).toEqual({ total: 1, in_escrow: 0, released: 1 });
    const unpaid = pkg({ status: 'pending', paid_at: undefined, amounts: { released: 0, refunded: 0, credit: 0, held: 0 } });
    expect(paymentsOf([], [unpaid]).summary).toEqual({ total: 1, in_escrow: 0, released: 0 });
  });
});

describe("'Premier cours' before paying", () => {
  it('is a first lesson when no lesson with this tutor was paid, whatever happened with others', () => {
    expect(isFirstLessonWith('tutor-a', [])).toBe(true);
    expect(isFirstLessonWith('tutor-a', [tx('d1', { tutor_id: 'tutor-b' })])).toBe(true);
    // A booking never paid (failed, or still waiting for the payment) does not count.
    expect(isFirstLessonWith('tutor-a', [tx('d2', { status: 'failed', paid_at: undefined }), tx('d3', { status: 'pending', paid_at: undefined })])).toBe(true);
  });

  it('is not a first lesson once a lesson with this tutor was paid (held, released or refunded since)', () => {
    expect(isFirstLessonWith('tutor-a', [tx('e1', { status: 'escrow' })])).toBe(false);
    expect(isFirstLessonWith('tutor-a', [tx('e2', { status: 'released' })])).toBe(false);
    expect(isFirstLessonWith('tutor-a', [tx('e3', { status: 'refunded' })])).toBe(false);
  });
});

describe("the guarantee's words", () => {
  it("says the guarantee's window and yearly count from its data", () => {
    expect(guaranteeTerms()).toBe(
      "Premier cours garanti : s'il ne convient pas, dites-le dans les 24\u00a0h après le cours : remboursement intégral ou un autre répétiteur offert (2 fois par an).",
    );
    expect(guaranteeTerms({ ...TRIAL_GUARANTEE, claim_window_hours: 48, max_per_year: 1 })).toContain('dans les 48\u00a0h après le cours');
    expect(guaranteeTerms({ ...TRIAL_GUARANTEE, max_per_year: 1 })).toContain('(une fois par an)');
  });

  it('says what is left this year, and when nothing is', () => {
    expect(allowanceLabel({ year: 2026, used: 0, remaining: 2 })).toBe('Il vous reste 2 garanties sur 2 cette année.');
    expect(allowanceLabel({ year: 2026, used: 1, remaining: 1 })).toBe('Il vous reste 1 garantie sur 2 cette année.');
    expect(allowanceLabel({ year: 2026, used: 2, remaining: 0 })).toMatch(/déjà utilisé la garantie 2 fois cette année/);
  });

  it("tells the tutor half of their share of the first hour, paid by Kalan", () => {
    const share = Math.round(((4000 - commissionOf(4000)) * 50) / 100);
    expect(tutorGuaranteeRule(4000)).toBe(
      `Premier cours avec ce parent : s'il fait jouer la garantie, vous recevez 50\u00a0% de votre part de la première heure (${share.toLocaleString('fr-FR').replace(/\u202f/g, '\u00a0')}\u00a0FCFA), payés par Kalan.`,
    );
  });
});
