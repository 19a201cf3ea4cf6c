/**
 * A package's one Paystack payment (issue 32): confirmed on every lesson at once by the webhook or
 * by a lesson's payment check, never twice, flagged whole when it differs; and the package's
 * lessons refunded as PARTIAL refunds of that one payment, once each even when Paystack's answer
 * is lost — against the shared stack and its Paystack sandbox, over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { api, newUser } from '../support/stack.js';
import { bookPackageFixture, packageItem } from './package-fixtures.js';
import {
  chargeSuccessBody,
  eventKeyOf,
  eventually,
  expectBalanced,
  ledgerOf,
  partition,
  payOnCheckout,
  paystackEvent,
  paystackSecret,
  paystackUrl,
  postWebhook,
  sandboxControl,
  sign,
  statusOf,
  workflowWaitingIn,
} from './payments-helpers.js';

const transactionOf = async (id: string) => (await partition(id)).find((item) => item.sk === 'TRANSACTION')!;
const statusesOf = (ids: string[]) => Promise.all(ids.map((id) => statusOf(id)));
/** Waits for a final status (the workflow has ended: no wait, no token to wait on). */
const settledIn = (id: string, status: string) => eventually(() => transactionOf(id), (tx) => tx.status === status, 60_000);

/** Each lesson's `payment` lines: two, balanced, for the lesson's own amount. */
async function paymentOf(id: string): Promise<number> {
  const lines = (await ledgerOf(id)).filter((line) => line.movement === 'payment');
  expect(lines.map((line) => line.line).sort(), id).toEqual(['payment#1', 'payment#2']);
  expectBalanced(lines);
  return lines.reduce((sum, line) => sum + Number(line.debit), 0);
}

describe('a package paid once', () => {
  it('confirms all its lessons from one payment: each requested, with its own payment lines, summing to the package total', async () => {
    const parent = await newUser('parent');
    const pkg = await bookPackageFixture(parent, { lessons: 5, tutorIndex: 11 });
    await Promise.all(pkg.lessonIds.map((id) => workflowWaitingIn(id, 'pending')));

    // 'Payer' on the checkout: the sandbox sends the signed charge.success of the package's reference.
    await payOnCheckout(pkg.url);
    // Every lesson's workflow woken and waiting for the tutor's answer.
    for (const id of pkg.lessonIds) await workflowWaitingIn(id, 'requested');

    const paid = await Promise.all(pkg.lessonIds.map(paymentOf));
    expect(paid).toEqual(Array(5).fill(pkg.lessonTotal));
    expect(paid.reduce((a, b) => a + b, 0)).toBe(pkg.total);
    for (const id of pkg.lessonIds) {
      const lesson = await transactionOf(id);
      expect(lesson).toMatchObject({ status: 'requested', paid_at: expect.any(String), paystack_transaction_id: expect.stringMatching(/^\d+$/) });
    }
    expect(await packageItem(pkg.packageId)).toMatchObject({ status: 'active', paid_at: expect.any(String) });
  });

  it('changes nothing twice when the webhook is delivered again, concurrently or days later', async () => {
    const parent = await newUser('parent');
    const pkg = await bookPackageFixture(parent, { lessons: 4, tutorIndex: 12 });
    const body = await chargeSuccessBody(pkg.reference);
    const signature = sign(body);

    const first = await Promise.all(Array.from({ length: 5 }, () => postWebhook(body, signature)));
    expect(first.map((r) => r.status), JSON.stringify(first.map((r) => r.body))).toEqual(Array(5).fill(200));
    expect(first.map((r) => r.body.outcome as string).sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'escrowed']);
    expect(await statusesOf(pkg.lessonIds)).toEqual(Array(4).fill('requested'));
    const ledgers = await Promise.all(pkg.lessonIds.map((id) => ledgerOf(id)));

    // Recorded once for the package, once per lesson (with that lesson's change).
    const eventKey = eventKeyOf(body);
    expect(await paystackEvent(eventKey)).toMatchObject({ transaction_id: pkg.packageId, outcome: 'escrowed', reference: pkg.reference });
    for (const id of pkg.lessonIds) expect(await paystackEvent(`${eventKey}#${id}`)).toMatchObject({ transaction_id: id, outcome: 'escrowed' });

    const late = await postWebhook(body, signature);
    expect(late.body.outcome).toBe('duplicate');
    expect(await Promise.all(pkg.lessonIds.map((id) => ledgerOf(id)))).toEqual(ledgers);
    for (const id of pkg.lessonIds) await paymentOf(id);
  });

  it('flags every lesson when the verified payment differs from the package total — even when it equals one lesson', async () => {
    const parent = await newUser('parent');
    const pkg = await bookPackageFixture(parent, { lessons: 3, tutorIndex: 13 });
    const body = await chargeSuccessBody(pkg.reference);
    // Paystack says one lesson's price was paid: a lesson's own amount must never make it "match".
    await sandboxControl(pkg.reference, { verifyAmount: pkg.lessonTotal * 100 });

    const response = await postWebhook(body, sign(body));
    expect(response.status).toBe(200);
    expect(response.body.outcome).toBe('amount_mismatch');
    for (const id of pkg.lessonIds) {
      const lesson = await transactionOf(id);
      expect(lesson.status).toBe('payment_mismatch');
      expect(lesson.attention_reason).toMatch(/Paiement du forfait non conforme/);
      expect(await ledgerOf(id)).toEqual([]);
    }
    expect(await packageItem(pkg.packageId)).toMatchObject({ status: 'pending' });
    expect(await paystackEvent(eventKeyOf(body))).toMatchObject({ outcome: 'amount_mismatch' });
    expect((await postWebhook(body, sign(body))).body.outcome).toBe('duplicate');
  });

  it("confirms the whole package from one lesson's payment check, before any webhook", async () => {
    const parent = await newUser('parent');
    const pkg = await bookPackageFixture(parent, { lessons: 3, tutorIndex: 14 });
    // Paid at Paystack, its webhook not arrived: the parent is back and the page verifies ITS lesson.
    const body = await chargeSuccessBody(pkg.reference);
    const verify = await api(`/api/transactions/${pkg.lessonIds[1]}/verify`, { method: 'POST', token: parent.accessToken });
    expect(verify.status, JSON.stringify(verify.body)).toBe(200);
    expect(verify.body).toEqual({ outcome: 'escrowed', status: 'requested' });

    expect(await statusesOf(pkg.lessonIds)).toEqual(['requested', 'requested', 'requested']);
    for (const id of pkg.lessonIds) expect(await paymentOf(id)).toBe(pkg.lessonTotal);
    expect(await packageItem(pkg.packageId)).toMatchObject({ status: 'active' });

    // The webhook, then: the package is paid already, nothing moves.
    const late = await postWebhook(body, sign(body));
    expect(late.body.outcome).toBe('duplicate');
    expect(await paystackEvent(eventKeyOf(body))).toMatchObject({ outcome: 'ignored_status_active' });
    // Another lesson's check finds nothing left to do.
    const again = await api(`/api/transactions/${pkg.lessonIds[2]}/verify`, { method: 'POST', token: parent.accessToken });
    expect(again.body).toEqual({ outcome: 'unchanged', status: 'requested' });
    for (const id of pkg.lessonIds) await paymentOf(id);
  });
});

