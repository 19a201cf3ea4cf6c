/**
 * An escrow workflow that cannot die silently (issue 11), on the real local runner executing the
 * definition CDK deploys (functions/src/escrow/escrow.asl.json), DynamoDB Local and the Paystack
 * sandbox. Rules guarded:
 * - a Paystack briefly down is retried until it answers: the refund is made once;
 * - a Paystack down for good, or any unexpected error in any Task state, moves the transaction to
 *   `needs_attention` with the state, the error, its cause and the attempt, and a history entry;
 *   nothing moves in the ledger, and the execution waits for an admin instead of failing;
 * - an admin's retry asks Paystack what the money did, applies it with a conditional transition
 *   (its history entry says so) and re-drives the workflow with a new execution; a transaction that
 *   does not need attention cannot be retried (409).
 * Retries wait 100 ms locally (LOCAL_SFN_RETRY_INTERVAL_MS), seconds in the cloud.
 */
import { DescribeExecutionCommand, SendTaskSuccessCommand } from '@aws-sdk/client-sfn';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { sfn } from '#commons/clients/sfn';
import { injectDynamoFault, readsItem, type DynamoFault } from './faults.js';
import {
  book,
  bookAndPay,
  call,
  chargeSuccess,
  expectBalanced,
  ledgerOf,
  newPerson,
  newTutor,
  partition,
  postWebhook,
  sandbox,
  setOnTransaction,
  transaction,
  untilStatus,
  untilWaiting,
  type Booking,
  type Person,
  type Tutor,
} from './harness.js';

/** The definition's Paystack retrier: the first request, then MaxAttempts retries. */
const PAYSTACK_REQUESTS_BEFORE_GIVING_UP = 1 + 6;

async function people() {
  const [parent, tutor, admin] = await Promise.all([newPerson('parent'), newTutor(), newPerson('admin')]);
  return { parent, tutor, admin };
}

const movements = async (id: string) => (await ledgerOf(id)).map((line) => line.movement).sort();
const historyOf = async (id: string) => (await partition(id)).filter((item) => String(item.sk).startsWith('HISTORY#'));

async function executionStatus(executionArn: string): Promise<string | undefined> {
  return (await sfn.send(new DescribeExecutionCommand({ executionArn }))).status;
}

/** Wakes the workflow waiting in its task (as a status change would) without touching the table. */
async function wake(id: string): Promise<void> {
  const tx = await transaction(id);
  await sfn.send(new SendTaskSuccessCommand({ taskToken: tx.task_token, output: JSON.stringify({ status: tx.status }) }));
}

/** The transaction waits for an admin, with the failure recorded, and its execution is alive. */
async function expectWaitingForAdmin(id: string, failure: { state: string; status: string; error: string; cause?: RegExp | string }) {
  const stuck = await untilWaiting(id, 'needs_attention');
  expect(stuck.attention).toMatchObject({ state: failure.state, status: failure.status, error: failure.error, attempt: 1 });
  if (failure.cause) expect(stuck.attention.cause).toMatch(failure.cause);
  expect(new Date(stuck.attention.at).getTime()).toBeLessThanOrEqual(Date.now());
  const history = await historyOf(id);
  expect(history).toHaveLength(1);
  expect(history[0]).toMatchObject({ event: 'needs_attention', from: failure.status, to: 'needs_attention', actor: 'system' });
  expect(history[0]!.detail).toContain(failure.state);
  expect(await executionStatus(stuck.execution_arn)).toBe('RUNNING');
  return stuck;
}

/** Paid funds the parent asks to refund (answered 200), the Paystack sandbox set with `paystack` first. */
async function refundAsked({ parent, tutor }: Who, paystack: Record<string, unknown>) {
  const booking = await bookAndPay(parent, tutor);
  await sandbox(booking.reference, paystack);
  expect((await call('decideEscrow', parent, { params: { id: booking.id }, body: { action: 'refund' } })).status).toBe(200);
  return booking;
}

const about = (id: string) => (input: Record<string, any>) => JSON.stringify(input).includes(id);
const unexpected = () => new Error('panne inattendue');

