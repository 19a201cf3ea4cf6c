/**
 * The payout workflow's definition (functions/src/payouts/payouts.asl.json, deployed as is by CDK
 * and run as is locally): every Task retries what is transient with backoff and full jitter and
 * sends everything else to Flag through a Pass that names the state; the loop always ends.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface State {
  Type: string;
  Next?: string;
  Default?: string;
  Choices?: Array<{ Next: string }>;
  Result?: string;
  Retry?: Array<{ ErrorEquals: string[]; JitterStrategy?: string; BackoffRate?: number; MaxAttempts?: number; IntervalSeconds?: number }>;
  Catch?: Array<{ ErrorEquals: string[]; Next: string; ResultPath?: string }>;
  Parameters?: { FunctionName?: string; Payload?: Record<string, unknown> };
  SecondsPath?: string;
}
const asl = JSON.parse(readFileSync(new URL('../../functions/src/payouts/payouts.asl.json', import.meta.url), 'utf8')) as { StartAt: string; States: Record<string, State> };
const tasks = Object.entries(asl.States).filter(([, state]) => state.Type === 'Task');

describe('the payout state machine', () => {
  it('sends, then waits and checks until settled or out of checks', () => {
    expect(asl.StartAt).toBe('Send');
    expect(asl.States.WaitForProvider).toMatchObject({ Type: 'Wait', SecondsPath: '$.checkSeconds', Next: 'Check' });
    expect(asl.States.AfterCheck!.Choices!.map((choice) => choice.Next)).toEqual(['Done', 'WaitForProvider']);
    expect(asl.States.AfterCheck!.Default).toBe('Done');
    expect(tasks.map(([name]) => name).sort()).toEqual(['Check', 'Flag', 'Send']);
    for (const [, state] of tasks) {
      expect(state.Parameters?.FunctionName).toBe('${PayoutTasksFunctionArn}');
      expect(state.Parameters?.Payload?.['payoutId.$']).toBe('$.payoutId');
    }
  });

  it('retries transient errors with backoff and full jitter in every Task', () => {
    for (const [name, state] of tasks) {
      const retried = state.Retry!.flatMap((retry) => retry.ErrorEquals);
      for (const error of ['Lambda.TooManyRequestsException', 'Sandbox.Timedout', 'TimeoutError', 'ThrottlingException', 'States.Timeout']) {
        expect(retried, `${name} retries ${error}`).toContain(error);
      }
      if (name !== 'Flag') expect(retried, `${name} retries Payout.Transient`).toContain('Payout.Transient');
      expect(retried).not.toContain('States.ALL');
      for (const retry of state.Retry!) {
        expect(retry.JitterStrategy).toBe('FULL');
        expect(retry.BackoffRate).toBeGreaterThan(1);
      }
    }
  });

  it('catches every other error into Flag, naming the state that failed', () => {
    for (const [name, state] of tasks.filter(([name]) => name !== 'Flag')) {
      expect(state.Catch, name).toEqual([{ ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: `${name}Failed` }]);
      expect(asl.States[`${name}Failed`]).toMatchObject({ Type: 'Pass', Result: name, ResultPath: '$.failure.State', Next: 'Flag' });
    }
    expect(asl.States.Flag!.Parameters?.Payload?.['failure.$']).toBe('$.failure');
    expect(asl.States.Flag!.Catch).toBeUndefined();
    expect(asl.States.Flag!.Next).toBe('Done');
  });
});
