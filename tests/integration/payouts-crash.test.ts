/**
 * Issue 30: a stack killed between the send and its record never sends twice. A stack of its own,
 * with data on disk, is SIGKILLed (its whole process group) while Wave holds the send of a payout —
 * the payout made at the double, its answer not yet back, and no webhook (Wave has none) to tell
 * Kalan — and started again on the same data. The restarted stack resumes the payout's workflow (a new attempt), whose Send finds
 * the transfer under the payout id instead of making a second: the double counts one transfer,
 * the payout ends paid with each movement once.
 */
import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/own-stack.js';
import { eventually } from './payments-helpers.js';
import { movementsOf, payoutOf, payoutReaches, seedPayout, startWorkflow, uniquePhone, usePayoutEnvironment, walletOf } from './payouts-helpers.js';

const own = ownStack(120, 'payouts-crash');
const target = () => own.info();

async function sends(payoutId: string): Promise<{ requests: number; payouts: number } | undefined> {
  const response = await fetch(`http://127.0.0.1:${own.ports.payouts}/__sandbox/wave/sends`);
  return ((await response.json()) as Record<string, { requests: number; payouts: number }>)[payoutId];
}

describe('a crash of the whole local stack during a payout', () => {
  it('resumes the payout without a second send', async () => {
    await own.start({ inMemory: false, crashable: true });
    usePayoutEnvironment(target());
    // …555: Wave makes the payout, then keeps its answer 15 s.
    const payout = await seedPayout({ operator: 'wave', amount: 8_000, phone: uniquePhone('wave', '12345555') });
    await startWorkflow(payout.id);
    const held = await eventually(() => sends(payout.id), (counter) => (counter?.payouts ?? 0) > 0, 20_000);
    expect(held).toMatchObject({ requests: 1, payouts: 1 });
    // Sent at Wave, not recorded by Kalan.
    expect((await payoutOf(payout.id, target()))?.status).toBe('requested');
    await own.process().crash();

    await own.start({ inMemory: false, crashable: true });
    await payoutReaches(payout.id, 'sent', 40_000, target());
    await payoutReaches(payout.id, 'paid', 40_000, target());
    expect(await sends(payout.id)).toMatchObject({ requests: 1, payouts: 1 });
    expect((await payoutOf(payout.id, target()))?.workflow_attempt).toBe(2);
    expect(await movementsOf(payout.id, target())).toEqual({ withdrawal: 2, payout_paid: 3 });
    expect(await walletOf(payout.tutorUserId, target())).toMatchObject({ in_flight: 0, paid_out: payout.net, fees: payout.fee });
  }, 180_000);
});
