/**
 * The lifecycle as a pure state machine over (status, ledger): what the DynamoDB code does in
 * conditional transactions, without DynamoDB. Used by the property tests, and a reference for
 * what must hold: one status at a time, each movement once, every movement balanced.
 */
import { INITIAL_STATUS, transitionFor, type Actor, type TransactionAction, type TransactionStatus } from '#shared/transaction-process';
import { ledgerLinesFor, type LedgerLine, type LedgerParties } from './ledger.js';

export interface LifecycleState {
  status: TransactionStatus;
  ledger: LedgerLine[];
}

export type StepResult = { ok: true; state: LifecycleState } | { ok: false; reason: 'not_allowed' | 'duplicate_movement' };

export function initialState(): LifecycleState {
  return { status: INITIAL_STATUS, ledger: [] };
}

/** Applies one action as the conditional write would: all of it, or nothing. */
export function step(state: LifecycleState, action: TransactionAction, actor: Actor, parties: LedgerParties): StepResult {
  const paid = state.ledger.some((line) => line.movement === 'payment');
  const transition = transitionFor(action, state.status, actor, paid);
  if (!transition) return { ok: false, reason: 'not_allowed' };
  const movement = transition.effects?.ledger;
  if (movement && state.ledger.some((line) => line.movement === movement)) return { ok: false, reason: 'duplicate_movement' };
  const added = movement ? ledgerLinesFor(movement, parties) : [];
  return { ok: true, state: { status: transition.to, ledger: [...state.ledger, ...added] } };
}
