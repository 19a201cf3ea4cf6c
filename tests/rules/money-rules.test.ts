/**
 * The money rules through the real workflow and engines: a low rating freezes the funds, a
 * refund asks Paystack for exactly what was paid, a payment Paystack does not confirm as ours is
 * never escrowed, and a transaction or its invoice is read only by those it belongs to.
 */
import { describe, expect, it } from 'vitest';
import type { Role } from '#shared/constants';
import {
  book,
  bookAndPay,
  call,
  chargeSuccess,
  disputeOf,
  expectBalanced,
  ledgerOf,
  newPerson,
  newTutor,
  postWebhook,
  sandbox,
  sign,
  transaction,
  untilStatus,
  untilWaiting,
  type Person,
} from './harness.js';

describe('ratings and disputes', () => {
  it.each([
    [1, true],
    [2, true],
    [3, false],
    [5, false],
  ])('a rating of %i while the funds are held opens a dispute: %s', async (rating, disputed) => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const { id } = await bookAndPay(parent, tutor);
    const response = await call('rateCourse', parent, { params: { id }, body: { rating, review: 'Avis du parent' } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.dispute).toBe(disputed);

    const tx = await transaction(id);
    expect(tx.status).toBe(disputed ? 'disputed' : 'escrow');
    expect(tx.course.parent_rating).toBe(rating);
    const dispute = await disputeOf(id);
    if (disputed) {
      expect(dispute).toMatchObject({ status: 'open', rating, parent_id: parent.userId, tutor_user_id: tutor.userId });
      // Frozen: the parent can no longer release or refund; only an admin decides.
      const release = await call('decideEscrow', parent, { params: { id }, body: { action: 'release' } });
      expect(release.status).toBe(409);
      expect((await transaction(id)).status).toBe('disputed');
    } else {
      expect(dispute).toBeUndefined();
    }
    expect((await ledgerOf(id)).filter((line) => line.movement !== 'payment')).toEqual([]);
  });

  it('records a low rating after the release as a dispute for the admins, without moving money', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const { id } = await bookAndPay(parent, tutor);
    expect((await call('decideEscrow', parent, { params: { id }, body: { action: 'release' } })).status).toBe(200);
    const response = await call('rateCourse', parent, { params: { id }, body: { rating: 1 } });
    expect(response.body.dispute).toBe(true);
    expect((await transaction(id)).status).toBe('released');
    expect(await disputeOf(id)).toMatchObject({ status: 'open', rating: 1 });
    expect((await ledgerOf(id)).filter((line) => line.movement === 'release')).toHaveLength(3);
  });

  it('accepts one rating per lesson', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const { id } = await bookAndPay(parent, tutor);
    expect((await call('rateCourse', parent, { params: { id }, body: { rating: 4 } })).status).toBe(200);
    const again = await call('rateCourse', parent, { params: { id }, body: { rating: 1 } });
    expect(again.status).toBe(409);
    expect((await transaction(id)).status).toBe('escrow');
    expect(await disputeOf(id)).toBeUndefined();
  });

  it('lets an admin settle a dispute by a refund, which closes it', async () => {
    const [parent, tutor, admin] = await Promise.all([newPerson('parent'), newTutor(), newPerson('admin')]);
    const { id, reference } = await bookAndPay(parent, tutor);
    await call('rateCourse', parent, { params: { id }, body: { rating: 2 } });
    const decision = await call('decideEscrow', admin, { params: { id }, body: { action: 'refund', adminNotes: 'Cours non donné' } });
    expect(decision.status).toBe(200);
    const refunded = await untilStatus(id, 'refunded');
    expect(refunded.admin_notes).toBe('Cours non donné');
    expect(await disputeOf(id)).toMatchObject({ status: 'resolved', resolution: 'refund', resolved_by: admin.userId });
    expect((await sandbox(reference)).refunds).toBe(1);
  });
});

describe('refunds', () => {
  it('asks Paystack to refund exactly the amount paid, in XOF, once', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(3500)]);
    const { id, reference } = await bookAndPay(parent, tutor, { duration: 3 });
    const held = await transaction(id);
    expect(held.amount_total).toBe(10_500);

    expect((await call('decideEscrow', parent, { params: { id }, body: { action: 'refund' } })).status).toBe(200);
    const refunded = await untilStatus(id, 'refunded');
    const paystack = await sandbox(reference);
    // Paystack counts XOF in hundredths: 10 500 FCFA is 1 050 000.
    expect(paystack.refundRequests).toEqual([{ amount: 1_050_000, currency: 'XOF' }]);
    expect(paystack.refunds).toBe(1);
    expect(refunded.paystack_refund_id).toMatch(/^\d+$/);
    expect(refunded.course.status).toBe('cancelled');

    const ledger = await ledgerOf(id);
    expectBalanced(ledger);
    const refund = ledger.filter((line) => line.movement === 'refund');
    expect(refund.find((line) => line.account === `parent:${parent.userId}`)?.credit).toBe(10_500);
    expect(refund.find((line) => line.account === `escrow:${id}`)?.debit).toBe(10_500);
  });

  it('moves a refund Paystack refuses to needs_attention, with the money still held', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const { id, reference } = await bookAndPay(parent, tutor);
    await sandbox(reference, { refund: 'reject' });
    expect((await call('decideEscrow', parent, { params: { id }, body: { action: 'refund' } })).status).toBe(200);
    const stuck = await untilStatus(id, 'needs_attention');
    expect(stuck.attention_reason).toMatch(/Paystack/);
    expect((await ledgerOf(id)).filter((line) => line.movement === 'refund')).toEqual([]);
  });
});

