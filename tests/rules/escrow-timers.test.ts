/**
 * The escrow's timers, run in seconds through the real workflow (the deployed definition on the
 * local Step Functions runner, DynamoDB Local, the Paystack sandbox): an unpaid booking expires
 * after the payment window, held funds are released automatically after the window that follows
 * the lesson (or the booking), and never before.
 */
import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import { describe, expect, it } from 'vitest';
import { invoke } from '../../infra/local/lambda-runtime.js';
import {
  book,
  bookAndPay,
  call,
  EVERY_DAY,
  chargeSuccess,
  expectBalanced,
  ledgerOf,
  newPerson,
  newTutor,
  postWebhook,
  transaction,
  until,
  untilStatus,
  untilWaiting,
} from './harness.js';

const PAYMENT_WINDOW = 2;
const RELEASE_WINDOW = 3;
const ANSWER_WINDOW = 2;
process.env.PAYMENT_TIMEOUT_SECONDS = String(PAYMENT_WINDOW);
process.env.ESCROW_AUTO_RELEASE_SECONDS = String(RELEASE_WINDOW);
process.env.LESSON_ANSWER_SECONDS = String(ANSWER_WINDOW);

const ms = (iso: string) => new Date(iso).getTime();

async function executionFinished(transactionId: string): Promise<void> {
  const sfn = new SFNClient({});
  // The execution of the booking's attempt, recorded on the transaction (named `<id>-<attempt>`).
  const { execution_arn: executionArn } = await transaction(transactionId);
  await until(
    async () => (await sfn.send(new DescribeExecutionCommand({ executionArn }))).status,
    (status) => status !== 'RUNNING',
    `fin du workflow de ${transactionId}`,
  );
}

describe('payment window', () => {
  it('fails a booking still unpaid when the window ends, and not before', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const { id, reference } = await book(parent, tutor);
    const waiting = await untilWaiting(id, 'pending');
    expect(waiting.status).toBe('pending');

    const failed = await untilStatus(id, 'failed', 15_000);
    expect(ms(failed.failed_at) - ms(failed.created_at)).toBeGreaterThanOrEqual(PAYMENT_WINDOW * 1000);
    expect(failed.course.status).toBe('cancelled');
    expect(await ledgerOf(id)).toEqual([]);

    // Paid too late (the checkout stayed open): never escrowed for a cancelled lesson; recorded
    // as a late payment for an operator to refund at Paystack.
    const late = await postWebhook(await chargeSuccess(reference));
    expect(late.status).toBe(200);
    expect(late.body.outcome).toBe('late_payment');
    expect((await transaction(id)).status).toBe('failed');
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('lets a payment made within the window through', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const { id } = await bookAndPay(parent, tutor);
    const tx = await transaction(id);
    expect(tx.status === 'escrow' || tx.status === 'released').toBe(true);
    expect(tx.failed_at).toBeUndefined();
  });
});

