/**
 * Reading money (functions/src/transactions/invoice.ts, list-mine.ts) on the real engines: what
 * an invoice says (number, date, both parties), that there is none before the money is received,
 * and the counts of Mes Paiements.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { book, bookAndPay, call, chargeSuccess, newPerson, newTutor, postWebhook, sandbox, transaction, untilStatus } from './harness.js';

describe('the invoice', () => {
  it('is issued at the payment, to the parent by name and email, for the tutor by name', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(3000)]);
    const { id } = await bookAndPay(parent, tutor);
    const tx = await transaction(id);
    const response = await call('getInvoice', tutor, { params: { id: id.toUpperCase() } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      invoice_number: id.slice(0, 8).toUpperCase(),
      issued_at: tx.paid_at,
      parent: { name: tx.parent_name, email: parent.email },
      tutor: { name: tx.tutor_name },
      transaction: { id, amount_total: 6000, status: 'escrow' },
    });
    expect(tx.paid_at).not.toBe(tx.created_at);
  });

  it('is not issued before the money is received: refused to the parent, the tutor and the admins alike', async () => {
    const [parent, tutor, admin] = await Promise.all([newPerson('parent'), newTutor(), newPerson('admin')]);
    const { id } = await book(parent, tutor);
    for (const caller of [parent, tutor, admin]) {
      const response = await call('getInvoice', caller, { params: { id } });
      expect(response.status, caller.role).toBe(409);
      expect(response.body.error, caller.role).toEqual({ code: 'invoice_unavailable', message: messages.payments.invoiceAwaitingPayment });
    }
  });

  it('is never issued for a payment Paystack did not confirm as ours', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const { id, reference } = await book(parent, tutor);
    const body = await chargeSuccess(reference);
    await sandbox(reference, { verifyAmount: 100 });
    expect((await postWebhook(body)).body.outcome).toBe('amount_mismatch');
    const response = await call('getInvoice', parent, { params: { id } });
    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe(messages.payments.invoiceNoPayment);
  });

  it('stays available after the money moved on: released, or refunded to the parent', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const released = await bookAndPay(parent, tutor);
    const refunded = await bookAndPay(parent, tutor);
    expect((await call('decideEscrow', parent, { params: { id: released.id }, body: { action: 'release' } })).status).toBe(200);
    expect((await call('decideEscrow', parent, { params: { id: refunded.id }, body: { action: 'refund' } })).status).toBe(200);
    await untilStatus(refunded.id, 'refunded');
    for (const { id } of [released, refunded]) {
      const response = await call('getInvoice', parent, { params: { id } });
      expect(response.status).toBe(200);
      expect(response.body.issued_at).toBe((await transaction(id)).paid_at);
    }
  });

  it('tells a stranger nothing about an unpaid transaction (404, not the unpaid refusal)', async () => {
    const [parent, neighbour, tutor] = await Promise.all([newPerson('parent'), newPerson('parent'), newTutor()]);
    const { id } = await book(parent, tutor);
    const response = await call('getInvoice', neighbour, { params: { id } });
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe(messages.payments.transactionNotFound);
  });

  it('does not exist for anyone when the transaction does not', async () => {
    const admin = await newPerson('admin');
    const response = await call('getInvoice', admin, { params: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe(messages.payments.transactionNotFound);
  });

  it('is given for the side the caller takes in this lesson, in the group of that side only', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const { id } = await bookAndPay(parent, tutor);
    // The payer's account signed in as a tutor, the teacher's signed in as a parent: neither side.
    expect((await call('getInvoice', { ...parent, role: 'tuteur' }, { params: { id } })).status).toBe(404);
    expect((await call('getInvoice', { ...tutor, role: 'parent' }, { params: { id } })).status).toBe(404);
    expect((await call('getInvoice', parent, { params: { id } })).status).toBe(200);
  });
});

describe('Mes Paiements', () => {
  it('counts all, held and released transactions of the parent', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const held = await bookAndPay(parent, tutor);
    const released = await bookAndPay(parent, tutor);
    const unpaid = await book(parent, tutor);
    expect((await call('decideEscrow', parent, { params: { id: released.id }, body: { action: 'release' } })).status).toBe(200);
    const response = await call('listMyTransactions', parent);
    expect(response.status).toBe(200);
    expect(response.body.summary).toEqual({ total: 3, in_escrow: 1, released: 1 });
    expect(response.body.transactions.map((tx: { id: string }) => tx.id).sort()).toEqual([held.id, released.id, unpaid.id].sort());
  });
});
