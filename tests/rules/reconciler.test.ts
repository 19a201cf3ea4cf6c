/**
 * The reconciler (issue 11 point 2), on the real local engines: DynamoDB Local, the local Step
 * Functions runner executing the deployed definition, and the Paystack sandbox. The reconciler is
 * invoked as the local timer and the schedule invoke it (the in-process Lambda runtime). Rules guarded:
 * - on a seeded set with one transaction of each kind of disagreement, and healthy ones, each
 *   broken one is repaired once (re-driven, escrowed, failed, expired, refund booked, or
 *   needs_attention through the workflow's one path), recorded in its history by 'reconciler';
 *   the healthy ones are left exactly as they were; every ledger balances; a second run repairs nothing;
 * - runs at the same moment repair each transaction once;
 * - a run out of time stops taking transactions and says so; the next one goes on.
 * The runner stopped in the middle of a release: reconciler-restart.test.ts (a table of its own).
 * Transactions are dated in the past (payment window, refund request, release date) by writing
 * the table directly, never through the code under test.
 */
import { DescribeExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventHandlers } from '#shared/routes';
import { sfn } from '#commons/clients/sfn';
import { lambdaContext, loadHandler } from '../../infra/local/lambda-runtime.js';
import type { ReconcileReport } from '../../functions/src/escrow/reconcile.js';
import {
  book,
  bookAndPay,
  call,
  expectBalanced,
  ledgerOf,
  newPerson,
  newTutor,
  partition,
  sandbox,
  setOnTransaction,
  transaction,
  untilStatus,
  untilWaiting,
  type Booking,
} from './harness.js';

beforeAll(() => {
  // Every seeded transaction is judged at once (in production it must have been quiet for 5 minutes).
  process.env.RECONCILE_MIN_AGE_SECONDS = '0';
});

/**
 * One run, as the schedule invokes it, with a minute of Lambda time: what is counted here must not
 * depend on how loaded the machine is (a run that runs out of time is tested on its own).
 */
async function reconcile(timeoutMs = 60_000): Promise<ReconcileReport> {
  const handler = await loadHandler(eventHandlers.reconciler);
  return (await handler({ source: 'manual' }, lambdaContext('kalan-local-reconciler', timeoutMs))) as ReconcileReport;
}
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
const historyOf = async (id: string) => (await partition(id)).filter((item) => String(item.sk).startsWith('HISTORY#'));
const movements = async (id: string) => (await ledgerOf(id)).map((line) => line.movement).sort();

async function people() {
  const [parent, tutor, admin] = await Promise.all([newPerson('parent'), newTutor(), newPerson('admin')]);
  return { parent, tutor, admin };
}

async function executionStatus(executionArn: string): Promise<string> {
  try {
    return (await sfn.send(new DescribeExecutionCommand({ executionArn }))).status ?? 'UNKNOWN';
  } catch (error) {
    return (error as Error).name;
  }
}

/** Kills only this transaction's execution, as a crash of its worker would. */
async function killExecution(id: string): Promise<void> {
  const { execution_arn } = await transaction(id);
  await sfn.send(new StopExecutionCommand({ executionArn: execution_arn, cause: 'test: exécution tuée' }));
  expect(await executionStatus(execution_arn)).toBe('ABORTED');
}

/** Funds held and the workflow waiting for the decision. */
async function held(who: Awaited<ReturnType<typeof people>>): Promise<Booking> {
  const booking = await bookAndPay(who.parent, who.tutor);
  await untilWaiting(booking.id, 'escrow');
  return booking;
}

async function pending(who: Awaited<ReturnType<typeof people>>): Promise<Booking> {
  const booking = await book(who.parent, who.tutor);
  await untilWaiting(booking.id, 'pending');
  return booking;
}

/** A refund asked two hours ago that nothing booked (its status set directly: the request was lost). */
const refundAskedLongAgo = (id: string) => setOnTransaction(id, { status: 'refund_pending', refund_requested_at: hoursAgo(2), updated_at: hoursAgo(2) });