describe('automatic release', () => {
  it('dates the release the window after the booking when no lesson date is given', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(4000)]);
    const { id } = await book(parent, tutor);
    const tx = await transaction(id);
    expect(ms(tx.auto_release_at) - ms(tx.created_at)).toBe(RELEASE_WINDOW * 1000);
  });

  it('releases the held funds once the window has passed: tutor credited, commission booked', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(4000)]);
    const { id } = await bookAndPay(parent, tutor);
    const held = await transaction(id);
    expect(held.status).toBe('escrow');

    const released = await untilStatus(id, 'released', 15_000);
    expect(ms(released.escrow_released_at)).toBeGreaterThanOrEqual(ms(released.auto_release_at));
    expect(released.course.status).toBe('completed');
    expect(released.decided_by).toBeUndefined();
    const ledger = await ledgerOf(id);
    expectBalanced(ledger);
    const credit = (account: string) => ledger.filter((l) => l.account === account).reduce((sum, l) => sum + l.credit, 0);
    expect(credit(`tutor:${tutor.userId}`)).toBe(7200);
    expect(credit('platform:commission')).toBe(800);
    expect(ledger.filter((l) => l.movement === 'release')).toHaveLength(3);
  });

  it('counts the window from the lesson date when there is one', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const lesson = new Date(Date.now() + 2000).toISOString();
    const { id } = await bookAndPay(parent, tutor, { scheduledDate: lesson });
    const tx = await transaction(id);
    expect(tx.auto_release_at).toBe(new Date(ms(lesson) + RELEASE_WINDOW * 1000).toISOString());
    const released = await untilStatus(id, 'released', 20_000);
    expect(ms(released.escrow_released_at)).toBeGreaterThanOrEqual(ms(lesson) + RELEASE_WINDOW * 1000);
  });

  it('does nothing when woken before the release date', async () => {
    process.env.ESCROW_AUTO_RELEASE_SECONDS = '3600';
    try {
      const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
      const { id } = await bookAndPay(parent, tutor);
      await untilWaiting(id, 'escrow');
      await invoke('escrow/tasks', { action: 'autoRelease', transactionId: id });
      expect((await transaction(id)).status).toBe('escrow');
      expect((await ledgerOf(id)).filter((l) => l.movement === 'release')).toEqual([]);
    } finally {
      process.env.ESCROW_AUTO_RELEASE_SECONDS = String(RELEASE_WINDOW);
    }
  });

  it("leaves a parent's earlier release alone: one release, never two", async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const { id } = await bookAndPay(parent, tutor);
    const decision = await call('decideEscrow', parent, { params: { id }, body: { action: 'release' } });
    expect(decision.status).toBe(200);
    await executionFinished(id);
    const tx = await transaction(id);
    expect(tx.status).toBe('released');
    expect(tx.decided_by).toBe(parent.userId);
    expect((await ledgerOf(id)).filter((l) => l.movement === 'release')).toHaveLength(3);
  });
});

describe("the tutor's answer window (issue 15)", () => {
  /** Two slots at 10:00 three days from now, with a tutor available every day. */
  const slots = () => {
    const day = new Date(Date.now() + 3 * 24 * 3_600_000).toISOString().slice(0, 10);
    return [`${day}T10:00:00.000Z`, `${day}T11:00:00.000Z`];
  };

  it('declines a request nobody answered when the window ends, refunds the parent in full and frees the slots', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(5000, EVERY_DAY)]);
    const lesson = slots();
    const { id } = await bookAndPay(parent, tutor, { duration: 2, slots: lesson, scheduledDate: lesson[0] });
    const waiting = await untilWaiting(id, 'requested');

    const refunded = await untilStatus(id, 'refunded', 20_000);
    expect(refunded.lesson_outcome).toBe('no_answer');
    expect(ms(refunded.refund_requested_at) - ms(waiting.paid_at)).toBeGreaterThanOrEqual(ANSWER_WINDOW * 1000);
    const ledger = await ledgerOf(id);
    expectBalanced(ledger);
    const credit = (account: string) => ledger.filter((l) => l.account === account).reduce((sum, l) => sum + l.credit, 0);
    expect(credit(`parent:${parent.userId}`)).toBe(refunded.amount_total);
    expect(credit(`tutor:${tutor.userId}`)).toBe(0);
    const free = await call('getTutorSlots', parent, { params: { id: tutor.tutorId } });
    expect(free.body.slots.map((slot: { start: string }) => slot.start)).toEqual(expect.arrayContaining(lesson));
  });

  it('does nothing when woken before the deadline, and leaves an accepted lesson alone', async () => {
    process.env.LESSON_ANSWER_SECONDS = '3600';
    try {
      const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor(5000, EVERY_DAY)]);
      const lesson = slots();
      const { id } = await bookAndPay(parent, tutor, { duration: 2, slots: lesson, scheduledDate: lesson[0] });
      await untilWaiting(id, 'requested');
      await invoke('escrow/tasks', { action: 'autoDecline', transactionId: id });
      expect((await transaction(id)).status).toBe('requested');
      const accepted = await call('lessonAction', tutor, { params: { id }, body: { action: 'accept' } });
      expect(accepted.status).toBe(200);
      await invoke('escrow/tasks', { action: 'autoDecline', transactionId: id });
      expect((await transaction(id)).status).toBe('escrow');
      expect((await ledgerOf(id)).filter((l) => l.movement === 'refund')).toEqual([]);
    } finally {
      process.env.LESSON_ANSWER_SECONDS = String(ANSWER_WINDOW);
    }
  });
});
