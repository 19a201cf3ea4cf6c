import { describe, expect, it } from 'vitest';
import { TRANSACTION_STATUSES, type TransactionStatus } from '#shared/transaction-process';
import { ANONYMISED, anonymisationOf, inFlightDetail, moneyInFlight, type MoneyRecord } from '../../functions/src/account/rules.js';

const tx = (over: Partial<MoneyRecord> = {}): MoneyRecord => ({
  id: 'tx-1',
  status: 'released',
  description: 'Mathématiques (Lycée) avec Koffi Yao — 2 h',
  parent_id: 'parent-1',
  parent_name: 'Aminata Koné',
  email: 'aminata@exemple.ci',
  phone_number: '+2250700000000',
  tutor_user_id: 'tutor-1',
  tutor_name: 'Koffi Yao',
  course: { notes: 'Au 2e étage, porte bleue', subject: 'Mathématiques', level: 'Lycée', duration_hours: 2 },
  ...over,
});

describe('which transactions keep an account from being deleted', () => {
  it('every status but the final ones: pending, requested, escrow, disputed, refund_pending, needs_attention', () => {
    const blocking = moneyInFlight(TRANSACTION_STATUSES.map((status) => tx({ id: status, status }))).map((t) => t.status);
    expect(blocking.sort()).toEqual(['disputed', 'escrow', 'needs_attention', 'pending', 'refund_pending', 'requested'] satisfies TransactionStatus[]);
  });

  it('says which transaction and where it stands, in French', () => {
    expect(inFlightDetail(tx({ status: 'escrow' }))).toEqual({ path: 'transactions.tx-1', message: 'Mathématiques (Lycée) avec Koffi Yao — 2 h : En escrow' });
  });
});

describe('what of a kept transaction is anonymised', () => {
  it("the parent's name, email, phone and note, when the parent leaves; nothing of the tutor", () => {
    expect(anonymisationOf(tx(), 'parent-1')).toEqual({ parent_name: ANONYMISED, email: ANONYMISED, phone_number: null, notes: null });
  });

  it("the tutor's name, in the record and in the description, when the tutor leaves", () => {
    expect(anonymisationOf(tx(), 'tutor-1')).toEqual({ tutor_name: ANONYMISED, description: `Mathématiques (Lycée) avec ${ANONYMISED} — 2 h` });
    // A booking whose description is derived: the tutor's name alone changes, and the words follow it.
    expect(anonymisationOf(tx({ description: undefined }), 'tutor-1')).toEqual({ tutor_name: ANONYMISED });
    expect(inFlightDetail(tx({ description: undefined, tutor_name: ANONYMISED, status: 'requested' })).message).toBe(
      `Cours de mathématiques (Lycée) avec ${ANONYMISED} — 2 h : En attente de confirmation`,
    );
  });

  it('nothing twice: an anonymised record asks for no change (a retried deletion)', () => {
    const done = tx({ parent_name: ANONYMISED, email: ANONYMISED, phone_number: undefined, course: { subject: 'Mathématiques', level: 'Lycée', duration_hours: 2 } });
    expect(anonymisationOf(done, 'parent-1')).toEqual({});
    expect(anonymisationOf(tx({ tutor_name: ANONYMISED }), 'tutor-1')).toEqual({});
  });

  it("nothing for someone who is neither the parent nor the tutor", () => {
    expect(anonymisationOf(tx(), 'someone-else')).toEqual({});
  });
});