describe('Paystack unavailable during a refund', () => {
  it('fails 3 times then succeeds: refunded once, the ledger balanced', async () => {
    const { parent, tutor } = await people();
    const { id, reference } = await refundAsked({ parent, tutor }, { refundFailures: 3 });
    const refunded = await untilStatus(id, 'refunded');
    expect(refunded.paystack_refund_id).toMatch(/^\d+$/);
    const paystack = await sandbox(reference);
    expect(paystack.refundRequests).toHaveLength(4);
    expect(paystack.refunds).toBe(1);
    expect(await movements(id)).toEqual(['payment', 'payment', 'refund', 'refund']);
    expectBalanced(await ledgerOf(id));
    expect(await historyOf(id)).toEqual([]);
  });

  it('down for good: needs_attention with the cause, the state and the attempt; nothing moved in the ledger', async () => {
    const { parent, tutor } = await people();
    const { id, reference } = await refundAsked({ parent, tutor }, { refund: 'unavailable' });
    const stuck = await expectWaitingForAdmin(id, { state: 'Refund', status: 'refund_pending', error: 'PaystackUnavailable', cause: /Paystack 503/ });
    expect(stuck.attention_reason).toBe('Remboursement refusé ou impossible chez Paystack (PaystackUnavailable)');
    const paystack = await sandbox(reference);
    expect(paystack.refundRequests).toHaveLength(PAYSTACK_REQUESTS_BEFORE_GIVING_UP);
    expect(paystack.refunds).toBe(0);
    expect(await movements(id)).toEqual(['payment', 'payment']);
  });
});

/** The parent and the tutor of a booking. */
type Who = { parent: Person; tutor: Tutor };

/**
 * One case per Task state: how to bring the workflow to it, and the DynamoDB call of that state
 * that throws an error nobody expects (not transient: never retried, caught at once).
 */
interface StateCase {
  state: string;
  status: string;
  /** Brings the transaction just before the state runs; returns the transaction and the trigger. */
  arrange: (who: Who) => Promise<{ id: string; trigger: () => Promise<void> }>;
  fault: (id: string) => DynamoFault;
}

const recordsToken = (id: string) => (input: Record<string, any>) => about(id)(input) && JSON.stringify(input).includes('task_token');

/** Funds held in escrow, the workflow waiting on them. */
async function heldFunds({ parent, tutor }: Who): Promise<string> {
  const { id } = await bookAndPay(parent, tutor);
  await untilWaiting(id, 'escrow');
  return id;
}

/** A booking not paid yet, the workflow waiting for the payment. */
async function awaitingPayment({ parent, tutor }: Who): Promise<Booking> {
  const booking = await book(parent, tutor);
  await untilWaiting(booking.id, 'pending');
  return booking;
}

/** A trigger: the parent's request about the transaction, answered 200. */
const parentAsks = (parent: Person, route: 'rateCourse' | 'decideEscrow', id: string, body: Record<string, unknown>) => async () => {
  expect((await call(route, parent, { params: { id }, body })).status).toBe(200);
};

