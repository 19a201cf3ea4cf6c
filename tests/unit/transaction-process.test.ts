/**
 * The escrow state machine (functions/src/escrow/escrow.asl.json, deployed as is) checked against
 * the transaction process it runs (shared/src/transaction-process.ts): it routes on exactly the
 * statuses the process leaves open, waits where the process waits with the timer it declares,
 * takes on each timer and each step the system transition the process names, and sends every
 * failure to the one transition that asks an admin. And the process itself: every status reachable
 * from the initial one, every in-place step on known statuses.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FINAL_STATUSES,
  INITIAL_STATUS,
  isFinalStatus,
  STEPS,
  statusesAllowing,
  TRANSACTION_STATUSES,
  TRANSITIONS,
  WAITS,
  WORKFLOW_STEPS,
  type TransactionAction,
  type TransactionStatus,
} from '#shared/transaction-process';
import { TASK_ACTIONS } from '../../functions/src/escrow/tasks.js';

interface AslState {
  Type: string;
  Resource?: string;
  Parameters?: { Payload?: Record<string, unknown> };
  Next?: string;
  Default?: string;
  TimeoutSecondsPath?: string;
  Choices?: Array<{ Variable: string; StringEquals: string; Next: string }>;
  Catch?: Array<{ ErrorEquals: string[]; Next: string }>;
}

const asl = JSON.parse(readFileSync(new URL('../../functions/src/escrow/escrow.asl.json', import.meta.url), 'utf8')) as {
  StartAt: string;
  States: Record<string, AslState>;
};
const states = asl.States;
const stateNamed = (name: string): AslState => {
  const state = states[name];
  if (!state) throw new Error(`no state ${name}`);
  return state;
};
const taskOf = (state: AslState) => state.Parameters?.Payload?.action as string | undefined;
const processActionOf = (task: string | undefined): TransactionAction | undefined =>
  task && task in TASK_ACTIONS ? TASK_ACTIONS[task as keyof typeof TASK_ACTIONS] : undefined;
const isWait = (state: AslState) => state.Type === 'Task' && (state.Resource ?? '').endsWith('.waitForTaskToken');

const route = Object.values(states).find((state) => state.Type === 'Choice')!;
const routed = new Map((route.Choices ?? []).map((choice) => [choice.StringEquals, choice.Next]));

describe('the escrow state machine runs the transaction process', () => {
  it('routes on exactly the statuses the process leaves open, and ends on the final ones', () => {
    for (const status of routed.keys()) expect(TRANSACTION_STATUSES as readonly string[], status).toContain(status);
    const open = TRANSACTION_STATUSES.filter((status) => !isFinalStatus(status));
    expect([...routed.keys()].sort()).toEqual([...open].sort());
    expect(stateNamed(route.Default!).Type).toBe('Succeed');
    // The process's open statuses are exactly where the workflow waits or acts.
    expect([...Object.keys(WAITS), ...Object.keys(WORKFLOW_STEPS)].sort()).toEqual([...open].sort());
  });

  it('waits where the process waits, with its timer, and takes the transition the timer names', () => {
    for (const [status, wait] of Object.entries(WAITS) as Array<[TransactionStatus, (typeof WAITS)[TransactionStatus]]>) {
      const state = stateNamed(routed.get(status)!);
      expect(isWait(state), `${status}: attente`).toBe(true);
      expect(taskOf(state)).toBe('recordToken');
      expect(state.TimeoutSecondsPath, `${status}: délai`).toBe('$.waitSeconds');
      const onTimeout = state.Catch?.find((c) => c.ErrorEquals.includes('States.Timeout'))?.Next;
      if (wait?.action) {
        const action = processActionOf(taskOf(stateNamed(onTimeout!)));
        expect(action, `${status}: à l'échéance`).toBe(wait.action);
        expect(statusesAllowing(wait.action, 'system'), `${wait.action} par le système`).toContain(status);
        expect(wait.timer, status).toBeDefined();
      } else {
        // No deadline: the wait only re-reads the transaction.
        expect(onTimeout, status).toBe(asl.StartAt);
        expect(wait?.timer, status).toBeUndefined();
      }
    }
  });

  it('acts at once where the process says so, with the system transition it names', () => {
    for (const [status, action] of Object.entries(WORKFLOW_STEPS) as Array<[TransactionStatus, TransactionAction]>) {
      const state = stateNamed(routed.get(status)!);
      expect(isWait(state), status).toBe(false);
      expect(processActionOf(taskOf(state)), status).toBe(action);
      expect(statusesAllowing(action, 'system'), `${action} par le système`).toContain(status);
    }
  });

  it('knows every task of the state machine as a system transition of the process', () => {
    const tasks = Object.values(states).map(taskOf).filter((task): task is string => task !== undefined);
    for (const task of tasks.filter((task) => task !== 'load' && task !== 'recordToken')) {
      const action = processActionOf(task);
      expect(action, `tâche ${task}`).toBeDefined();
      expect(statusesAllowing(action!, 'system').length, `${task} → ${action}`).toBeGreaterThan(0);
    }
  });

  it('sends every failure of a task to the one transition that asks an admin, from every open status', () => {
    const mark = Object.entries(states).find(([, state]) => processActionOf(taskOf(state)) === 'flag_attention');
    expect(mark).toBeDefined();
    for (const [name, state] of Object.entries(states)) {
      if (state.Type !== 'Task' || name === mark![0]) continue;
      const onFailure = state.Catch?.find((c) => c.ErrorEquals.includes('States.ALL'))?.Next;
      expect(onFailure, name).toBeDefined();
      expect(stateNamed(onFailure!).Next ?? onFailure, name).toBe(mark![0]);
    }
    expect(statusesAllowing('flag_attention', 'system').sort()).toEqual([...routed.keys()].sort());
  });
});

describe('the transaction process', () => {
  it('reaches every status from the initial one, and leaves no final status', () => {
    const reached = new Set<TransactionStatus>([INITIAL_STATUS]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const t of TRANSITIONS) {
        if (t.from.some((from) => reached.has(from)) && !reached.has(t.to)) {
          reached.add(t.to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...TRANSACTION_STATUSES].sort());
    for (const t of TRANSITIONS) for (const from of t.from) expect(FINAL_STATUSES as readonly string[], `${t.action} depuis ${from}`).not.toContain(from);
  });

  it('declares one ledger movement per action, on transitions that enter or leave the held funds', () => {
    for (const action of new Set(TRANSITIONS.map((t) => t.action))) {
      const movements = new Set(TRANSITIONS.filter((t) => t.action === action).map((t) => t.effects?.ledger ?? null));
      expect(movements.size, action).toBe(1);
    }
  });

  it('keeps the status in its steps, on statuses it knows', () => {
    for (const step of STEPS) {
      expect(step.from.length, step.step).toBeGreaterThan(0);
      for (const from of step.from) expect(TRANSACTION_STATUSES as readonly string[]).toContain(from);
    }
  });
});
