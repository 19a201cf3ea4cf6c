/**
 * The reconciler's timer inside `npm start`: a stack of its own (the same script), with the timer
 * set to one second (LOCAL_RECONCILE_INTERVAL_MS) and no quiet period. A paid transaction's
 * execution is killed at the stack's own Step Functions endpoint (the stack keeps running, so its
 * restart hook never runs): the timer's reconciler finds it and starts a new attempt, recorded in
 * the history; the parent's release then completes it.
 */
import { randomUUID } from 'node:crypto';
import { SFNClient, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { describe, expect, it } from 'vitest';
import { signIn, signUp } from '../support/stack.js';
import { ownStack } from '../support/own-stack.js';
import { eventually, expectBalanced, partition, postAs, seededTutor, transactionWithToken } from './payments-helpers.js';

const own = ownStack(90, 'reconcile');
const { ports } = own;

const local = { region: 'eu-west-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } };
const sfn = new SFNClient({ ...local, endpoint: `http://127.0.0.1:${ports.sfn}` });

const transaction = (id: string) => transactionWithToken(id, own.info());

async function parentToken(email: string): Promise<string> {
  await signUp('parent', { email, firstName: 'Akissi', lastName: 'Yapi' }, own.info());
  return (await signIn(email, 'Secret-123', own.info())).accessToken;
}

const call = (pathname: string, token: string, body: unknown) => postAs(ports.app, pathname, token, body);

describe('the reconciler timer of npm start', () => {
  it('re-drives a workflow whose execution died while the stack kept running', async () => {
    process.env.LOCAL_RECONCILE_INTERVAL_MS = '1000';
    process.env.RECONCILE_MIN_AGE_SECONDS = '0';
    try {
      await own.start({ inMemory: true });
    } finally {
      delete process.env.LOCAL_RECONCILE_INTERVAL_MS;
      delete process.env.RECONCILE_MIN_AGE_SECONDS;
    }
    const token = await parentToken(`reconcile-${randomUUID().slice(0, 8)}@test.kalan.ci`);
    const tutor = seededTutor(5);
    const booking = await call('/api/payments', token, { tutorId: tutor.id, duration: 2, subject: tutor.subject, level: tutor.level, paymentMethod: 'card' });
    expect(booking.status, JSON.stringify(booking.body)).toBe(200);
    const id = booking.body.transaction_id as string;
    const checkout = String(booking.body.authorization_url).replace('http://localhost', 'http://127.0.0.1');
    expect((await fetch(`${checkout}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    const held = await eventually(() => transaction(id), (tx) => tx?.status === 'escrow' && tx.task_status === 'escrow' && Boolean(tx.task_token), 20_000);
    expect(held!.execution_arn).toMatch(new RegExp(`:${id}-1$`));

    await sfn.send(new StopExecutionCommand({ executionArn: held!.execution_arn, cause: 'test : exécution tuée' }));

    // The timer's next run starts attempt 2, which waits for the decision again.
    const redriven = await eventually(
      () => transaction(id),
      (tx) => String(tx?.execution_arn).endsWith(`${id}-2`) && tx!.task_status === 'escrow' && tx!.task_token !== held!.task_token,
      20_000,
    );
    expect(redriven?.execution_arn).toMatch(new RegExp(`:${id}-2$`));
    expect(redriven?.status).toBe('escrow');
    // One re-drive, by the reconciler. The history may hold other events of the payment — with the
    // reconciler running every second on transactions of any age, it may even be the one that finds
    // the payment at Paystack (pending → escrow) before the webhook comes.
    const history = (await partition(id, own.info())).filter((item) => String(item.sk).startsWith('HISTORY#'));
    const repairs = history.filter((item) => item.actor === 'reconciler' && item.from === 'escrow');
    expect(repairs, JSON.stringify(history)).toHaveLength(1);
    expect(repairs[0]).toMatchObject({ event: 'reconcile', actor: 'reconciler', from: 'escrow', to: 'escrow' });

    const release = await call(`/api/transactions/${id}/escrow`, token, { action: 'release' });
    expect(release.status, JSON.stringify(release.body)).toBe(200);
    await eventually(() => transaction(id), (tx) => tx?.status === 'released', 20_000);
    const ledger = (await partition(id, own.info())).filter((item) => String(item.sk).startsWith('LEDGER#'));
    expect(ledger.map((line) => line.movement).sort()).toEqual(['payment', 'payment', 'release', 'release', 'release']);
    expectBalanced(ledger);
  }, 240_000);
});
