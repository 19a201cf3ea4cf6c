/**
 * Issue 11, point 7: a stack of its own, with data on disk, is SIGKILLed (its whole process group)
 * while refunds, releases and webhooks are in flight, and started again on the same data. Paystack's
 * side of the money must survive the crash like ours: the refunds committed before it complete
 * with exactly one refund at the sandbox, the payments whose webhook was not yet processed end in
 * escrow (never a 500 for a reference the sandbox issued), every ledger balances, no movement twice.
 *
 * Some steps are held at a known point before the crash (a refund waiting at Paystack, a webhook
 * waiting on its verify call), the others are fired together and the stack is killed as soon as
 * the first of them is answered: wherever each one was, it must end well.
 */
import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/own-stack.js';
import { api, newUser, signIn, type TestUser } from '../support/stack.js';
import {
  bookOk,
  chargeSuccessBody,
  eventually,
  expectBalanced,
  ledgerOf,
  partition,
  payOnCheckout,
  postWebhook,
  sandboxControl,
  seededTutor,
  sign,
  paystackSecret,
  statusOf,
  workflowWaitingIn,
} from './payments-helpers.js';

const own = ownStack(50, 'crash');
const target = () => own.info();

const start = async () => {
  await own.start({ inMemory: false, crashable: true });
};

interface Booking {
  id: string;
  url: string;
  reference: string;
}

/** `count` bookings of the parent, each with another seeded tutor. */
const bookings = (parent: TestUser, count: number, first: number): Promise<Booking[]> =>
  Promise.all(Array.from({ length: count }, (_, i) => bookOk(parent.accessToken, {}, seededTutor(first + i), target())));

/** Paid on the checkout, escrowed by the webhook, its workflow waiting for the decision. */
async function escrowed(booking: Booking): Promise<void> {
  await payOnCheckout(booking.url);
  await workflowWaitingIn(booking.id, 'escrow', 30_000, target());
}

const decide = (id: string, token: string, action: 'release' | 'refund') =>
  api(`/api/transactions/${id}/escrow`, { method: 'POST', token, body: { action } }, target());

const sandbox = (reference: string, body: Record<string, unknown> = {}) => sandboxControl(reference, body, target());

/** Polls the sandbox until `accept` holds of the transaction it reports; fails, showing it, if it never does. */
async function sandboxUntil(reference: string, accept: (data: Record<string, any>) => boolean): Promise<Record<string, any>> {
  const data = await eventually(() => sandbox(reference), accept, 20_000);
  expect(accept(data), `${reference} at Paystack: ${JSON.stringify(data)}`).toBe(true);
  return data;
}

const statusUntil = (id: string, status: string) =>
  eventually(() => statusOf(id, target()), (current) => current === status, 20_000);

/** A request fired just before the crash: it may be answered, cut, or never sent. */
const inFlight = (request: Promise<unknown>) => request.then(
  () => 'answered',
  () => 'cut',
);

/** The ledger balances and holds the payment and exactly one way out of escrow. */
async function expectOneMovementEach(id: string, exit: 'release' | 'refund'): Promise<void> {
  const ledger = await ledgerOf(id, target());
  expectBalanced(ledger);
  const movements = new Map<string, number>();
  for (const line of ledger) movements.set(line.movement, (movements.get(line.movement) ?? 0) + 1);
  expect(Object.fromEntries(movements)).toEqual({ payment: 2, ...(exit === 'release' ? { release: 3 } : { refund: 2 }) });
}

describe('a crash of the whole local stack', () => {
  it('loses nothing at Paystack: committed refunds and pending webhooks complete after the restart', async () => {
    await start();
    let parent = await newUser('parent', {}, target());
    const [heldRefunds, racingRefunds, releases, heldWebhooks, racingWebhooks] = await Promise.all([
      bookings(parent, 2, 0),
      bookings(parent, 2, 2),
      bookings(parent, 4, 4),
      bookings(parent, 2, 8),
      bookings(parent, 2, 10),
    ]);
    await Promise.all([...heldRefunds, ...racingRefunds, ...releases].map(escrowed));

    // Paid at Paystack, whose webhook waits on its verify call: not yet escrowed.
    for (const { reference } of heldWebhooks) await sandbox(reference, { holdVerify: true });
    const checkoutsCut = heldWebhooks.map(({ url }) => inFlight(payOnCheckout(url)));
    for (const { reference } of heldWebhooks) await sandboxUntil(reference, (data) => data.heldVerifies > 0);
    // Paid at Paystack; the test plays the webhook's deliveries (Paystack retries until a 200).
    const webhookBodies = await Promise.all(racingWebhooks.map(({ reference }) => chargeSuccessBody(reference, target())));

    // Refunds committed by Kalan (refund_pending), their requests waiting at Paystack. Last before
    // the crash: Kalan gives a silent Paystack 5 s a try and a few retries, then needs attention.
    for (const { id, reference } of heldRefunds) {
      await sandbox(reference, { holdRefund: true });
      expect((await decide(id, parent.accessToken, 'refund')).status).toBe(200);
      await sandboxUntil(reference, (data) => data.heldRefunds > 0);
    }
    const secret = paystackSecret(target());
    const racing = [
      ...racingRefunds.map(({ id }) => decide(id, parent.accessToken, 'refund')),
      ...releases.map(({ id }) => decide(id, parent.accessToken, 'release')),
      ...webhookBodies.map((body) => postWebhook(body, sign(body, secret), target())),
    ].map(inFlight);
    await Promise.race(racing);
    await own.process().crash();
    await Promise.all([...racing, ...checkoutsCut]);

    await start();
    parent = { ...parent, ...(await signIn(parent.email, parent.password, target())) };

    // Webhooks: redelivered by the test, or by the sandbox itself, they end in escrow.
    for (const body of webhookBodies) expect((await postWebhook(body, sign(body, secret), target())).status).toBe(200);
    for (const { id, reference } of [...racingWebhooks, ...heldWebhooks]) {
      expect(await statusUntil(id, 'escrow')).toBe('escrow');
      await sandboxUntil(reference, (data) => !data.webhookPending);
      expectBalanced(await ledgerOf(id, target()));
    }

    // Refunds: the committed ones complete; one cut before Kalan committed it is asked again.
    for (const { id } of heldRefunds) {
      const tx = (await partition(id, target())).find((item) => item.sk === 'TRANSACTION');
      expect(['refund_pending', 'refunded'], JSON.stringify(tx)).toContain(tx?.status);
    }
    for (const { id } of racingRefunds) {
      if ((await statusOf(id, target())) === 'escrow') expect((await decide(id, parent.accessToken, 'refund')).status).toBe(200);
    }
    for (const { id, reference } of [...heldRefunds, ...racingRefunds]) {
      expect(await statusUntil(id, 'refunded')).toBe('refunded');
      const atPaystack = await sandbox(reference);
      expect(atPaystack.status).toBe('reversed');
      expect(atPaystack.refunds, `refunds of ${reference} at Paystack`).toBe(1);
      await expectOneMovementEach(id, 'refund');
    }

    // Releases: the ones cut before Kalan committed them are asked again; each ends released once,
    // never refunded.
    for (const { id } of releases) {
      if ((await statusOf(id, target())) === 'escrow') expect((await decide(id, parent.accessToken, 'release')).status).toBe(200);
    }
    for (const { id, reference } of releases) {
      expect(await statusUntil(id, 'released')).toBe('released');
      expect((await sandbox(reference)).refunds).toBe(0);
      await expectOneMovementEach(id, 'release');
    }
  }, 170_000);
});