describe('a package whose payment fails', () => {
  it('fails every lesson and the package; a payment arriving after is recorded as late, nothing escrowed', async () => {
    const parent = await newUser('parent');
    const pkg = await bookPackageFixture(parent, { lessons: 3, tutorIndex: 17 });
    await sandboxControl(pkg.reference, { verifyStatus: 'failed' });
    const verify = await api(`/api/transactions/${pkg.lessonIds[0]}/verify`, { method: 'POST', token: parent.accessToken });
    expect(verify.body).toEqual({ outcome: 'failed', status: 'failed' });
    expect(await statusesOf(pkg.lessonIds)).toEqual(['failed', 'failed', 'failed']);
    expect(await packageItem(pkg.packageId)).toMatchObject({ status: 'failed' });

    // The checkout left open is paid later: Paystack's webhook finds a failed package.
    await sandboxControl(pkg.reference, { verifyStatus: 'success' });
    const body = await chargeSuccessBody(pkg.reference);
    const late = await postWebhook(body, sign(body));
    expect(late.body.outcome).toBe('late_payment');
    expect(await paystackEvent(eventKeyOf(body))).toMatchObject({ outcome: 'late_payment', transaction_id: pkg.packageId });
    for (const id of pkg.lessonIds) expect(await ledgerOf(id)).toEqual([]);
    expect(await statusesOf(pkg.lessonIds)).toEqual(['failed', 'failed', 'failed']);
  });
});

describe('a package whose payment window passed', () => {
  it('fails once every lesson expired unpaid, not before', async () => {
    const parent = await newUser('parent');
    const pkg = await bookPackageFixture(parent, { lessons: 2, tutorIndex: 18 });
    // As the expiry task does, lesson by lesson (the production modules, against the shared stack).
    const { applyTransition } = await import('../../functions/src/escrow/transitions.js');
    const { failExpiredPackage } = await import('../../functions/src/packages/payment.js');
    const expire = (id: string) => applyTransition({ transactionId: id, action: 'expire_payment', actor: 'system' });
    await expire(pkg.lessonIds[0]!);
    expect(await failExpiredPackage(pkg.packageId)).toBe(false);
    expect(await packageItem(pkg.packageId)).toMatchObject({ status: 'pending' });
    await expire(pkg.lessonIds[1]!);
    expect(await failExpiredPackage(pkg.packageId)).toBe(true);
    expect(await packageItem(pkg.packageId)).toMatchObject({ status: 'failed' });
    expect(await failExpiredPackage(pkg.packageId)).toBe(false);
  });

  it("is failed by its lessons' own workflows when the window passes unpaid", async () => {
    const parent = await newUser('parent');
    // Booked past the stack's payment window: each lesson's workflow expires its lesson at its first wait.
    const pkg = await bookPackageFixture(parent, { lessons: 3, tutorIndex: 19, bookedSecondsAgo: 31 * 60 });
    for (const id of pkg.lessonIds) await settledIn(id, 'failed');
    const failed = await eventually(() => packageItem(pkg.packageId), (item) => item?.status === 'failed', 60_000);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed).not.toHaveProperty('paid_at');
    for (const id of pkg.lessonIds) expect(await ledgerOf(id)).toEqual([]);
  });
});

