/**
 * How a status change (functions/src/escrow/transitions.ts) meets a failed DynamoDB transaction,
 * on the real engines with the failures injected at the SDK boundary:
 * - a `TransactionConflict` cancellation (another transaction touched the same items) is read
 *   again and retried, up to four times, each retry after a growing random pause; the fifth
 *   conflict in a row answers 409 and changes nothing;
 * - any other cancellation (a condition that no longer holds: the Paystack event already recorded,
 *   the dispute already closed) answers 409 at once, without retrying;
 * - a failure that is not a cancellation (throttling) answers 500 and changes nothing;
 * - an admin cannot settle a dispute that is no longer open: 409, the dispute untouched; and an
 *   admin closing a dispute (admin/close-dispute.ts) at the moment it opens on held funds cannot
 *   close it behind the funds' back, which would leave them frozen with nobody able to decide.
 */
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages';
import type { HandlerExecutionContext, InitializeHandler, InitializeHandlerArguments, InitializeMiddleware } from '@smithy/types';
import { dynamodb } from '#commons/clients/dynamodb';
import { localDynamoClient } from '../../infra/local/dynamodb.js';
import { applyTransition } from '../../functions/src/escrow/transitions.js';
import { config } from './engines.js';
import { injectDynamoFault, readsItem, throttled, transactionCancelled, type InjectedFault } from './faults.js';
import {
  book,
  bookAndPay,
  call,
  disputeOf,
  ledgerOf,
  newPerson,
  newTutor,
  transaction,
  untilWaiting,
} from './harness.js';

const db = DynamoDBDocumentClient.from(localDynamoClient(config));

/** Funds held in escrow, the workflow waiting on them (so nothing else writes the transaction). */
async function heldPayment() {
  const [parent, tutor, admin] = await Promise.all([newPerson('parent'), newTutor(5000), newPerson('admin')]);
  const booking = await bookAndPay(parent, tutor);
  await untilWaiting(booking.id, 'escrow');
  return { parent, tutor, admin, ...booking };
}

/** The next `times` DynamoDB transactions on this transaction fail with `error`. */
function failWrites(transactionId: string, times: number, error: () => Error): InjectedFault {
  return injectDynamoFault({
    command: 'TransactWriteItemsCommand',
    times,
    when: (input) => JSON.stringify(input).includes(transactionId),
    error,
  });
}

/**
 * The parent releases held funds while the next `times` DynamoDB transactions on them fail with
 * `error`: the answer, the fault (removed by then), and the transaction and its ledger before.
 */
async function releaseWhileFailing(times: number, error: () => Error) {
  const { id, parent } = await heldPayment();
  const before = await transaction(id);
  const linesBefore = await ledgerOf(id);
  const fault = failWrites(id, times, error);
  try {
    const response = await call('decideEscrow', parent, { params: { id }, body: { action: 'release' } });
    return { id, before, linesBefore, response, fault };
  } finally {
    fault.remove();
  }
}

const conflict = () => transactionCancelled('None', 'TransactionConflict', 'None', 'None');

/**
 * Watches the pauses transitions.ts draws between retries: each value Math.random returns to it
 * (to nobody else), in order. Math.random keeps its own values: this only looks.
 */
function watchRetryJitter(): number[] {
  const random = Math.random.bind(Math);
  const drawn: number[] = [];
  vi.spyOn(Math, 'random').mockImplementation(() => {
    const value = random();
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 50;
    const stack = new Error().stack ?? '';
    Error.stackTraceLimit = limit;
    if (/escrow[\\/]transitions\.ts/.test(stack)) drawn.push(value);
    return value;
  });
  return drawn;
}

/**
 * Holds the first matching call of the handlers' DynamoDB client at the SDK boundary until
 * `release()`: the engine answers it afterwards, as it stands then. Also tells when the first
 * call matching `watch` has been answered. `remove()` it in a `finally`.
 */