const STATE_CASES: StateCase[] = [
  {
    state: 'Load',
    status: 'escrow',
    arrange: async (who) => {
      const id = await heldFunds(who);
      return { id, trigger: () => wake(id) };
    },
    fault: (id) => ({ command: 'GetItemCommand', when: readsItem(id, 'TRANSACTION'), times: 1, error: unexpected }),
  },
  {
    state: 'AwaitPayment',
    status: 'pending',
    arrange: async (who) => {
      const { id } = await awaitingPayment(who);
      return { id, trigger: () => wake(id) };
    },
    fault: (id) => ({ command: 'PutItemCommand', when: recordsToken(id), times: 1, error: unexpected }),
  },
  {
    state: 'ExpirePayment',
    status: 'pending',
    arrange: async (who) => {
      const { id } = await awaitingPayment(who);
      // The payment window is over: the next wait times out at once.
      await setOnTransaction(id, { created_at: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString() });
      return { id, trigger: () => wake(id) };
    },
    fault: (id) => ({ command: 'TransactWriteItemsCommand', when: about(id), times: 1, error: unexpected }),
  },
  {
    state: 'AwaitDecision',
    status: 'escrow',
    arrange: async (who) => {
      const { id, reference } = await awaitingPayment(who);
      return {
        id,
        trigger: async () => {
          expect((await postWebhook(await chargeSuccess(reference))).body?.outcome).toBe('escrowed');
        },
      };
    },
    fault: (id) => ({ command: 'PutItemCommand', when: recordsToken(id), times: 1, error: unexpected }),
  },
  {
    state: 'AutoRelease',
    status: 'escrow',
    arrange: async (who) => {
      const id = await heldFunds(who);
      await setOnTransaction(id, { auto_release_at: new Date(Date.now() - 60_000).toISOString() });
      return { id, trigger: () => wake(id) };
    },
    fault: (id) => ({ command: 'TransactWriteItemsCommand', when: about(id), times: 1, error: unexpected }),
  },
  {
    state: 'AwaitAdmin',
    status: 'disputed',
    arrange: async (who) => {
      const id = await heldFunds(who);
      return { id, trigger: parentAsks(who.parent, 'rateCourse', id, { rating: 1 }) };
    },
    fault: (id) => ({ command: 'PutItemCommand', when: recordsToken(id), times: 1, error: unexpected }),
  },
  {
    state: 'Refund',
    status: 'refund_pending',
    arrange: async (who) => {
      const id = await heldFunds(who);
      return { id, trigger: parentAsks(who.parent, 'decideEscrow', id, { action: 'refund' }) };
    },
    // After Paystack refunded: the write that books the refund fails.
    fault: (id) => ({ command: 'TransactWriteItemsCommand', when: (input) => about(id)(input) && JSON.stringify(input).includes('LEDGER#refund'), times: 1, error: unexpected }),
  },
];

describe('an unexpected error in any Task state', () => {
  for (const stateCase of STATE_CASES) {
    it(`in ${stateCase.state}: needs_attention with the state and the cause, the execution waits for an admin`, async () => {
      const who = await people();
      const { id, trigger } = await stateCase.arrange(who);
      const fault = injectDynamoFault(stateCase.fault(id));
      try {
        await trigger();
        await expectWaitingForAdmin(id, { state: stateCase.state, status: stateCase.status, error: 'Error', cause: 'panne inattendue' });
        expect(fault.failed).toBe(1);
      } finally {
        fault.remove();
      }
      // The ledger holds what the status it failed in holds: the payment once it was received, nothing else.
      expect(await movements(id)).toEqual(stateCase.status === 'pending' ? [] : ['payment', 'payment']);
      expectBalanced(await ledgerOf(id));
    });
  }
});

/** A new transaction whose workflow failed in `state` (its case's arrangement and fault), now waiting for an admin. */
async function failedIn(state: string, who: Who): Promise<string> {
  const stateCase = STATE_CASES.find((c) => c.state === state)!;
  const { id, trigger } = await stateCase.arrange(who);
  const fault = injectDynamoFault(stateCase.fault(id));
  try {
    await trigger();
    await untilWaiting(id, 'needs_attention');
  } finally {
    fault.remove();
  }
  return id;
}