describe('the webhook only escrows what Paystack confirms as ours', () => {
  it.each([
    ['a different amount', { verifyAmount: 100 }],
    ['a different currency', { verifyCurrency: 'NGN' }],
    ['an amount that is not whole francs', { verifyAmount: 1_000_050 }],
    ['a payment Paystack says is not successful', { verifyStatus: 'abandoned' }],
    ['another reference', { verifyReference: 'kalan-00000000-0000-4000-8000-000000000000' }],
  ])('%s: flagged, never escrowed, nothing in the ledger', async (_case, controls) => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(5000)]);
    const { id, reference } = await book(parent, tutor);
    const body = await chargeSuccess(reference);
    await sandbox(reference, controls);
    const response = await postWebhook(body);
    expect(response.status).toBe(200);
    expect(response.body.outcome).toBe('amount_mismatch');
    const tx = await transaction(id);
    expect(tx.status).toBe('payment_mismatch');
    expect(tx.attention_reason).toMatch(/^Paiement non conforme/);
    expect(tx.paid_at).toBeUndefined();
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('escrows the amount when Paystack confirms it, and wakes the workflow', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(5000)]);
    const { id, reference } = await book(parent, tutor);
    await untilWaiting(id, 'pending');
    const response = await postWebhook(await chargeSuccess(reference));
    expect(response.body.outcome).toBe('escrowed');
    const tx = await untilWaiting(id, 'escrow');
    expect(tx.paid_at).toBeDefined();
    const ledger = await ledgerOf(id);
    expectBalanced(ledger);
    expect(ledger.find((line) => line.account === `escrow:${id}`)?.credit).toBe(10_000);
  });

  it('refuses a forged signature and changes nothing', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const { id, reference } = await book(parent, tutor);
    const before = await untilWaiting(id, 'pending');
    const body = await chargeSuccess(reference);
    expect((await postWebhook(body, 'ab'.repeat(64))).status).toBe(401);
    expect((await postWebhook(body, null)).status).toBe(401);
    // A valid signature of another body does not sign this one.
    expect((await postWebhook(body.replace(/"amount":\d+/, '"amount":100'), sign(body))).status).toBe(401);
    expect(await transaction(id)).toEqual(before);
  });
});

describe('who reads a transaction and its invoice', () => {
  async function paidBooking() {
    const [owner, neighbour, tutor, otherTutor, company, admin] = await Promise.all([
      newPerson('parent'),
      newPerson('parent'),
      newTutor(),
      newTutor(),
      newPerson('entreprise'),
      newPerson('admin'),
    ]);
    const booking = await bookAndPay(owner, tutor);
    return { booking, owner, neighbour, tutor, otherTutor, company, admin };
  }

  it('gives the invoice to the parent who paid, the tutor who teaches and the admins only', async () => {
    const { booking, owner, neighbour, tutor, otherTutor, company, admin } = await paidBooking();
    const cases: Array<[string, Person, number]> = [
      ['parent propriétaire', owner, 200],
      ['parent voisin', neighbour, 404],
      ['répétiteur du cours', tutor, 200],
      ['autre répétiteur', otherTutor, 404],
      ['entreprise', company, 403],
      ['admin', admin, 200],
    ];
    for (const [who, caller, status] of cases) {
      const response = await call('getInvoice', caller, { params: { id: booking.id } });
      expect(response.status, who).toBe(status);
      if (status === 200) {
        expect(response.body.transaction.id, who).toBe(booking.id);
        expect(response.body.invoice_number, who).toBe(booking.id.slice(0, 8).toUpperCase());
      } else {
        expect(JSON.stringify(response.body), who).not.toContain(owner.email);
      }
    }
  });

  it("lists a parent's own transactions only", async () => {
    const { booking, owner, neighbour } = await paidBooking();
    const mine = await call('listMyTransactions', owner);
    expect(mine.body.transactions.map((tx: { id: string }) => tx.id)).toEqual([booking.id]);
    expect(mine.body.summary).toEqual({ total: 1, in_escrow: 1, released: 0 });
    const theirs = await call('listMyTransactions', neighbour);
    expect(theirs.body.transactions).toEqual([]);
  });

  it.each<[string, Role]>([
    ['tuteur', 'tuteur'],
    ['entreprise', 'entreprise'],
  ])('refuses the parent-only money routes to a %s', async (_who, role) => {
    const { booking } = await paidBooking();
    const caller = await newPerson(role);
    expect((await call('listMyTransactions', caller)).status).toBe(403);
    expect((await call('decideEscrow', caller, { params: { id: booking.id }, body: { action: 'release' } })).status).toBe(403);
    expect((await call('rateCourse', caller, { params: { id: booking.id }, body: { rating: 1 } })).status).toBe(403);
    expect((await transaction(booking.id)).status).toBe('escrow');
  });

  it("never lets a neighbour decide on, or rate, another parent's lesson", async () => {
    const { booking, neighbour } = await paidBooking();
    const before = await untilWaiting(booking.id, 'escrow');
    for (const action of ['release', 'refund']) {
      const response = await call('decideEscrow', neighbour, { params: { id: booking.id }, body: { action } });
      expect(response.status, action).toBe(403);
    }
    expect((await call('rateCourse', neighbour, { params: { id: booking.id }, body: { rating: 1 } })).status).toBe(403);
    expect(await transaction(booking.id)).toEqual(before);
    expect(await disputeOf(booking.id)).toBeUndefined();
  });
});