describe("refunds of a package's lessons", () => {
  /** A paid package whose lessons start within 24 h (a parent's cancellation stays a refund, the half band). */
  async function paidPackage(lessons: number, tutorIndex: number) {
    const parent = await newUser('parent');
    const pkg = await bookPackageFixture(parent, { lessons, firstInHours: 6, spacingHours: 2, tutorIndex });
    await payOnCheckout(pkg.url);
    for (const id of pkg.lessonIds) await workflowWaitingIn(id, 'requested');
    return { parent, pkg };
  }

  const cancel = (id: string, token: string) => api(`/api/lessons/${id}/actions`, { method: 'POST', token, body: { action: 'cancel' } });

  it('refunds two lessons as two partial refunds of the one payment, each named by its lesson', async () => {
    const { parent, pkg } = await paidPackage(3, 15);
    const [a, b] = pkg.lessonIds as [string, string];
    for (const id of [a, b]) expect((await cancel(id, parent.accessToken)).status).toBe(200);
    for (const id of [a, b]) expect((await settledIn(id, 'refunded')).status).toBe('refunded');

    const refunds = await Promise.all([a, b].map(async (id) => (await transactionOf(id)).cancellation.refund as number));
    const atPaystack = await sandboxControl(pkg.reference, {});
    expect(atPaystack.refundList.map((r: any) => [r.merchant_note, r.amount]).sort()).toEqual(
      [
        [a, refunds[0]! * 100],
        [b, refunds[1]! * 100],
      ].sort(),
    );
    // Partly refunded: the payment stays a success, the third lesson's share still at Paystack.
    expect(atPaystack.status).toBe('success');
    expect(atPaystack.refunded).toBe((refunds[0]! + refunds[1]!) * 100);
    for (const id of [a, b]) {
      const lesson = await transactionOf(id);
      expect(atPaystack.refundList.find((r: any) => r.merchant_note === id).id).toBe(Number(lesson.paystack_refund_id));
      const ledger = await ledgerOf(id);
      expect(ledger.filter((line) => line.movement === 'refund').reduce((sum, line) => sum + Number(line.credit), 0)).toBe(lesson.cancellation.refund);
      expectBalanced(ledger);
    }

    // Paystack refuses a refund beyond what is left of the payment.
    const beyond = await fetch(`${paystackUrl()}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${paystackSecret()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ transaction: pkg.reference, amount: pkg.total * 100 - atPaystack.refunded + 100 }),
    });
    expect(beyond.status).toBe(400);
    expect(((await beyond.json()) as { message: string }).message).toBe('Refund amount cannot be greater than transaction amount');
    expect((await sandboxControl(pkg.reference, {})).refundList).toHaveLength(2);
  }, 90_000);

  it("refunds once when Paystack's answer to the refund is lost: the retry finds the refund named by the lesson", async () => {
    const { parent, pkg } = await paidPackage(2, 16);
    const [a] = pkg.lessonIds as [string];
    // Paystack makes the next refund, and its answer never reaches Kalan (503: the task retries).
    await sandboxControl(pkg.reference, { loseRefundAnswers: 1 });
    expect((await cancel(a, parent.accessToken)).status).toBe(200);
    const refunded = await settledIn(a, 'refunded');
    expect(refunded.status).toBe('refunded');

    const atPaystack = await sandboxControl(pkg.reference, {});
    // One request to refund, one refund: the retry listed the payment's refunds and found it.
    expect(atPaystack.refundRequests).toHaveLength(1);
    expect(atPaystack.refundList).toHaveLength(1);
    expect(atPaystack.refundList[0]).toMatchObject({ merchant_note: a, amount: refunded.cancellation.refund * 100 });
    expect(refunded.paystack_refund_id).toBe(String(atPaystack.refundList[0].id));
    const ledger = await ledgerOf(a);
    expect(ledger.filter((line) => line.movement === 'refund').length).toBeGreaterThan(0);
    expectBalanced(ledger);
  }, 90_000);
});
