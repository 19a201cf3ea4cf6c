/**
 * Issue 11 point 2's test: the local workflow runner stopped in the middle of a release and
 * started again WITHOUT resuming anything (`npm start`'s restart hook would resume it; here the
 * reconciler must be what finds the dead workflow). On the real local engines (DynamoDB Local, the
 * local Step Functions runner executing the deployed definition, the Paystack sandbox), in a table
 * of its own so that the run's report counts this transaction only.
 */
import { DescribeExecutionCommand, SendTaskSuccessCommand } from '@aws-sdk/client-sfn';
import { expect, it } from 'vitest';
import { eventHandlers } from '#shared/routes';
import { sfn } from '#commons/clients/sfn';
import { lambdaContext, loadHandler } from '../../infra/local/lambda-runtime.js';
import type { ReconcileReport } from '../../functions/src/escrow/reconcile.js';
import { restartRunner } from './engines.js';
import { holdDynamoAnswer, readsItem } from './faults.js';
import { bookAndPay, expectBalanced, ledgerOf, newPerson, newTutor, partition, setOnTransaction, transaction, until, untilStatus, untilWaiting } from './harness.js';

/**
 * One run, as the schedule invokes it, with a minute of Lambda time: what is counted here must not
 * depend on how loaded the machine is (a run that runs out of time is tested on its own).
 */
async function reconcile(timeoutMs = 60_000): Promise<ReconcileReport> {
  const handler = await loadHandler(eventHandlers.reconciler);
  return (await handler({ source: 'manual' }, lambdaContext('kalan-local-reconciler', timeoutMs))) as ReconcileReport;
}
const movements = async (id: string) => (await ledgerOf(id)).map((line) => line.movement).sort();

async function executionStatus(executionArn: string): Promise<string> {
  try {
    return (await sfn.send(new DescribeExecutionCommand({ executionArn }))).status ?? 'UNKNOWN';
  } catch (error) {
    return (error as Error).name;
  }
}

it('the reconciler re-drives the workflow the runner lost in the middle of a release: released once, the ledger balanced', async () => {
  process.env.RECONCILE_MIN_AGE_SECONDS = '0';
  const [parent, tutor] = await Promise.all([newPerson('parent'), newTutor()]);
  const { id } = await bookAndPay(parent, tutor);
  const { task_token: tokenBefore } = await untilWaiting(id, 'escrow');

  // The release date passed two hours ago; the workflow is woken and goes to release the funds: it
  // waits one second more (the date is past), then AutoRelease reads the transaction. That read's
  // answer is held, so the task stops between its read and its write — the middle of the release.
  await setOnTransaction(id, { auto_release_at: new Date(Date.now() - 2 * 3600_000).toISOString() });
  await sfn.send(new SendTaskSuccessCommand({ taskToken: tokenBefore, output: JSON.stringify({ status: 'escrow' }) }));
  await until(() => transaction(id), (tx) => tx.task_token !== tokenBefore && tx.task_status === 'escrow', 'le workflow attend la libération');
  const hold = holdDynamoAnswer('GetItemCommand', readsItem(id, 'TRANSACTION'));
  try {
    await hold.answered;
    const { execution_arn: cutOff } = await transaction(id);
    await restartRunner({ resume: false });

    // Nothing moved, and nothing runs the workflow any more.
    expect((await transaction(id)).status).toBe('escrow');
    expect(await movements(id)).toEqual(['payment', 'payment']);
    expect(await executionStatus(cutOff)).toBe('ExecutionDoesNotExist');

    const report = await reconcile();
    expect(report).toMatchObject({ checked: 1, repaired: 1, repairs: { redriven: 1 }, deferred: 0, errors: 0 });
    const released = await untilStatus(id, 'released');
    expect(released.execution_arn).toMatch(new RegExp(`:${id}-2$`));
    const history = (await partition(id)).filter((item) => String(item.sk).startsWith('HISTORY#'));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ event: 'reconcile', actor: 'reconciler', from: 'escrow', to: 'escrow' });
    expect(history[0]!.detail).toContain('introuvable');
  } finally {
    // The task that was cut off may go on: its conditional write can only lose (the funds are released).
    hold.release();
    hold.remove();
  }
  expect(await movements(id)).toEqual(['payment', 'payment', 'release', 'release', 'release']);
  expectBalanced(await ledgerOf(id));
  // Settled: no longer open, nothing for the next run.
  expect(await reconcile()).toMatchObject({ checked: 0, repaired: 0 });
});
