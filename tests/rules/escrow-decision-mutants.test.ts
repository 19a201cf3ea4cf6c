/**
 * Deciding on held funds (functions/src/escrow/decide.ts, transitions.ts, workflow.ts) on the real
 * engines: what each decision writes on the transaction (who decided, the admin's notes, the date
 * of each step, the course's status), how a dispute is listed, resolved and closed, what a refused
 * decision answers, and that a decision wakes the workflow waiting on the funds at once.
 */
import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { applyTransition } from '../../functions/src/escrow/transitions.js';
import {
  bookAndPay,
  call,
  disputeOf,
  ledgerOf,
  newPerson,
  newTutor,
  transaction,
  until,
  untilStatus,
  untilWaiting,
  withEnv,
} from './harness.js';

const ms = (iso: string) => new Date(iso).getTime();

async function heldPayment(rate = 5000) {
  const [parent, tutor, admin] = await Promise.all([newPerson('parent'), newTutor(rate), newPerson('admin')]);
  const booking = await bookAndPay(parent, tutor);
  return { parent, tutor, admin, ...booking };
}

async function openDisputeIds(admin: Awaited<ReturnType<typeof newPerson>>): Promise<string[]> {
  const response = await call('adminDisputes', admin);
  expect(response.status).toBe(200);
  return (response.body.disputes as Array<{ transaction_id?: string; transaction?: { id: string } }>).map(
    (dispute) => dispute.transaction_id ?? dispute.transaction!.id,
  );
}

