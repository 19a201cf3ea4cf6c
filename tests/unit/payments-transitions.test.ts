import { describe, expect, it } from 'vitest';
import {
  actorForRole,
  canTakeAction,
  FINAL_STATUSES,
  invoiceNumber,
  moneyReceived,
  statusesAllowing,
  TRANSACTION_STATUSES,
  TRANSACTION_STATUS_LABELS,
  TRANSITIONS,
  transitionFor,
} from '#shared';

describe('transaction status table', () => {
  it('labels every status in French, as the spec names them', () => {
    expect(TRANSACTION_STATUS_LABELS.pending).toBe('En attente');
    expect(TRANSACTION_STATUS_LABELS.escrow).toBe('En escrow');
    expect(TRANSACTION_STATUS_LABELS.failed).toBe('Échec');
  });

  it('lets a parent release or refund only from escrow', () => {
    expect(canTakeAction('release', 'escrow', 'parent')).toBe(true);
    expect(canTakeAction('refund', 'escrow', 'parent')).toBe(true);
    for (const status of ['pending', 'disputed', 'refund_pending', 'released', 'refunded', 'failed', 'needs_attention'] as const) {
      expect(canTakeAction('release', status, 'parent'), status).toBe(false);
      expect(canTakeAction('refund', status, 'parent'), status).toBe(false);
    }
  });

  it('lets an admin decide escrow and disputes, and retry a refund that needs attention', () => {
    expect(transitionFor('release', 'escrow', 'admin')?.to).toBe('released');
    expect(transitionFor('release', 'disputed', 'admin')?.to).toBe('released');
    expect(transitionFor('refund', 'disputed', 'admin')?.to).toBe('refund_pending');
    expect(transitionFor('refund', 'needs_attention', 'admin', true)?.to).toBe('refund_pending');
    // A transaction whose workflow failed before the payment has no money to refund.
    expect(transitionFor('refund', 'needs_attention', 'admin', false)).toBeUndefined();
    expect(transitionFor('refund', 'needs_attention', 'admin')).toBeUndefined();
    expect(canTakeAction('release', 'needs_attention', 'admin')).toBe(false);
  });

  it('keeps the automatic steps to the system', () => {
    for (const action of ['confirm_payment', 'flag_payment', 'expire_payment', 'auto_release', 'flag_attention'] as const) {
      expect(statusesAllowing(action, 'parent'), action).toEqual([]);
      expect(statusesAllowing(action, 'admin'), action).toEqual([]);
      expect(statusesAllowing(action, 'system').length, action).toBeGreaterThan(0);
    }
  });

  it('never leaves a final status', () => {
    for (const transition of TRANSITIONS) {
      for (const from of transition.from) expect(FINAL_STATUSES as readonly string[]).not.toContain(from);
    }
  });

  it('gives tutors and companies no money action', () => {
    expect(actorForRole(['tuteur'])).toBeNull();
    expect(actorForRole(['entreprise'])).toBeNull();
    expect(actorForRole(['parent'])).toBe('parent');
    expect(actorForRole(['admin', 'parent'])).toBe('admin');
  });

  it('numbers an invoice with the first 8 characters of the transaction id', () => {
    expect(invoiceNumber('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0F8FAD5B');
  });

  it('says the money was received (an invoice exists) once Paystack confirmed the payment, whatever came after', () => {
    const received = TRANSACTION_STATUSES.filter((status) => moneyReceived({ status }));
    // Issue 32: a credit (kept, or spent on another lesson) was paid money too.
    expect(received.sort()).toEqual(['credited', 'disputed', 'escrow', 'refund_pending', 'refunded', 'released', 'requested', 'transferred']);
    // Never paid, or paid something else than what we asked (never escrowed, settled by hand).
    for (const status of ['pending', 'failed', 'payment_mismatch'] as const) expect(moneyReceived({ status }), status).toBe(false);
    // A workflow may fail before the payment or after it: Paystack's confirmation (paid_at) tells.
    expect(moneyReceived({ status: 'needs_attention' })).toBe(false);
    expect(moneyReceived({ status: 'needs_attention', paid_at: '2026-03-18T15:00:00.000Z' })).toBe(true);
  });

  it('reaches every "received" status only through a confirmed payment', () => {
    // Walking the table from `escrow`, the statuses after `confirm_payment` are exactly the received
    // ones, and needs_attention (whose money received depends on paid_at). The admin's retry puts a
    // transaction back in the status its workflow failed in, which may be before the payment: not walked.
    const reached = new Set<string>(['escrow', 'requested']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const t of TRANSITIONS.filter((t) => t.action !== 'resume_payment')) {
        if (t.from.some((from) => reached.has(from)) && !reached.has(t.to)) {
          reached.add(t.to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...TRANSACTION_STATUSES.filter((status) => moneyReceived({ status })), 'needs_attention'].sort());
  });
});
