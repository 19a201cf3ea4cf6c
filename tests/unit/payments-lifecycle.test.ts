/** Property test of the lifecycle on the pure functions: 1 000 random action sequences. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceLesson, TRANSACTION_ACTIONS, type Actor } from '#shared';
import { balances, isBalanced, accounts } from '../../functions/src/escrow/ledger.js';
import { initialState, step } from '../../functions/src/escrow/lifecycle.js';

const actors: Actor[] = ['parent', 'admin', 'system'];

describe('escrow lifecycle (pure)', () => {
  it('keeps every ledger balanced and no transaction in two final states, over 1 000 random sequences', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }).map((i) => i * 500),
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.tuple(fc.constantFrom(...TRANSACTION_ACTIONS), fc.constantFrom(...actors)), { maxLength: 25 }),
        (rate, hours, actions) => {
          const price = priceLesson(rate, hours);
          const parties = { transactionId: 't', parentId: 'p', tutorUserId: 'u', amountTotal: price.total, amountTutor: price.tutor, commission: price.commission };
          let state = initialState();
          const reachedFinal = new Set<string>();
          for (const [action, actor] of actions) {
            const result = step(state, action, actor, parties);
            if (!result.ok) continue;
            state = result.state;
            if (['released', 'refunded', 'failed', 'payment_mismatch'].includes(state.status)) reachedFinal.add(state.status);
            expect(isBalanced(state.ledger)).toBe(true);
          }
          expect(reachedFinal.size).toBeLessThanOrEqual(1);
          const movements = state.ledger.map((l) => l.movement);
          const released = movements.includes('release');
          const refunded = movements.includes('refund');
          expect(released && refunded).toBe(false);
          const escrow = balances(state.ledger).get(accounts.escrow('t')) ?? 0;
          // Funds are held exactly while paid and neither released nor refunded.
          const held = movements.includes('payment') && !released && !refunded;
          expect(escrow + 0).toBe((held ? -price.total : 0) + 0); // + 0: no -0 for free lessons
          if (state.status === 'released') expect(released).toBe(true);
          if (state.status === 'refunded') expect(refunded).toBe(true);
          if (state.status === 'failed' || state.status === 'payment_mismatch') expect(movements).toEqual([]);
          // Money leaves escrow only after it came in.
          if (released || refunded) expect(movements).toContain('payment');
        },
      ),
      { numRuns: 1000 },
    );
  });
});
