/**
 * Talking to the escrow workflow: start an execution for a transaction (at booking, and again when
 * an admin retries one that needs attention), and wake the task it waits in once DynamoDB (the
 * source of truth) has changed. A lost signal is never fatal: every wait of the workflow has a
 * timeout after which it re-reads the transaction.
 */
import { SendTaskSuccessCommand, StartExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { $add, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import type { TransactionStatus } from '#shared/transaction-process';
import { sfn } from '#commons/clients/sfn';
import { requireEnv } from '#commons/env';
import { currentCorrelationId, logger } from '#commons/logger';
import { recordBusinessEvent } from '#commons/metrics';
import { recordWriteCapacity } from '../payments/capacity.js';
import { TransactionEntity, WorkflowTokenEntity } from '../payments/entities.js';

/**
 * One name per attempt: Step Functions never reuses an execution name (90 days), so a retried or
 * resumed workflow needs a new one. A UUID, '-' and a number: well within the 80 allowed characters.
 */
export function executionName(transactionId: string, attempt: number): string {
  return `${transactionId}-${attempt}`;
}

/** The attempt an execution name carries (0 when it carries none). */
export function attemptOf(executionName: string): number {
  const match = /-(\d+)$/.exec(executionName);
  return match ? Number(match[1]) : 0;
}

/**
 * The input of every execution: the transaction, the attempt, and the correlation id its Tasks log
 * with — the starter's (the booking's or the retry's request), or the transaction id when the
 * starter has none. escrow.asl.json hands `$$.Execution.Input.correlationId` to every Task: it must
 * always be there, so every execution is started with an input built here.
 */
export interface EscrowExecution {
  name: string;
  input: string;
  attempt: number;
}

/**
 * Counts a new attempt on the transaction (atomically: two starters never get the same number).
 * With `expectedAttempt`, only if the transaction is still at that attempt (0: none yet): two
 * reconcilers replacing the same dead execution start one new attempt, not two — the other gets
 * ConditionalCheckFailed.
 */
export async function nextExecution(transactionId: string, expectedAttempt?: number): Promise<EscrowExecution> {
  const stillAt =
    expectedAttempt === undefined
      ? []
      : [expectedAttempt === 0 ? { attr: 'workflow_attempt', exists: false } : { attr: 'workflow_attempt', eq: expectedAttempt }];
  const { Attributes, ConsumedCapacity } = await TransactionEntity.build(UpdateItemCommand)
    .item({ id: transactionId, workflow_attempt: $add(1) })
    .options({ condition: { and: [{ attr: 'id', exists: true }, ...stillAt] } as never, returnValues: 'UPDATED_NEW', capacity: 'INDEXES' })
    .send();
  recordWriteCapacity('nextExecution', ConsumedCapacity);
  return executionOf(transactionId, Number(Attributes?.workflow_attempt ?? 1));
}

/**
 * The ARN of a transaction's execution of `attempt` (none before its first): Step Functions names
 * it after the state machine and the execution's name (`arn:…:execution:<machine>:<name>`), so
 * the attempt counted on the transaction is all that needs keeping — no second write after the start.
 */
export function executionArnOf(transactionId: string, attempt: number | undefined): string | undefined {
  if (!attempt) return undefined;
  const machine = requireEnv('ESCROW_STATE_MACHINE_ARN');
  return `${machine.replace(':stateMachine:', ':execution:')}:${executionName(transactionId, attempt)}`;
}

/** The execution of an attempt already counted on the transaction (the booking writes attempt 1 with it). */
function executionOf(transactionId: string, attempt: number): EscrowExecution {
  const correlationId = currentCorrelationId() ?? transactionId;
  return { name: executionName(transactionId, attempt), input: JSON.stringify({ transactionId, attempt, correlationId }), attempt };
}

/**
 * Starts a new attempt: counted here (`nextExecution`), or, with `counted`, the attempt the
 * transaction already holds (the booking's first, written with the transaction itself).
 */
export async function startEscrowWorkflow(transactionId: string, options: { expectedAttempt?: number; counted?: number } = {}): Promise<string> {
  const execution = options.counted ? executionOf(transactionId, options.counted) : await nextExecution(transactionId, options.expectedAttempt);
  const { executionArn = '' } = await sfn.send(
    new StartExecutionCommand({ stateMachineArn: requireEnv('ESCROW_STATE_MACHINE_ARN'), name: execution.name, input: execution.input }),
  );
  if (executionArn !== executionArnOf(transactionId, execution.attempt)) {
    logger.error('Execution ARN not the one its name gives', { transactionId, executionArn, expected: executionArnOf(transactionId, execution.attempt) });
  }
  return executionArn;
}

/**
 * Stops an execution a retry replaces, so that only one drives the transaction. One already ended
 * (failed, or gone) is fine; any other refusal is logged: conditional writes keep a second one harmless.
 */
export async function stopEscrowWorkflow(executionArn: string | undefined, cause: string): Promise<void> {
  if (!executionArn) return;
  try {
    await sfn.send(new StopExecutionCommand({ executionArn, cause }));
    // Aborted on purpose: the aborted-executions alarm leaves these out (infra/lib/monitoring.ts).
    recordBusinessEvent('ExecutionReplaced');
  } catch (error) {
    if ((error as Error).name !== 'ExecutionDoesNotExist') logger.warn('Could not stop the escrow execution', { executionArn, error: (error as Error).message });
  }
}

const GONE_TASK_ERRORS = new Set(['TaskDoesNotExist', 'TaskTimedOut', 'InvalidToken']);

/** Sends the task token, which the workflow holds while waiting in `fromStatus`, on its way. */
export async function sendTaskToken(taskToken: string, status: TransactionStatus): Promise<void> {
  try {
    await sfn.send(new SendTaskSuccessCommand({ taskToken, output: JSON.stringify({ status }) }));
  } catch (error) {
    const name = (error as Error).name;
    if (GONE_TASK_ERRORS.has(name)) {
      logger.info('Escrow workflow task already gone', { name });
      return;
    }
    // The workflow's own timeout re-reads the table: log, never fail the user's action.
    logger.error('Could not signal the escrow workflow', error as Error);
  }
}

/**
 * After a status change from `fromStatus`: if the workflow recorded a task token while waiting in
 * that status, wake it. Read after the write, so a token recorded just before it is not missed
 * (a token recorded after it is followed by the wait's own read of the status, which wakes itself).
 */
export async function wakeWorkflow(transactionId: string, fromStatus: TransactionStatus, toStatus: TransactionStatus): Promise<void> {
  const { Item: token } = await WorkflowTokenEntity.build(GetItemCommand)
    .key({ transaction_id: transactionId, task_status: fromStatus })
    .options({ consistent: true })
    .send();
  if (token) await sendTaskToken(token.task_token, toStatus);
}