function holdDynamoCall(hold: { command: string; when: (input: Record<string, any>) => boolean }, watch: { command: string; when: (input: Record<string, any>) => boolean }) {
  const name = `kalan-test-hold-${Math.floor(performance.now() * 1000)}`;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  let answered!: () => void;
  const watchedAnswered = new Promise<void>((resolve) => (answered = resolve));
  let holding = false;
  let watching = false;
  const middleware: InitializeMiddleware<any, any> =
    (next: InitializeHandler<any, any>, context: HandlerExecutionContext) =>
      async (args: InitializeHandlerArguments<any>) => {
        const input = (args.input ?? {}) as Record<string, any>;
        if (!holding && context.commandName === hold.command && hold.when(input)) {
          holding = true;
          held();
          await released;
          return next(args);
        }
        if (!watching && context.commandName === watch.command && watch.when(input)) {
          watching = true;
          const output = await next(args);
          answered();
          return output;
        }
        return next(args);
      };
  dynamodb.middlewareStack.add(middleware, { step: 'initialize', name, override: true });
  return { isHeld, watchedAnswered, release, remove: () => void dynamodb.middlewareStack.remove(name) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a TransactionConflict', () => {
  it('is retried after a growing pause, up to four times, and then the decision is written once', async () => {
    const { id, parent } = await heldPayment();
    const jitter = watchRetryJitter();
    const fault = failWrites(id, 4, conflict);
    try {
      const response = await call('decideEscrow', parent, { params: { id }, body: { action: 'release' } });
      expect(response).toEqual({ status: 200, body: { success: true, status: 'released' } });
      expect(fault.failed).toBe(4);
      expect(fault.calls).toHaveLength(5);
    } finally {
      fault.remove();
    }
    // One pause per retry, each at least 20 ms plus a random part that grows with the attempt
    // (the random part actually drawn; never an upper bound: the machine may be slow).
    expect(jitter).toHaveLength(4);
    const gaps = fault.calls.slice(1).map((attempt, index) => attempt.at - fault.calls[index]!.at);
    gaps.forEach((gap, attempt) => {
      const least = 20 + jitter[attempt]! * 60 * (attempt + 1);
      // Node may fire a timer up to a millisecond before its delay as Date.now() counts it.
      expect(gap, `pause avant la tentative ${attempt + 2} (au moins ${least.toFixed(1)} ms)`).toBeGreaterThanOrEqual(least - 2);
    });
    const tx = await transaction(id);
    expect(tx).toMatchObject({ status: 'released', decided_by: parent.userId, course: { status: 'completed' } });
    const release = (await ledgerOf(id)).filter((line) => line.movement === 'release');
    expect(release.map((line) => [line.debit, line.credit])).toEqual([
      [10000, 0],
      [0, 9000],
      [0, 1000],
    ]);
  }, 20_000);

  it('is retried once and succeeds when the other transaction is gone', async () => {
    const { id, admin } = await heldPayment();
    const fault = failWrites(id, 1, conflict);
    try {
      const response = await call('decideEscrow', admin, { params: { id }, body: { action: 'refund', adminNotes: 'Conflit passager' } });
      expect(response).toEqual({ status: 200, body: { success: true, status: 'refund_pending' } });
      expect(fault.calls).toHaveLength(2);
      expect(fault.calls[1]!.at - fault.calls[0]!.at).toBeGreaterThanOrEqual(18);
    } finally {
      fault.remove();
    }
    expect((await transaction(id)).decided_by).toBe(admin.userId);
  }, 20_000);

  it('answers 409 "already decided" after the fifth in a row, and the transaction is unchanged', async () => {
    const { id, before, linesBefore, response, fault } = await releaseWhileFailing(5, conflict);
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({ code: 'conflict', message: messages.payments.alreadyDecided });
    expect(fault.calls).toHaveLength(5);
    expect(await transaction(id)).toEqual(before);
    expect(await ledgerOf(id)).toEqual(linesBefore);
  }, 20_000);
});

describe('any other refusal of the DynamoDB transaction', () => {
  it('a cancellation without a TransactionConflict answers 409 at once, without a retry', async () => {
    const { id, before, response, fault } = await releaseWhileFailing(1, () => transactionCancelled('ConditionalCheckFailed', 'None', 'None', 'None'));
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({ code: 'conflict', message: messages.payments.alreadyDecided });
    expect(fault.calls).toHaveLength(1);
    expect(await transaction(id)).toEqual(before);
  }, 20_000);

  it('a failure that is not a cancellation (throttling) answers 500, without a retry, and changes nothing', async () => {
    const { id, before, linesBefore, response, fault } = await releaseWhileFailing(1, throttled);
    expect(response.status).toBe(500);
    expect(fault.calls).toHaveLength(1);
    expect(await transaction(id)).toEqual(before);
    expect(await ledgerOf(id)).toEqual(linesBefore);
  }, 20_000);

  it('a Paystack event already recorded refuses the payment with 409, the status unchanged, instead of trying again', async () => {
    const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
    const { id, reference } = await book(parent, tutor);
    // The workflow's wait has recorded its token: nothing else writes the partition from now on.
    await untilWaiting(id, 'pending');
    const eventKey = `charge.success#${id}`;
    // Another delivery of the same event recorded it a moment ago (its own transaction won).
    await db.send(
      new PutCommand({
        TableName: config.tableName,
        Item: { pk: `PAYSTACK_EVENT#${eventKey}`, sk: 'EVENT', event_key: eventKey, event: 'charge.success', reference, outcome: 'escrowed' },
      }),
    );
    const before = await transaction(id);
    await expect(
      applyTransition({
        transactionId: id,
        action: 'confirm_payment',
        actor: 'system',
        record: { paid_at: new Date().toISOString() },
        paystackEvent: { eventKey, event: 'charge.success', reference, outcome: 'escrowed' },
      }),
    ).rejects.toMatchObject({ statusCode: 409, message: messages.payments.alreadyDecided });
    expect(await transaction(id)).toEqual(before);
    expect(before.status).toBe('pending');
    expect(await ledgerOf(id)).toEqual([]);
  }, 15_000);
});

