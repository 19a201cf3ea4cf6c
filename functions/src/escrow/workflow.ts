/**
 * Talking to the escrow workflow: start one execution per transaction, and wake the task it
 * waits in once DynamoDB (the source of truth) has changed. A lost signal is never fatal: every
 * wait of the workflow has a timeout after which it re-reads the transaction.
 */
import { SendTaskSuccessCommand, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { TransactionStatus } from '#shared/payments';
import { sfn } from '#commons/clients/sfn';
import { requireEnv } from '#commons/env';
import { logger } from '#commons/logger';
import { getTransaction } from '../payments/transactions.js';

export async function startEscrowWorkflow(transactionId: string): Promise<string> {
  const { executionArn } = await sfn.send(
    new StartExecutionCommand({
      stateMachineArn: requireEnv('ESCROW_STATE_MACHINE_ARN'),
      // The transaction id as name: Step Functions refuses a second execution for it.
      name: transactionId,
      input: JSON.stringify({ transactionId }),
    }),
  );
  return executionArn ?? '';
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
 * (a token recorded after it fails its own condition, and the workflow wakes itself).
 */
export async function wakeWorkflow(transactionId: string, fromStatus: TransactionStatus): Promise<void> {
  const tx = await getTransaction(transactionId);
  if (tx?.task_token && tx.task_status === fromStatus) await sendTaskToken(tx.task_token, tx.status);
}
