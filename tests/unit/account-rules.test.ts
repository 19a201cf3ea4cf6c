import { describe, expect, it } from 'vitest';
import { TRANSACTION_STATUSES, type TransactionStatus } from '#shared/transaction-process';
import { ANONYMISED, anonymisationOf, inFlightDetail, moneyInFlight, type MoneyRecord } from '../../functions/src/account/rules.js';
import { withoutNames } from '../../functions/src/notifications/anonymise.js';
import { sourceOfNotification } from '../../functions/src/notifications/entities.js';

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
  it('every status but the final ones: pending, requested, escrow, disputed, refund_pending, needs_attention, credited', () => {
    const blocking = moneyInFlight(TRANSACTION_STATUSES.map((status) => tx({ id: status, status }))).map((t) => t.status);
    expect(blocking.sort()).toEqual(['credited', 'disputed', 'escrow', 'needs_attention', 'pending', 'refund_pending', 'requested'] satisfies TransactionStatus[]);
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

describe("the other side's notifications, once an account is deleted", () => {
  const released = { title: 'Paiement versé au répétiteur', body: 'Cours de mathématiques. Le paiement a été versé à Koffi Yao.' };

  it('lose every mention of the name, in the title and the body', () => {
    expect(withoutNames(released, ['Koffi Yao'], ANONYMISED)).toEqual({ ...released, body: 'Cours de mathématiques. Le paiement a été versé à Compte supprimé.' });
    const reminder = { title: 'Rappel : Koffi Yao vous attend', body: 'Cours de mathématiques, avec Koffi Yao. Koffi Yao arrive.' };
    expect(withoutNames(reminder, ['Koffi Yao'], ANONYMISED)).toEqual({
      title: 'Rappel : Compte supprimé vous attend',
      body: 'Cours de mathématiques, avec Compte supprimé. Compte supprimé arrive.',
    });
  });

  it('are left alone when they name nobody of them (a retry, a notification about something else)', () => {
    expect(withoutNames(released, ['Aminata Koné'], ANONYMISED)).toBeNull();
    expect(withoutNames(released, [''], ANONYMISED)).toBeNull();
    expect(withoutNames({ ...released, body: 'Le paiement a été versé à Compte supprimé.' }, ['Koffi Yao'], ANONYMISED)).toBeNull();
  });

  it("are found by the transaction their id names ('<when>#<transaction>#<kind>…')", () => {
    expect(sourceOfNotification('2026-11-27T08:00:00.000Z#tx-1#funds_released')).toBe('tx-1');
    expect(sourceOfNotification('2026-11-27T08:00:00.000Z#tx-1#lesson_reminder#3600')).toBe('tx-1');
  });
});