describe('a dispute on held funds', () => {
  it('already closed cannot be settled again: 409, the funds still held and the dispute untouched', async () => {
    const { id, parent, admin } = await heldPayment();
    expect((await call('rateCourse', parent, { params: { id }, body: { rating: 1, review: 'Absent' } })).status).toBe(200);
    expect((await transaction(id)).status).toBe('disputed');
    // Another admin closed the dispute in the meantime.
    const other = await newPerson('admin');
    await db.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: { pk: `TX#${id}`, sk: 'DISPUTE' },
        UpdateExpression: 'SET #status = :resolved, resolution = :closed, resolved_by = :by, resolved_at = :at, gsi1pk = :index',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':resolved': 'resolved',
          ':closed': 'closed',
          ':by': other.userId,
          ':at': new Date().toISOString(),
          ':index': 'DISPUTES#resolved',
        },
      }),
    );
    const closed = await disputeOf(id);
    const before = await transaction(id);
    for (const action of ['release', 'refund'] as const) {
      const response = await call('decideEscrow', admin, { params: { id }, body: { action, adminNotes: 'Trop tard' } });
      expect(response.status, action).toBe(409);
      expect(response.body.error).toEqual({ code: 'conflict', message: messages.payments.alreadyDecided });
    }
    expect(await disputeOf(id)).toEqual(closed);
    expect(await transaction(id)).toEqual(before);
    expect((await ledgerOf(id)).filter((line) => line.movement !== 'payment')).toEqual([]);
  }, 20_000);

  it('opening while an admin closes it: the close is refused and the dispute stays open for a decision', async () => {
    const { id, parent, admin } = await heldPayment();
    // The admin's close reads the transaction (funds held, no dispute yet) and the dispute; the
    // dispute read reaches DynamoDB only once the parent's rating has opened the dispute.
    const hold = holdDynamoCall(
      { command: 'GetItemCommand', when: readsItem(id, 'DISPUTE') },
      { command: 'GetItemCommand', when: readsItem(id, 'TRANSACTION') },
    );
    let closing: Promise<Awaited<ReturnType<typeof call>>>;
    try {
      closing = call('adminCloseDispute', admin, { params: { id }, body: { adminNotes: 'Clos' } });
      await Promise.all([hold.isHeld, hold.watchedAnswered]);
      expect((await call('rateCourse', parent, { params: { id }, body: { rating: 1, review: 'Absent' } })).status).toBe(200);
      expect(await disputeOf(id)).toMatchObject({ status: 'open' });
      hold.release();
      const closed = await closing;
      expect(closed.status).toBe(409);
      expect(closed.body.error).toEqual({ code: 'conflict', message: messages.payments.actionNotAllowed });
    } finally {
      hold.release();
      hold.remove();
    }
    expect(await disputeOf(id)).toMatchObject({ status: 'open' });
    expect((await transaction(id)).status).toBe('disputed');
    // The funds are not frozen: the admin settles the dispute.
    const decision = await call('decideEscrow', admin, { params: { id }, body: { action: 'refund' } });
    expect(decision).toEqual({ status: 200, body: { success: true, status: 'refund_pending' } });
    expect(await disputeOf(id)).toMatchObject({ status: 'resolved', resolution: 'refund', resolved_by: admin.userId });
  }, 20_000);
});

describe('closing a dispute once the funds are no longer held', () => {
  it('closes it once: the admin and its notes recorded, a second close answers 409', async () => {
    const { id, parent, admin } = await heldPayment();
    expect((await call('decideEscrow', parent, { params: { id }, body: { action: 'release' } })).status).toBe(200);
    expect((await call('rateCourse', parent, { params: { id }, body: { rating: 2, review: 'Bof' } })).status).toBe(200);
    expect(await disputeOf(id)).toMatchObject({ status: 'open' });
    const closed = await call('adminCloseDispute', admin, { params: { id }, body: { adminNotes: 'Vu avec la famille' } });
    expect(closed).toEqual({ status: 200, body: { success: true } });
    const dispute = await disputeOf(id);
    expect(dispute).toMatchObject({ status: 'resolved', resolution: 'closed', resolved_by: admin.userId, admin_notes: 'Vu avec la famille', gsi1pk: 'DISPUTES#resolved' });
    const again = await call('adminCloseDispute', admin, { params: { id }, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'conflict', message: messages.payments.alreadyDecided });
    expect(await disputeOf(id)).toEqual(dispute);
    expect((await transaction(id)).status).toBe('released');
  }, 20_000);

  it('refuses to close a dispute whose funds are held: it is settled by a decision', async () => {
    const { id, parent, admin } = await heldPayment();
    expect((await call('rateCourse', parent, { params: { id }, body: { rating: 1 } })).status).toBe(200);
    const response = await call('adminCloseDispute', admin, { params: { id }, body: {} });
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({ code: 'conflict', message: messages.payments.actionNotAllowed });
    expect(await disputeOf(id)).toMatchObject({ status: 'open' });
  }, 20_000);
});
