/**
 * "On local restart, in-flight transactions resume": a stack of its own, with data on disk,
 * is stopped while a paid transaction waits in escrow and started again; the workflow comes back
 * (it records a new task token) and the parent's release still completes it.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signIn, signUp as signUpUser } from '../support/stack.js';
import { ownStack } from '../support/own-stack.js';
import { eventually, expectBalanced, partition, postAs, seededTutor, transactionWithToken } from './payments-helpers.js';

const own = ownStack(40, 'restart');
const { ports } = own;

const transaction = (id: string) => transactionWithToken(id, own.info());

async function parentToken(email: string, password: string, signUp: boolean): Promise<string> {
  if (signUp) await signUpUser('parent', { email, password, firstName: 'Akissi', lastName: 'Yapi' }, own.info());
  return (await signIn(email, password, own.info())).accessToken;
}

const call = (pathname: string, token: string, body: unknown) => postAs(ports.app, pathname, token, body);

describe('local restart', () => {
  it('resumes the workflow of a transaction held in escrow, which the parent can then release', async () => {
    await own.start({ inMemory: false });
    const email = `restart-${randomUUID().slice(0, 8)}@test.kalan.ci`;
    let token = await parentToken(email, 'Secret-123', true);
    const tutor = seededTutor(3);
    const booking = await call('/api/payments', token, {
      tutorId: tutor.id,
      duration: 2,
      subject: tutor.subject,
      level: tutor.level,
      paymentMethod: 'card',
    });
    expect(booking.status, JSON.stringify(booking.body)).toBe(200);
    const id = booking.body.transaction_id as string;
    const checkout = String(booking.body.authorization_url).replace('http://localhost', 'http://127.0.0.1');
    expect((await fetch(`${checkout}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);

    const held = await eventually(
      () => transaction(id),
      (tx) => tx?.status === 'escrow' && tx.task_status === 'escrow' && Boolean(tx.task_token),
      20_000,
    );
    expect(held?.status).toBe('escrow');
    const tokenBefore = held!.task_token as string;

    await own.process().stop();
    await own.start({ inMemory: false });

    // The resumed execution waits for the decision again, under a new task token.
    const resumed = await eventually(
      () => transaction(id),
      (tx) => Boolean(tx?.task_token) && tx!.task_token !== tokenBefore && tx!.task_status === 'escrow',
      20_000,
    );
    expect(resumed?.task_token).not.toBe(tokenBefore);
    expect(resumed?.status).toBe('escrow');

    token = await parentToken(email, 'Secret-123', false);
    const release = await call(`/api/transactions/${id}/escrow`, token, { action: 'release' });
    expect(release.status, JSON.stringify(release.body)).toBe(200);
    const released = await eventually(() => transaction(id), (tx) => tx?.status === 'released', 20_000);
    expect(released?.status).toBe('released');
    expectBalanced((await partition(id, own.info())).filter((item) => String(item.sk).startsWith('LEDGER#')));
  }, 180_000);
});
