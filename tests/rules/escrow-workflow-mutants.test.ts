/**
 * The escrow workflow's steps and signals (functions/src/escrow/tasks.ts, workflow.ts) on the real
 * engines (DynamoDB Local, the local Step Functions runner, the Paystack sandbox). Rules guarded:
 * - a step that fails for any reason other than someone having moved the transaction first fails
 *   its task, so Step Functions retries it — never reported as done with nothing done;
 * - a task token DynamoDB refuses to record for another reason than the status condition fails the
 *   task, and wakes nothing;
 * - the workflow's own steps (payment expiry, automatic release) never signal the workflow;
 * - held funds are released automatically at their release date, not a millisecond before;
 * - a status change wakes the workflow only with the token it recorded while waiting in the status
 *   just left, and a signal Step Functions refuses (stale token, runner unreachable) never fails
 *   the user's action.
 */
import type { HandlerExecutionContext, InitializeHandler, InitializeHandlerArguments } from '@smithy/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages';
import { sfn } from '#commons/clients/sfn';
import { invoke } from '../../infra/local/lambda-runtime.js';
import { sfnCalls } from './engines.js';
import { injectDynamoFault, throttled } from './faults.js';
import {
  book,
  bookAndPay,
  call,
  chargeSuccess,
  ledgerOf,
  newPerson,
  newTutor,
  postWebhook,
  partition,
  removeWorkflowToken,
  setOnTransaction,
  setWorkflowToken,
  transaction,
  untilWaiting,
  type Person,
} from './harness.js';

const task = (event: unknown) => invoke('escrow/tasks', event);

async function people() {
  const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
  return { parent, tutor };
}

/** A new booking not paid yet, the workflow waiting for the payment. */
async function awaitingPayment() {
  const { parent, tutor } = await people();
  const { id } = await book(parent, tutor);
  await untilWaiting(id, 'pending');
  return { id };
}

/** New funds held in escrow, and the transaction as the workflow waits on them. */
async function heldFunds() {
  const { parent, tutor } = await people();
  const { id } = await bookAndPay(parent, tutor);
  const waiting = await untilWaiting(id, 'escrow');
  return { parent, id, waiting };
}

/** New funds held in escrow, paid while the workflow waited for the payment: that wait's transaction too. */
async function paidAfterPaymentWait() {
  const { parent, tutor } = await people();
  const { id, reference } = await book(parent, tutor);
  const paymentWait = await untilWaiting(id, 'pending');
  expect((await postWebhook(await chargeSuccess(reference))).body?.outcome).toBe('escrowed');
  await untilWaiting(id, 'escrow');
  return { parent, id, paymentWait };
}

const parentReleases = (parent: Person, id: string) => call('decideEscrow', parent, { params: { id }, body: { action: 'release' } });

/** The SendTaskSuccess calls the Step Functions runner received while `run` ran. */
async function signalsDuring<T>(run: () => Promise<T>): Promise<{ result: T; signals: number }> {
  const first = sfnCalls.length;
  const result = await run();
  return { result, signals: sfnCalls.slice(first).filter((c) => c.action === 'SendTaskSuccess').length };
}

/** A transaction only touched by `items` (its id in the request): the fault's filter. */
const about = (transactionId: string) => (input: Record<string, any>) => JSON.stringify(input).includes(transactionId);