describe("the admin's retry ('Relancer')", () => {
  it('once Paystack is back: the refund is asked again, made once, and the retry is in the history', async () => {
    const { parent, tutor, admin } = await people();
    const { id, reference } = await refundAsked({ parent, tutor }, { refund: 'unavailable' });
    const stuck = await expectWaitingForAdmin(id, { state: 'Refund', status: 'refund_pending', error: 'PaystackUnavailable' });

    await sandbox(reference, { refund: 'ok' });
    const response = await call('adminRetryTransaction', admin, { params: { id } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message).toBe(messages.admin.retried.refund_pending);

    const refunded = await untilStatus(id, 'refunded');
    expect((await sandbox(reference)).refunds).toBe(1);
    expect(await movements(id)).toEqual(['payment', 'payment', 'refund', 'refund']);
    expectBalanced(await ledgerOf(id));
    // A new execution (a new name), the one that failed stopped.
    expect(refunded.workflow_attempt).toBe(2);
    expect(refunded.execution_arn).toMatch(new RegExp(`:${id}-2$`));
    expect(await executionStatus(stuck.execution_arn)).toBe('ABORTED');
    const retry = (await historyOf(id)).find((entry) => entry.event === 'retry');
    expect(retry).toMatchObject({ from: 'needs_attention', to: 'refund_pending', actor: admin.userId });
    expect(retry!.detail).toContain('« success »');
  });

  it('a refund Paystack made whose booking failed: refunded without asking Paystack again', async () => {
    const { parent, tutor, admin } = await people();
    const id = await failedIn('Refund', { parent, tutor });
    const { reference } = await transaction(id);
    expect((await sandbox(reference)).refunds).toBe(1);

    const response = await call('adminRetryTransaction', admin, { params: { id } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message).toBe(messages.admin.retried.refunded);
    expect(response.body.transaction.status).toBe('refunded');
    expect((await sandbox(reference)).refunds).toBe(1);
    expect((await sandbox(reference)).refundRequests).toHaveLength(1);
    expect(await movements(id)).toEqual(['payment', 'payment', 'refund', 'refund']);
    const retry = (await historyOf(id)).find((entry) => entry.event === 'retry');
    expect(retry).toMatchObject({ from: 'needs_attention', to: 'refunded' });
    expect(retry!.detail).toContain('« reversed »');
  });

  it('held funds whose workflow failed go back to escrow, and a new execution waits for the decision', async () => {
    const { parent, tutor, admin } = await people();
    const id = await failedIn('Load', { parent, tutor });
    const response = await call('adminRetryTransaction', admin, { params: { id } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message).toBe(messages.admin.retried.escrow);
    const waiting = await untilWaiting(id, 'escrow');
    expect(waiting.execution_arn).toMatch(new RegExp(`:${id}-2$`));
    expect(await executionStatus(waiting.execution_arn)).toBe('RUNNING');
    expect(await movements(id)).toEqual(['payment', 'payment']);
  });

  it('refuses a transaction that does not need attention (409), and changes nothing', async () => {
    const { parent, tutor, admin } = await people();
    const { id } = await bookAndPay(parent, tutor);
    const before = await untilWaiting(id, 'escrow');
    const response = await call('adminRetryTransaction', admin, { params: { id } });
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({ code: 'conflict', message: messages.admin.retryNotNeeded });
    expect(await transaction(id)).toEqual(before);
    expect(await historyOf(id)).toEqual([]);
  });

  it('never refunds a transaction whose workflow failed before the payment (409), and changes nothing', async () => {
    const { parent, tutor, admin } = await people();
    const { id } = await book(parent, tutor);
    await untilWaiting(id, 'pending');
    const fault = injectDynamoFault({ command: 'PutItemCommand', when: recordsToken(id), times: 1, error: unexpected });
    try {
      await wake(id);
      await expectWaitingForAdmin(id, { state: 'AwaitPayment', status: 'pending', error: 'Error' });
    } finally {
      fault.remove();
    }
    const stuck = await transaction(id);
    expect(stuck.paid_at).toBeUndefined();
    const response = await call('decideEscrow', admin, { params: { id }, body: { action: 'refund', adminNotes: 'Remboursement' } });
    expect(response.status).toBe(409);
    expect(await transaction(id)).toEqual(stuck);
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('changes nothing while Paystack cannot answer (502)', async () => {
    const { parent, tutor, admin } = await people();
    const { id, reference } = await refundAsked({ parent, tutor }, { refund: 'unavailable' });
    const stuck = await untilWaiting(id, 'needs_attention');
    await sandbox(reference, { verifyUnavailable: true });
    const response = await call('adminRetryTransaction', admin, { params: { id } });
    expect(response.status).toBe(502);
    expect(response.body.error.message).toBe(messages.admin.retryPaystackUnavailable);
    expect(await transaction(id)).toEqual(stuck);
    expect(await executionStatus(stuck.execution_arn)).toBe('RUNNING');
  });
});
