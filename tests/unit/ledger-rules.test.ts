/**
 * The books of a transaction (functions/src/escrow/ledger.ts and lifecycle.ts): the exact lines
 * each money movement writes, which action moves which money, and the pure lifecycle that refuses
 * a step the table forbids or a movement already written.
 */
import { describe, expect, it } from 'vitest';
import { movementOf, TRANSACTION_ACTIONS } from '#shared/transaction-process';
import { accounts, balances, isBalanced, ledgerLinesFor, type LedgerParties } from '../../functions/src/escrow/ledger.js';
import { initialState, step } from '../../functions/src/escrow/lifecycle.js';

const parties: LedgerParties = {
  transactionId: 'tx-1',
  parentId: 'parent-1',
  tutorUserId: 'tutor-1',
  amountTotal: 10_500,
  amountTutor: 9_450,
  commission: 1_050,
};

describe('the lines of each movement', () => {
  it('payment: Paystack holds the money for us, owed to the escrow of the transaction', () => {
    expect(ledgerLinesFor('payment', parties)).toEqual([
      { line: 'payment#1', movement: 'payment', account: 'paystack:clearing', debit: 10_500, credit: 0 },
      { line: 'payment#2', movement: 'payment', account: 'escrow:tx-1', debit: 0, credit: 10_500 },
    ]);
  });

  it("release: the escrow pays the tutor's share and the platform's commission", () => {
    expect(ledgerLinesFor('release', parties)).toEqual([
      { line: 'release#1', movement: 'release', account: 'escrow:tx-1', debit: 10_500, credit: 0 },
      { line: 'release#2', movement: 'release', account: 'tutor:tutor-1', debit: 0, credit: 9_450 },
      { line: 'release#3', movement: 'release', account: 'platform:commission', debit: 0, credit: 1_050 },
    ]);
  });

  it('refund: the escrow gives the whole amount back to the parent', () => {
    expect(ledgerLinesFor('refund', parties)).toEqual([
      { line: 'refund#1', movement: 'refund', account: 'escrow:tx-1', debit: 10_500, credit: 0 },
      { line: 'refund#2', movement: 'refund', account: 'parent:parent-1', debit: 0, credit: 10_500 },
    ]);
  });

  it('names the accounts of the chart', () => {
    expect(accounts.paystackClearing).toBe('paystack:clearing');
    expect(accounts.commission).toBe('platform:commission');
    expect([accounts.escrow('t'), accounts.tutor('u'), accounts.parent('p')]).toEqual(['escrow:t', 'tutor:u', 'parent:p']);
  });

  it("compensation (a lesson cancelled late): the escrow pays the tutor's share of it and its commission; the refund gives back the rest", () => {
    const late = { ...parties, compensation: { tutor: 4_725, commission: 525 } };
    expect(ledgerLinesFor('compensation', late)).toEqual([
      { line: 'compensation#1', movement: 'compensation', account: 'escrow:tx-1', debit: 5_250, credit: 0 },
      { line: 'compensation#2', movement: 'compensation', account: 'tutor:tutor-1', debit: 0, credit: 4_725 },
      { line: 'compensation#3', movement: 'compensation', account: 'platform:commission', debit: 0, credit: 525 },
    ]);
    expect(ledgerLinesFor('refund', late)).toEqual([
      { line: 'refund#1', movement: 'refund', account: 'escrow:tx-1', debit: 5_250, credit: 0 },
      { line: 'refund#2', movement: 'refund', account: 'parent:parent-1', debit: 0, credit: 5_250 },
    ]);
    // The edges are amounts too: all of it kept, no commission on it, nothing kept.
    expect(ledgerLinesFor('refund', { ...parties, compensation: { tutor: 9_450, commission: 1_050 } })[0]!.debit).toBe(0);
    expect(ledgerLinesFor('compensation', { ...parties, compensation: { tutor: 100, commission: 0 } })[0]!.debit).toBe(100);
    expect(ledgerLinesFor('compensation', { ...parties, compensation: { tutor: 0, commission: 0 } })[0]!.debit).toBe(0);
  });

  it('refuses a compensation that is not whole, positive and within the total, and one without amounts', () => {
    const refused = [
      { tutor: -1, commission: 525 },
      { tutor: 4_725, commission: -1 },
      { tutor: 4_725.5, commission: 525 },
      { tutor: 4_725, commission: 0.5 },
      { tutor: 9_451, commission: 1_050 },
    ];
    for (const compensation of refused) {
      for (const movement of ['compensation', 'refund'] as const) {
        expect(() => ledgerLinesFor(movement, { ...parties, compensation }), JSON.stringify(compensation)).toThrow(
          new RangeError(`Dédommagement incohérent : ${compensation.tutor} + ${compensation.commission} > 10500`),
        );
      }
    }
    expect(() => ledgerLinesFor('compensation', parties)).toThrow(new RangeError('Dédommagement sans montant'));
  });

  it('refuses a split where share + commission is not the total', () => {
    for (const movement of ['payment', 'release', 'refund'] as const) {
      expect(() => ledgerLinesFor(movement, { ...parties, commission: 1_049 })).toThrow(
        new RangeError('Répartition incohérente : 9450 + 1049 ≠ 10500'),
      );
    }
  });
});