/** Makes the handlers' Step Functions client fail every call (the runner unreachable); returns the undo. */
function stepFunctionsUnreachable(): () => void {
  const name = 'kalan-test-sfn-unreachable';
  sfn.middlewareStack.add(
    (_next: InitializeHandler<any, any>, _context: HandlerExecutionContext) => async (_args: InitializeHandlerArguments<any>) => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1'), { name: 'Error', code: 'ECONNREFUSED' });
    },
    { step: 'initialize', name, override: true },
  );
  return () => void sfn.middlewareStack.remove(name);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a workflow step that fails fails its task, so Step Functions retries it', () => {
  it('expiring a transaction that does not exist is refused; flagging one ends its workflow', async () => {
    const missing = '00000000-0000-4000-8000-000000000009';
    await expect(task({ action: 'expirePayment', transactionId: missing })).rejects.toThrow(messages.payments.transactionNotFound);
    expect(await task({ action: 'markNeedsAttention', transactionId: missing, failure: { State: 'Load', Error: 'Error' } })).toMatchObject({
      status: 'missing',
    });
  });

  it('an expiry whose write DynamoDB throttles fails, leaves the booking unpaid, and succeeds when retried', async () => {
    const { id } = await awaitingPayment();
    const fault = injectDynamoFault({ command: 'TransactWriteItemsCommand', when: about(id), times: 1, error: throttled });
    try {
      await expect(task({ action: 'expirePayment', transactionId: id })).rejects.toMatchObject({ name: 'ThrottlingException' });
      expect(fault.failed).toBe(1);
      expect((await transaction(id)).status).toBe('pending');
    } finally {
      fault.remove();
    }
    expect(await task({ action: 'expirePayment', transactionId: id })).toEqual({ ok: true });
    expect((await transaction(id)).status).toBe('failed');
  });

  it('an automatic release whose write DynamoDB throttles fails, and the funds stay held', async () => {
    const { id } = await heldFunds();
    await setOnTransaction(id, { auto_release_at: new Date(Date.now() - 60_000).toISOString() });
    const fault = injectDynamoFault({ command: 'TransactWriteItemsCommand', when: about(id), times: 1, error: throttled });
    try {
      await expect(task({ action: 'autoRelease', transactionId: id })).rejects.toMatchObject({ name: 'ThrottlingException' });
      expect(fault.failed).toBe(1);
    } finally {
      fault.remove();
    }
    expect((await transaction(id)).status).toBe('escrow');
    expect((await ledgerOf(id)).map((line) => line.movement)).toEqual(['payment', 'payment']);
  });
});

describe('recording the task token', () => {
  it('a token write DynamoDB throttles fails the task, keeps the previous token and wakes nothing', async () => {
    const { id, waiting } = await heldFunds();
    const fault = injectDynamoFault({ command: 'PutItemCommand', when: about(id), times: 1, error: throttled });
    try {
      const { signals } = await signalsDuring(() =>
        expect(task({ action: 'recordToken', transactionId: id, status: 'escrow', taskToken: 'token-throttled' })).rejects.toMatchObject({
          name: 'ThrottlingException',
        }),
      );
      expect(fault.failed).toBe(1);
      expect(signals).toBe(0);
    } finally {
      fault.remove();
    }
    expect(await transaction(id)).toMatchObject({ task_token: waiting.task_token, task_status: 'escrow' });
  });

  it('a wait recorded after its status was left wakes itself at once, and leaves the token of the wait under way', async () => {
    const { id, waiting } = await heldFunds();
    // A late (retried) recording of the payment wait, the money already held.
    const { result, signals } = await signalsDuring(() => task({ action: 'recordToken', transactionId: id, status: 'pending', taskToken: 'token-late-payment-wait' }));
    expect(result).toEqual({ ok: true });
    expect(signals).toBe(1);
    expect(await transaction(id)).toMatchObject({ task_token: waiting.task_token, task_status: 'escrow' });
  });

  it('a token DynamoDB refuses to store (an item over 400 KB) fails the task and wakes nothing', async () => {
    const { id, waiting } = await heldFunds();
    const { signals } = await signalsDuring(() =>
      expect(task({ action: 'recordToken', transactionId: id, status: 'escrow', taskToken: 'x'.repeat(410_000) })).rejects.toMatchObject({
        name: 'ValidationException',
      }),
    );
    expect(signals).toBe(0);
    expect(await transaction(id)).toMatchObject({ task_token: waiting.task_token, task_status: 'escrow' });
  });
});