/** The seeded set: one transaction per kind of disagreement, and healthy ones. */
async function seed() {
  const who = await people();
  const [
    abortedExecution,
    unstartedExecution,
    webhookLost,
    paymentWindowOver,
    paymentRefused,
    refundedNotBooked,
    refundLost,
    refundStuck,
    chargeback,
    releaseLost,
    healthyHeld,
    healthyPending,
    healthyDispute,
    waitingForAdmin,
    released,
  ] = await Promise.all([
    // Held funds whose execution was killed → a new attempt.
    held(who).then(async (b) => (await killExecution(b.id), b)),
    // Held funds whose last counted attempt never started (its starter died before StartExecution),
    // and none runs → a new attempt.
    held(who).then(async (b) => (await killExecution(b.id), await setOnTransaction(b.id, { workflow_attempt: 2 }), b)),
    // Paid at Paystack, the webhook never arrived → escrowed.
    pending(who).then(async (b) => (await sandbox(b.reference, { markPaid: true }), b)),
    // Two hours unpaid (the workflow still waits) → expired.
    pending(who).then(async (b) => (await setOnTransaction(b.id, { created_at: hoursAgo(2), updated_at: hoursAgo(2) }), b)),
    // Refused at Paystack, the parent never came back → failed.
    pending(who).then(async (b) => (await sandbox(b.reference, { verifyStatus: 'failed' }), b)),
    // Refunded at Paystack, never booked, no execution → refund booked.
    held(who).then(async (b) => (await killExecution(b.id), await refundAskedLongAgo(b.id), await sandbox(b.reference, { verifyStatus: 'reversed' }), b)),
    // Refund asked, never made, no execution → a new attempt, which refunds.
    held(who).then(async (b) => (await killExecution(b.id), await refundAskedLongAgo(b.id), b)),
    // Refund asked, never made, the execution runs but never refunds → needs_attention.
    held(who).then(async (b) => (await refundAskedLongAgo(b.id), b)),
    // Two hours past the automatic release, the charge reversed at Paystack → needs_attention, never released.
    held(who).then(async (b) => (await setOnTransaction(b.id, { auto_release_at: hoursAgo(2) }), await sandbox(b.reference, { verifyStatus: 'reversed' }), b)),
    // Two hours past the automatic release, no execution → a new attempt, which releases.
    held(who).then(async (b) => (await killExecution(b.id), await setOnTransaction(b.id, { auto_release_at: hoursAgo(2) }), b)),
    // Healthy: held, pending, disputed (each with its execution waiting), waiting for an admin, released.
    held(who),
    pending(who),
    held(who).then(async (b) => {
      expect((await call('rateCourse', who.parent, { params: { id: b.id }, body: { rating: 1 } })).status).toBe(200);
      await untilWaiting(b.id, 'disputed');
      return b;
    }),
    held(who).then(async (b) => {
      await sandbox(b.reference, { refund: 'unavailable' });
      expect((await call('decideEscrow', who.parent, { params: { id: b.id }, body: { action: 'refund' } })).status).toBe(200);
      await untilWaiting(b.id, 'needs_attention');
      // An admin's business: the reconciler does not restart it even with its execution gone.
      await killExecution(b.id);
      return b;
    }),
    held(who).then(async (b) => {
      expect((await call('decideEscrow', who.parent, { params: { id: b.id }, body: { action: 'release' } })).status).toBe(200);
      await untilStatus(b.id, 'released');
      return b;
    }),
  ]);
  return {
    broken: { abortedExecution, unstartedExecution, webhookLost, paymentWindowOver, paymentRefused, refundedNotBooked, refundLost, refundStuck, chargeback, releaseLost },
    healthy: { healthyHeld, healthyPending, healthyDispute, waitingForAdmin, released },
  };
}

/** The one history entry a repair writes, by the reconciler. */
async function expectRepairedOnce(id: string, event: 'reconcile' | 'needs_attention', from: string, to: string) {
  const entries = await historyOf(id);
  const mine = entries.filter((entry) => entry.actor === 'reconciler');
  expect(mine, `${id} : une réparation`).toHaveLength(1);
  expect(mine[0]).toMatchObject({ event, from, to });
  return mine[0]!;
}