describe('what a decision writes', () => {
  it("an admin's release: the admin and its notes, the release date, the course completed", async () => {
    const { id, admin } = await heldPayment(4000);
    const before = Date.now();
    const response = await call('decideEscrow', admin, { params: { id }, body: { action: 'release', adminNotes: 'Cours confirmé' } });
    expect(response).toEqual({ status: 200, body: { success: true, status: 'released' } });
    const tx = await transaction(id);
    expect(tx).toMatchObject({ status: 'released', decided_by: admin.userId, admin_notes: 'Cours confirmé' });
    expect(tx.course.status).toBe('completed');
    expect(ms(tx.escrow_released_at)).toBeGreaterThanOrEqual(before);
    expect(tx.updated_at).toBe(tx.escrow_released_at);
    for (const field of ['refund_requested_at', 'refunded_at', 'failed_at']) expect(tx[field], field).toBeUndefined();
    expect((await ledgerOf(id)).filter((line) => line.movement === 'release').map((line) => line.credit)).toEqual([0, 7200, 800]);
  });

  it("an admin's decision without notes records the admin only", async () => {
    const { id, admin } = await heldPayment();
    expect((await call('decideEscrow', admin, { params: { id }, body: { action: 'release' } })).status).toBe(200);
    const tx = await transaction(id);
    expect(tx.decided_by).toBe(admin.userId);
    expect(tx.admin_notes).toBeUndefined();
  });

  it("a parent's refund: the parent, never notes, the dates of the request and of the refund, the course cancelled", async () => {
    const { id, parent } = await heldPayment();
    const response = await call('decideEscrow', parent, { params: { id: id.toUpperCase() }, body: { action: 'refund', adminNotes: 'Pas une note de parent' } });
    expect(response).toEqual({ status: 200, body: { success: true, status: 'refund_pending' } });
    const asked = await transaction(id);
    if (asked.status === 'refund_pending') expect(asked.refunded_at).toBeUndefined();
    const refunded = await untilStatus(id, 'refunded');
    expect(refunded).toMatchObject({ decided_by: parent.userId, course: { status: 'cancelled' } });
    expect(refunded.admin_notes).toBeUndefined();
    expect(ms(refunded.refunded_at)).toBeGreaterThanOrEqual(ms(refunded.refund_requested_at));
    expect(refunded.escrow_released_at).toBeUndefined();
  });

  it('answers 404 for a transaction that does not exist and 409 for one already decided', async () => {
    const { id, parent, admin } = await heldPayment();
    const missing = await call('decideEscrow', admin, { params: { id: '00000000-0000-4000-8000-000000000000' }, body: { action: 'release' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'not_found', message: messages.payments.transactionNotFound });
    expect((await call('decideEscrow', parent, { params: { id }, body: { action: 'release' } })).status).toBe(200);
    const again = await call('decideEscrow', admin, { params: { id }, body: { action: 'refund' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'conflict', message: messages.payments.alreadyDecided });
  });

  it('says an action is not possible at all when no status allows it to that actor', async () => {
    const { id, parent } = await heldPayment();
    await expect(applyTransition({ transactionId: id, action: 'confirm_payment', actor: 'parent', actorId: parent.userId })).rejects.toMatchObject({
      statusCode: 409,
      message: messages.payments.actionNotAllowed,
    });
    await expect(applyTransition({ transactionId: id, action: 'expire_payment', actor: 'system' })).rejects.toMatchObject({
      statusCode: 409,
      message: messages.payments.alreadyDecided,
    });
    expect((await transaction(id)).status).toBe('escrow');
  });
});

describe('disputes', () => {
  it('freezes the funds with the rating and review on the course, lists the dispute, and closes it on release', async () => {
    const { id, parent, admin } = await heldPayment();
    const before = Date.now();
    const rated = await call('rateCourse', parent, { params: { id }, body: { rating: 1, review: 'Absent' } });
    expect(rated.status).toBe(200);
    const disputed = await transaction(id);
    expect(disputed.status).toBe('disputed');
    expect(disputed.course).toMatchObject({ parent_rating: 1, parent_review: 'Absent' });
    expect(ms(disputed.course.rated_at)).toBeGreaterThanOrEqual(before);
    // Opening a dispute is not a decision on the money.
    expect(disputed.decided_by).toBeUndefined();
    const opened = await disputeOf(id);
    expect(opened).toMatchObject({ status: 'open', rating: 1, review: 'Absent', parent_id: parent.userId });
    expect(ms(opened!.opened_at)).toBeGreaterThanOrEqual(before);
    expect(await openDisputeIds(admin)).toContain(id);

    const decision = await call('decideEscrow', admin, { params: { id }, body: { action: 'release', adminNotes: 'Cours bien donné' } });
    expect(decision.body).toEqual({ success: true, status: 'released' });
    const resolved = await disputeOf(id);
    expect(resolved).toMatchObject({ status: 'resolved', resolution: 'release', resolved_by: admin.userId, admin_notes: 'Cours bien donné' });
    expect(ms(resolved!.resolved_at)).toBeGreaterThanOrEqual(ms(opened!.opened_at));
    expect(await openDisputeIds(admin)).not.toContain(id);
  });

  it('closes a dispute settled by a refund without notes, recording no notes', async () => {
    const { id, parent, admin } = await heldPayment();
    await call('rateCourse', parent, { params: { id }, body: { rating: 2 } });
    expect((await call('decideEscrow', admin, { params: { id }, body: { action: 'refund' } })).status).toBe(200);
    const resolved = await disputeOf(id);
    expect(resolved).toMatchObject({ status: 'resolved', resolution: 'refund', resolved_by: admin.userId });
    expect(resolved!.admin_notes).toBeUndefined();
    expect(await openDisputeIds(admin)).not.toContain(id);
  });
});

describe('the workflow waiting on the funds', () => {
  it('is woken by a decision at once, long before its own timer', async () => {
    await withEnv({ ESCROW_AUTO_RELEASE_SECONDS: '3600' }, async () => {
      const { id, parent } = await heldPayment();
      await untilWaiting(id, 'escrow');
      expect((await call('decideEscrow', parent, { params: { id }, body: { action: 'release' } })).status).toBe(200);
      const sfn = new SFNClient({});
      const { execution_arn: executionArn } = await transaction(id);
      const status = await until(
        async () => (await sfn.send(new DescribeExecutionCommand({ executionArn }))).status,
        (value) => value !== 'RUNNING',
        `fin du workflow de ${id}`,
        10_000,
      );
      expect(status).toBe('SUCCEEDED');
    });
  });
});