describe('which action moves money', () => {
  it('confirming a payment, releasing (by hand or automatically), completing a refund, spending a credit and claiming the guarantee; nothing else', () => {
    const expected: Record<string, string | null> = {
      confirm_payment: 'payment',
      release: 'release',
      auto_release: 'release',
      complete_refund: 'refund',
      // Issue 32: a credit spent moves its money to the parent's credit; a claimed guarantee pays the tutor's share.
      use_credit: 'transfer',
      use_credit_partly: 'transfer',
      claim_guarantee_refund: 'guarantee',
      claim_guarantee_credit: 'guarantee',
    };
    for (const action of TRANSACTION_ACTIONS) expect(movementOf(action), action).toBe(expected[action] ?? null);
  });
});

describe('balances', () => {
  it('adds debits and subtracts credits per account', () => {
    const books = [...ledgerLinesFor('payment', parties), ...ledgerLinesFor('release', parties)];
    expect(Object.fromEntries(balances(books))).toEqual({
      'paystack:clearing': 10_500,
      'escrow:tx-1': 0,
      'tutor:tutor-1': -9_450,
      'platform:commission': -1_050,
    });
  });

  it('holds when every movement balances, and fails when any one does not', () => {
    const books = [...ledgerLinesFor('payment', parties), ...ledgerLinesFor('refund', parties)];
    expect(isBalanced(books)).toBe(true);
    expect(isBalanced([])).toBe(true);
    // Two movements that offset each other are still two unbalanced movements.
    expect(
      isBalanced([
        { movement: 'payment', debit: 100, credit: 0 },
        { movement: 'refund', debit: 0, credit: 100 },
      ]),
    ).toBe(false);
    expect(isBalanced([...books, { movement: 'release', debit: 1, credit: 0 }])).toBe(false);
  });

  it('refuses negative and fractional amounts even when they add up', () => {
    expect(isBalanced([{ movement: 'payment', debit: -5, credit: -5 }])).toBe(false);
    expect(isBalanced([{ movement: 'payment', debit: 5, credit: 5 }, { movement: 'payment', debit: 0, credit: -0.5 }, { movement: 'payment', debit: -0.5, credit: 0 }])).toBe(false);
    expect(isBalanced([{ movement: 'payment', debit: 0.5, credit: 0.5 }])).toBe(false);
    expect(isBalanced([{ movement: 'payment', debit: -1, credit: 0 }, { movement: 'payment', debit: 0, credit: -1 }])).toBe(false);
    expect(isBalanced([{ movement: 'payment', debit: 1, credit: 0 }, { movement: 'payment', debit: 0, credit: 1 }])).toBe(true);
  });

  it('refuses a fractional amount on one side of a line, the other side being whole', () => {
    // 0.5 debited on one line, 0.5 credited on another: the movement adds up to zero.
    expect(isBalanced([{ movement: 'payment', debit: 0.5, credit: 0 }, { movement: 'payment', debit: 0, credit: 0.5 }])).toBe(false);
    expect(isBalanced([{ movement: 'payment', debit: 0, credit: 0.5 }, { movement: 'payment', debit: 0.5, credit: 0 }])).toBe(false);
  });

  it('refuses a negative debit, or a negative credit, offset by a positive one on another line', () => {
    expect(isBalanced([{ movement: 'release', debit: -5, credit: 0 }, { movement: 'release', debit: 5, credit: 0 }])).toBe(false);
    expect(isBalanced([{ movement: 'release', debit: 0, credit: -5 }, { movement: 'release', debit: 0, credit: 5 }])).toBe(false);
  });
});

describe('the pure lifecycle', () => {
  it('starts pending with empty books', () => {
    expect(initialState()).toEqual({ status: 'pending', ledger: [] });
  });

  it('applies an allowed step whole: the new status and the lines of its movement', () => {
    const paid = step(initialState(), 'confirm_payment', 'system', parties);
    expect(paid).toEqual({ ok: true, state: { status: 'escrow', ledger: ledgerLinesFor('payment', parties) } });
    if (!paid.ok) return;
    // A step without a movement changes the status only.
    expect(step(paid.state, 'dispute', 'parent', parties)).toEqual({ ok: true, state: { status: 'disputed', ledger: paid.state.ledger } });
  });

  it('refuses what the table forbids, and a movement already in the books', () => {
    expect(step(initialState(), 'release', 'parent', parties)).toEqual({ ok: false, reason: 'not_allowed' });
    const released = { status: 'escrow' as const, ledger: [...ledgerLinesFor('payment', parties), ...ledgerLinesFor('release', parties)] };
    expect(step(released, 'release', 'admin', parties)).toEqual({ ok: false, reason: 'duplicate_movement' });
    expect(step(released, 'refund', 'admin', parties)).toMatchObject({ ok: true, state: { status: 'refund_pending' } });
  });
});