describe('the reconciler on a seeded set of broken and healthy transactions', () => {
  it('repairs each broken one once, leaves the healthy ones alone, and a second run repairs nothing', async () => {
    const { broken, healthy } = await seed();
    const before = Object.fromEntries(await Promise.all(Object.entries(healthy).map(async ([name, b]) => [name, await transaction(b.id)])));

    const first = await reconcile();
    expect(first).toMatchObject({
      checked: 14,
      repaired: 10,
      repairs: { redriven: 4, escrowed: 1, amount_mismatch: 0, payment_failed: 1, payment_expired: 1, refund_confirmed: 1, needs_attention: 2 },
      deferred: 0,
      errors: 0,
      complete: true,
    });

    // Re-driven: a new attempt waits for the decision, named <id>-<the next attempt>.
    for (const [b, attempt] of [[broken.abortedExecution, 2], [broken.unstartedExecution, 3]] as const) {
      const waiting = await untilWaiting(b.id, 'escrow');
      expect(waiting.execution_arn).toMatch(new RegExp(`:${b.id}-${attempt}$`));
      expect(await executionStatus(waiting.execution_arn)).toBe('RUNNING');
      const entry = await expectRepairedOnce(b.id, 'reconcile', 'escrow', 'escrow');
      expect(entry.detail).toContain(`tentative ${attempt}`);
      expect(await movements(b.id)).toEqual(['payment', 'payment']);
    }
    // The webhook that never came: escrowed by the webhook's own code, the waiting workflow woken.
    await untilWaiting(broken.webhookLost.id, 'escrow');
    await expectRepairedOnce(broken.webhookLost.id, 'reconcile', 'pending', 'escrow');
    expect(await movements(broken.webhookLost.id)).toEqual(['payment', 'payment']);
    // Expired and refused bookings: failed, nothing in the ledger.
    for (const b of [broken.paymentWindowOver, broken.paymentRefused]) {
      expect((await transaction(b.id)).status).toBe('failed');
      await expectRepairedOnce(b.id, 'reconcile', 'pending', 'failed');
      expect(await movements(b.id)).toEqual([]);
    }
    // The refund Paystack made: booked once, without asking Paystack to refund again.
    expect((await transaction(broken.refundedNotBooked.id)).status).toBe('refunded');
    await expectRepairedOnce(broken.refundedNotBooked.id, 'reconcile', 'refund_pending', 'refunded');
    expect((await sandbox(broken.refundedNotBooked.reference)).refundRequests).toHaveLength(0);
    expect(await movements(broken.refundedNotBooked.id)).toEqual(['payment', 'payment', 'refund', 'refund']);
    // The refund never made: the new attempt refunds it, once.
    await untilStatus(broken.refundLost.id, 'refunded');
    await expectRepairedOnce(broken.refundLost.id, 'reconcile', 'refund_pending', 'refund_pending');
    expect((await sandbox(broken.refundLost.reference)).refunds).toBe(1);
    expect(await movements(broken.refundLost.id)).toEqual(['payment', 'payment', 'refund', 'refund']);
    // Stuck refund and chargeback: needs_attention through the workflow's one path, with what was found.
    for (const [b, from, error] of [
      [broken.refundStuck, 'refund_pending', 'RefundNotConfirmed'],
      [broken.chargeback, 'escrow', 'ReleaseNotConfirmed'],
    ] as const) {
      const flagged = await transaction(b.id);
      expect(flagged.status).toBe('needs_attention');
      expect(flagged.attention).toMatchObject({ state: 'Reconciler', status: from, error });
      const entry = await expectRepairedOnce(b.id, 'needs_attention', from, 'needs_attention');
      expect(entry.detail).toContain('Paystack indique');
      expect(await movements(b.id)).toEqual(['payment', 'payment']);
    }
    expect((await sandbox(broken.refundStuck.reference)).refundRequests).toHaveLength(0);
    // The release never made: the new attempt releases it, once.
    await untilStatus(broken.releaseLost.id, 'released');
    await expectRepairedOnce(broken.releaseLost.id, 'reconcile', 'escrow', 'escrow');
    expect(await movements(broken.releaseLost.id)).toEqual(['payment', 'payment', 'release', 'release', 'release']);

    // Healthy ones: not a byte changed, no history written by the reconciler.
    for (const [name, b] of Object.entries(healthy)) {
      expect(await transaction(b.id), name).toEqual(before[name]);
      expect((await historyOf(b.id)).filter((entry) => entry.actor === 'reconciler'), name).toEqual([]);
    }
    for (const b of [...Object.values(broken), ...Object.values(healthy)]) expectBalanced(await ledgerOf(b.id));

    const second = await reconcile();
    expect(second).toMatchObject({ repaired: 0, deferred: 0, errors: 0, complete: true });
    // Failed, refunded and released ones are no longer open: only the others are read again.
    expect(second.checked).toBe(14 - 5);
    console.log(`[reconciler] repairs per run on the seeded set (10 broken, 5 healthy): first run ${first.repaired} ${JSON.stringify(first.repairs)}; second run ${second.repaired}`);
  });
});

describe('runs at the same moment', () => {
  it('repair each transaction once (a lease per transaction; conditional writes underneath)', async () => {
    const who = await people();
    const [dead, webhookLost, refundStuck] = await Promise.all([
      held(who).then(async (b) => (await killExecution(b.id), b)),
      pending(who).then(async (b) => (await sandbox(b.reference, { markPaid: true }), b)),
      held(who).then(async (b) => (await refundAskedLongAgo(b.id), b)),
    ]);
    const reports = await Promise.all([reconcile(), reconcile(), reconcile()]);
    const total = reports.reduce((sum, report) => sum + report.repaired, 0);
    expect(total).toBe(3);
    expect(reports.reduce((sum, report) => sum + report.errors, 0)).toBe(0);
    await untilWaiting(dead.id, 'escrow');
    expect((await transaction(dead.id)).workflow_attempt).toBe(2);
    await expectRepairedOnce(dead.id, 'reconcile', 'escrow', 'escrow');
    await expectRepairedOnce(webhookLost.id, 'reconcile', 'pending', 'escrow');
    await expectRepairedOnce(refundStuck.id, 'needs_attention', 'refund_pending', 'needs_attention');
    expect(await movements(webhookLost.id)).toEqual(['payment', 'payment']);
    // Whatever a run left for later, the next run finds nothing to do.
    await untilWaiting(webhookLost.id, 'escrow');
    expect((await reconcile()).repaired).toBe(0);
  });
});

describe('a run out of time', () => {
  it('takes no transaction once its time is up, says it did not finish, and the next run goes on', async () => {
    const who = await people();
    const dead = await held(who).then(async (b) => (await killExecution(b.id), b));
    // 2 s of Lambda time, less the 3 s kept to finish the repairs under way: nothing may start.
    expect(await reconcile(2000)).toMatchObject({ checked: 0, repaired: 0, complete: false });
    expect((await transaction(dead.id)).workflow_attempt).toBe(1);
    expect(await reconcile()).toMatchObject({ repaired: 1, repairs: { redriven: 1 }, complete: true });
    await untilWaiting(dead.id, 'escrow');
  });
});
