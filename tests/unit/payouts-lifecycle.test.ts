/**
 * The payouts' money rules on the pure functions (functions/src/payouts/lifecycle.ts, whose rules
 * settle.ts writes with): 1 000 random histories of releases, withdrawals and provider outcomes;
 * the KYC-name comparison; the order of the refusals of 'Retirer'.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { IN_FLIGHT_PAYOUT_STATUSES, quotePayout } from '#shared/payouts';
import { accounts, balances, isBalanced } from '../../functions/src/escrow/ledger.js';
import { deposit, emptyBooks, settle, withdraw, type Books, type PayoutStep } from '../../functions/src/payouts/lifecycle.js';
import { payoutLedgerLines } from '../../functions/src/payouts/ledger.js';
import { blockedReason } from '../../functions/src/payouts/views.js';
import { normalisedName } from '../../functions/src/payouts/wallet-api.js';

const STEPS: PayoutStep[] = ['send', 'pay', 'fail', 'reverse', 'cancel', 'flag'];

type Op = { kind: 'release'; share: number } | { kind: 'withdraw'; amount: number } | { kind: 'step'; step: PayoutStep; which: number };

function check(books: Books) {
  const perOwner = new Map<string, Books['ledger']>();
  for (const line of books.ledger) perOwner.set(line.owner, [...(perOwner.get(line.owner) ?? []), line]);
  for (const lines of perOwner.values()) expect(isBalanced(lines)).toBe(true);
  const tutor = 0 - (balances(books.ledger).get(accounts.tutor(books.tutorUserId)) ?? 0);
  expect(books.wallet.available).toBe(tutor);
  expect(books.wallet.available).toBeGreaterThanOrEqual(0);
  const payouts = Object.values(books.payouts);
  expect(books.wallet.in_flight).toBe(payouts.filter((p) => IN_FLIGHT_PAYOUT_STATUSES.includes(p.status)).reduce((sum, p) => sum + p.amount, 0));
  expect(books.wallet.paid_out).toBe(payouts.filter((p) => p.status === 'paid').reduce((sum, p) => sum + p.net, 0));
  return perOwner;
}

describe('payout lifecycle (pure)', () => {
  it('every movement balances, and each is written once', () => {
    const parties = { payoutId: 'p', tutorUserId: 't', provider: 'cinetpay' as const, ...quotePayout('orange', 10_000) };
    for (const movement of ['withdrawal', 'payout_paid', 'payout_returned', 'payout_reversed'] as const) {
      expect(isBalanced(payoutLedgerLines(movement, parties))).toBe(true);
    }
    expect(() => payoutLedgerLines('withdrawal', { ...parties, fee: parties.fee + 1 })).toThrow(RangeError);
  });

  it('keeps every ledger balanced and every wallet equal to it over 1 000 random histories', () => {
    let lines = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('release' as const), share: fc.integer({ min: 100, max: 30_000 }) }),
            fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 1_000, max: 20_000 }) }),
            fc.record({ kind: fc.constant('step' as const), step: fc.constantFrom(...STEPS), which: fc.nat() }),
          ) as fc.Arbitrary<Op>,
          { maxLength: 40 },
        ),
        (ops) => {
          let books = emptyBooks('tutor');
          let n = 0;
          for (const op of ops) {
            if (op.kind === 'release') books = deposit(books, `tx${n++}`, 'release', op.share, Math.round(op.share / 9));
            else if (op.kind === 'withdraw') {
              const result = withdraw(books, { id: `p${n++}`, provider: 'cinetpay', ...quotePayout('orange', op.amount) });
              if (result.ok) books = result.books;
              else expect(result.reason === 'insufficient' ? books.wallet.available < op.amount : true).toBe(true);
            } else {
              const ids = Object.keys(books.payouts);
              if (!ids.length) continue;
              const id = ids[op.which % ids.length]!;
              const before = books;
              const applied = settle(books, id, op.step);
              books = applied.books;
              // A step applied twice changes nothing the second time.
              expect(settle(books, id, op.step).books).toBe(books);
              if (!applied.applied) expect(books).toBe(before);
            }
            check(books);
          }
          lines += books.ledger.length;
        },
      ),
      { numRuns: 1_000 },
    );
    console.info(`[payouts-lifecycle] 1 000 histoires, ${lines} lignes vérifiées`);
  });
});

describe('the holder name against the KYC name', () => {
  it.each([
    ['Awa Koné', 'KONE awa', true],
    ['Kouassi Jean-Marc', 'jean marc KOUASSI', true],
    ['Aïcha Traoré', 'aicha traore', true],
    ['Awa Koné', 'Awa Konaté', false],
    ['Awa Koné', 'Awa', false],
  ])('%s ~ %s: %s', (kyc, holder, same) => {
    expect(normalisedName(kyc) === normalisedName(holder)).toBe(same);
  });
});

describe("why 'Retirer' is refused, in order", () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const ok = { kycApproved: true, wallet: { releases: 1, current_payout_id: undefined }, destination: { status: 'active' as const, hold_until: '2026-11-20T00:00:00Z' }, now };
  it.each([
    [{ ...ok, kycApproved: false, wallet: null }, messages.payouts.kycRequired],
    [{ ...ok, wallet: { releases: 0 }, destination: null }, messages.payouts.firstLessonRequired],
    [{ ...ok, destination: null }, messages.payouts.destinationRequired],
    [{ ...ok, destination: { ...ok.destination, status: 'review' as const } }, messages.payouts.destinationInReview],
    [{ ...ok, destination: { ...ok.destination, status: 'rejected' as const } }, messages.payouts.destinationRejected],
    [{ ...ok, destination: { ...ok.destination, status: 'failed' as const } }, messages.payouts.destinationFailed],
    [{ ...ok, destination: { ...ok.destination, hold_until: '2026-11-28T00:00:00Z' }, wallet: { releases: 1, current_payout_id: 'x' } }, expect.stringContaining('48 h')],
    [{ ...ok, wallet: { releases: 1, current_payout_id: 'x' } }, messages.payouts.payoutInFlight],
    [ok, null],
  ])('%#', (gates, reason) => {
    expect(blockedReason(gates as never)).toEqual(reason);
  });
});
