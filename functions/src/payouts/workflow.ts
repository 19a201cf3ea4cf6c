/**
 * Starting the payout workflow (payouts.asl.json): one Step Functions execution per attempt,
 * named `<payoutId>-<attempt>` with the attempt counted on the payout (Step Functions never reuses
 * a name, so a restart needs a new one). A start that fails is logged and left: the payout stays
 * `requested`, and the payouts reconciler starts it again. Sending twice is harmless anyway: the
 * payout id is the provider's idempotency key.
 */
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { $add, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { sfn } from '#commons/clients/sfn';
import { requireEnv } from '#commons/env';
import { currentCorrelationId, logger } from '#commons/logger';
import { executionName } from '../escrow/workflow.js';
import { PayoutEntity } from './entities.js';

export { executionName, attemptOf } from '../escrow/workflow.js';

export interface PayoutExecution {
  name: string;
  input: string;
  attempt: number;
}

/**
 * Counts a new attempt on the payout (atomically). With `expectedAttempt`, only if the payout is
 * still at that attempt (0: none yet): two reconcilers restarting the same payout start one
 * attempt, not two — the other gets ConditionalCheckFailed.
 */
export async function nextPayoutExecution(payoutId: string, expectedAttempt?: number): Promise<PayoutExecution> {
  const stillAt =
    expectedAttempt === undefined
      ? []
      : [expectedAttempt === 0 ? { attr: 'workflow_attempt', exists: false } : { attr: 'workflow_attempt', eq: expectedAttempt }];
  const { Attributes } = await PayoutEntity.build(UpdateItemCommand)
    .item({ id: payoutId, workflow_attempt: $add(1) })
    .options({ condition: { and: [{ attr: 'id', exists: true }, ...stillAt] } as never, returnValues: 'UPDATED_NEW' })
    .send();
  const attempt = Number(Attributes?.workflow_attempt ?? 1);
  const correlationId = currentCorrelationId() ?? payoutId;
  return { name: executionName(payoutId, attempt), input: JSON.stringify({ payoutId, attempt, correlationId }), attempt };
}

/** The ARN of a payout's execution of `attempt` (`arn:…:execution:<machine>:<name>`). */
export function payoutExecutionArnOf(payoutId: string, attempt: number | undefined): string | undefined {
  if (!attempt) return undefined;
  const machine = requireEnv('PAYOUT_STATE_MACHINE_ARN');
  return `${machine.replace(':stateMachine:', ':execution:')}:${executionName(payoutId, attempt)}`;
}

/** Starts a new attempt of the payout's workflow; its ARN, or null when it could not (logged). */
export async function startPayoutWorkflow(payoutId: string, options: { expectedAttempt?: number } = {}): Promise<string | null> {
  try {
    const execution = await nextPayoutExecution(payoutId, options.expectedAttempt);
    const { executionArn = '' } = await sfn.send(
      new StartExecutionCommand({ stateMachineArn: requireEnv('PAYOUT_STATE_MACHINE_ARN'), name: execution.name, input: execution.input }),
    );
    return executionArn;
  } catch (error) {
    // The reconciler restarts payouts left `requested` without a live execution.
    logger.error('Could not start the payout workflow', { payoutId, error: (error as Error).message, name: (error as Error).name });
    return null;
  }
}