describe("the workflow's own steps never signal the workflow", () => {
  it('a payment expiry sends no SendTaskSuccess', async () => {
    const { id } = await awaitingPayment();
    const { result, signals } = await signalsDuring(() => task({ action: 'expirePayment', transactionId: id }));
    expect(result).toEqual({ ok: true });
    expect((await transaction(id)).status).toBe('failed');
    expect(signals).toBe(0);
  });

  it('an automatic release sends no SendTaskSuccess', async () => {
    const { id } = await heldFunds();
    await setOnTransaction(id, { auto_release_at: new Date(Date.now() - 60_000).toISOString() });
    const { result, signals } = await signalsDuring(() => task({ action: 'autoRelease', transactionId: id }));
    expect(result).toEqual({ ok: true });
    expect((await transaction(id)).status).toBe('released');
    expect(signals).toBe(0);
  });
});

describe('the automatic release date', () => {
  it('held funds due later stay held', async () => {
    const { id, waiting: before } = await heldFunds();
    expect(new Date(before.auto_release_at).getTime()).toBeGreaterThan(Date.now());
    expect(await task({ action: 'autoRelease', transactionId: id })).toEqual({ ok: true });
    expect(await transaction(id)).toEqual(before);

    // One millisecond before the date, on a frozen clock.
    const due = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    await setOnTransaction(id, { auto_release_at: due.toISOString() });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(due.getTime() - 1);
    expect(await task({ action: 'autoRelease', transactionId: id })).toEqual({ ok: true });
    vi.useRealTimers();
    expect((await transaction(id)).status).toBe('escrow');
    expect((await ledgerOf(id)).map((line) => line.movement)).toEqual(['payment', 'payment']);
  });

  it('held funds are released at exactly their release date', async () => {
    const { id } = await heldFunds();
    const due = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    await setOnTransaction(id, { auto_release_at: due.toISOString() });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(due);
    expect(await task({ action: 'autoRelease', transactionId: id })).toEqual({ ok: true });
    vi.useRealTimers();
    const released = await transaction(id);
    expect(released.status).toBe('released');
    expect(released.escrow_released_at).toBe(due.toISOString());
    expect((await ledgerOf(id)).map((line) => line.movement)).toContain('release');
  });
});

describe('waking the workflow after a status change', () => {
  it('sends the token the workflow recorded while waiting in the status just left, once', async () => {
    const { parent, id } = await heldFunds();
    const { result, signals } = await signalsDuring(() => parentReleases(parent, id));
    expect(result.status).toBe(200);
    expect(signals).toBe(1);
  });

  it('does not send a token recorded while the workflow waited in another status', async () => {
    const { parent, id, paymentWait } = await paidAfterPaymentWait();
    // As if the workflow had not yet recorded its wait on the held funds: only the payment wait's token.
    await removeWorkflowToken(id, 'escrow');
    expect((await partition(id)).find((item) => item.sk === 'TOKEN#pending')?.task_token).toBe(paymentWait.task_token);
    const { result, signals } = await signalsDuring(() => parentReleases(parent, id));
    expect(result.status).toBe(200);
    expect((await transaction(id)).status).toBe('released');
    expect(signals).toBe(0);
  });

  it('sends nothing when no token was recorded', async () => {
    const { parent, id } = await heldFunds();
    await removeWorkflowToken(id, 'escrow');
    const { result, signals } = await signalsDuring(() => parentReleases(parent, id));
    expect(result.status).toBe(200);
    expect((await transaction(id)).status).toBe('released');
    expect(signals).toBe(0);
  });

  it('a stale token Step Functions refuses (the task no longer exists) does not fail the decision', async () => {
    const { parent, id, paymentWait } = await paidAfterPaymentWait();
    // The payment wait's token, already used by the webhook, labelled as the wait on the funds.
    await setWorkflowToken(id, 'escrow', paymentWait.task_token);
    const { result, signals } = await signalsDuring(() => parentReleases(parent, id));
    expect(signals).toBe(1);
    expect(result.status).toBe(200);
    expect((await transaction(id)).status).toBe('released');
  });

  it('a Step Functions endpoint that cannot be reached does not fail the decision', async () => {
    const { parent, id } = await heldFunds();
    const restore = stepFunctionsUnreachable();
    try {
      const response = await parentReleases(parent, id);
      expect(response.status).toBe(200);
    } finally {
      restore();
    }
    expect((await transaction(id)).status).toBe('released');
  });
});
