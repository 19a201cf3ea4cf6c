/**
 * The money flow against the real local engines: DynamoDB Local, the local Step Functions running
 * the escrow definition, and the Paystack sandbox over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { api, newUser } from '../support/stack.js';
import {
  book,
  bookOk,
  eventually,
  expectBalanced,
  ledgerOf,
  partition,
  payOnCheckout,
  sandboxControl,
  seededTutor,
  statusOf,
} from './payments-helpers.js';
import { adminSession } from '../support/admin-session.js';

describe('booking and Paystack initialisation', () => {
  it('prices the lesson from the tutor’s stored rate, whatever amount the browser sends', async () => {
    const parent = await newUser('parent');
    const tutor = seededTutor(3);
    const response = await book(parent.accessToken, { duration: 3, amount: 1 }, tutor);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true });
    expect(response.body.authorization_url).toMatch(/\/checkout\/[a-f0-9]+$/);
    const [tx] = (await partition(response.body.transaction_id)).filter((item) => item.sk === 'TRANSACTION');
    const total = tutor.hourlyRate * 3;
    expect(tx).toMatchObject({
      status: 'pending',
      amount_total: total,
      commission_amount: Math.round(total * 0.1),
      amount_tutor: total - Math.round(total * 0.1),
      course: { status: 'scheduled', duration_hours: 3 },
    });
    const sandbox = await sandboxControl(`kalan-${tx!.id}`, {});
    expect(sandbox).toMatchObject({ amount: total * 100, currency: 'XOF', status: 'pending' });
  });

  it('refuses bad input in French and writes nothing', async () => {
    const parent = await newUser('parent');
    const before = await api('/api/transactions', { token: parent.accessToken });
    const cases = [
      [{ duration: 0 }, 'La durée doit être comprise entre 1 et 8 heures'],
      [{ duration: 9 }, 'La durée doit être comprise entre 1 et 8 heures'],
      [{ paymentMethod: 'mobile_money_orange' }, 'Le numéro de téléphone est obligatoire pour le mobile money'],
      [{ paymentMethod: 'mobile_money_mtn', phoneNumber: '12' }, 'Numéro de téléphone invalide (10 chiffres, ex. 07 08 09 10 11)'],
      [{ paymentMethod: 'bitcoin' }, 'Moyen de paiement invalide'],
      [{ scheduledDate: '2020-01-01T10:00:00.000Z' }, 'La date du cours doit être dans le futur'],
    ] as const;
    for (const [overrides, message] of cases) {
      const response = await book(parent.accessToken, overrides);
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(response.body.error.message).toBe(message);
    }
    const after = await api('/api/transactions', { token: parent.accessToken });
    expect(after.body.transactions).toHaveLength(before.body.transactions.length);
  });

  it('accepts mobile money with an Ivorian number and tells Paystack the channel', async () => {
    const parent = await newUser('parent');
    const { reference } = await bookOk(parent.accessToken, { paymentMethod: 'mobile_money_wave', phoneNumber: '07 08 09 10 11' });
    const sandbox = await sandboxControl(reference, {});
    expect(sandbox.channel).toBe('mobile_money');
    expect(sandbox.metadata.provider).toBe('wave');
  });

  it('lets only parents book, and answers 404 for an unknown tutor', async () => {
    const tutor = await newUser('tuteur');
    expect((await book(tutor.accessToken)).status).toBe(403);
    const parent = await newUser('parent');
    const unknown = await book(parent.accessToken, { tutorId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Répétiteur introuvable');
  });
});

describe('escrow lifecycle', () => {
  it('goes pending → escrow → released with a balanced ledger (happy path)', async () => {
    const parent = await newUser('parent');
    const tutor = seededTutor(5);
    const { id, url } = await bookOk(parent.accessToken, {}, tutor);
    await payOnCheckout(url);
    expect(await eventually(() => statusOf(id), (s) => s === 'escrow')).toBe('escrow');
    expectBalanced(await ledgerOf(id));

    const list = await api('/api/transactions', { token: parent.accessToken });
    expect(list.body.summary).toEqual({ total: 1, in_escrow: 1, released: 0 });

    const release = await api(`/api/transactions/${id}/escrow`, { method: 'POST', token: parent.accessToken, body: { action: 'release' } });
    expect(release.status).toBe(200);
    expect(release.body).toEqual({ success: true, status: 'released' });

    const items = await partition(id);
    const tx = items.find((item) => item.sk === 'TRANSACTION')!;
    expect(tx.status).toBe('released');
    expect(tx.course.status).toBe('completed');
    expect(tx.escrow_released_at).toBeTruthy();
    const ledger = await ledgerOf(id);
    expectBalanced(ledger);
    const credit = (account: string) => ledger.filter((l) => l.account === account).reduce((t, l) => t + l.credit - l.debit, 0);
    expect(credit(`tutor:${tutor.userId}`)).toBe(tx.amount_tutor);
    expect(credit('platform:commission')).toBe(tx.commission_amount);
    expect(credit(`escrow:${id}`)).toBe(0);
  });

  it('refunds through Paystack when the parent asks, and cancels the course', async () => {
    const parent = await newUser('parent');
    const { id, url, reference } = await bookOk(parent.accessToken);
    await payOnCheckout(url);
    await eventually(() => statusOf(id), (s) => s === 'escrow');
    const refund = await api(`/api/transactions/${id}/escrow`, { method: 'POST', token: parent.accessToken, body: { action: 'refund' } });
    expect(refund.status).toBe(200);
    expect(refund.body.status).toBe('refund_pending');
    expect(await eventually(() => statusOf(id), (s) => s === 'refunded')).toBe('refunded');
    const tx = (await partition(id)).find((item) => item.sk === 'TRANSACTION')!;
    expect(tx.course.status).toBe('cancelled');
    expect((await sandboxControl(reference, {})).status).toBe('reversed');
    const ledger = await ledgerOf(id);
    expectBalanced(ledger);
    expect(ledger.filter((l) => l.account === `parent:${parent.sub}`).reduce((t, l) => t + l.credit, 0)).toBe(tx.amount_total);
  });

  it('ends a refund Paystack refuses in “needs attention” for the admins, never in silence', async () => {
    const parent = await newUser('parent');
    const { id, url, reference } = await bookOk(parent.accessToken);
    await payOnCheckout(url);
    await eventually(() => statusOf(id), (s) => s === 'escrow');
    await sandboxControl(reference, { refund: 'reject' });
    await api(`/api/transactions/${id}/escrow`, { method: 'POST', token: parent.accessToken, body: { action: 'refund' } });
    expect(await eventually(() => statusOf(id), (s) => s === 'needs_attention')).toBe('needs_attention');
    const tx = (await partition(id)).find((item) => item.sk === 'TRANSACTION')!;
    expect(tx.attention_reason).toMatch(/Remboursement/);
    expect((await ledgerOf(id)).some((l) => l.movement === 'refund')).toBe(false);

    // The admin sees it, and retries once Paystack accepts again.
    const { accessToken } = await adminSession();
    // In the 'À traiter' list (the sparse attention index), whatever else was booked meanwhile.
    const attention = await api('/api/admin/transactions?view=attention', { token: accessToken });
    expect(attention.body.transactions.find((t: { id: string }) => t.id === id).status).toBe('needs_attention');
    await sandboxControl(reference, { refund: 'ok' });
    const retry = await api(`/api/transactions/${id}/escrow`, { method: 'POST', token: accessToken, body: { action: 'refund', adminNotes: 'Relance après refus' } });
    expect(retry.status).toBe(200);
    expect(await eventually(() => statusOf(id), (s) => s === 'refunded')).toBe('refunded');
    expectBalanced(await ledgerOf(id));
  });

  it('answers 409 to a parent acting on a transaction still pending', async () => {
    const parent = await newUser('parent');
    const { id } = await bookOk(parent.accessToken);
    const response = await api(`/api/transactions/${id}/escrow`, { method: 'POST', token: parent.accessToken, body: { action: 'release' } });
    expect(response.status).toBe(409);
    expect(await statusOf(id)).toBe('pending');
  });
});
