/**
 * What the payout workflow's tests share: a payout put in flight in a stack's table as the
 * withdrawal leaves it (the wallet debited, the payout requested, its two `withdrawal` lines), the
 * workflow started as the withdrawal starts it (functions/src/payouts/workflow.ts, through the
 * stack's Step Functions endpoint), and reads of what the payout's partition holds.
 *
 * The production modules are imported in this process against the stack's engines
 * (`usePayoutEnvironment` first), so every item is written by the entities the handlers read.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { stack } from '../support/stack.js';
import type { StackInfo } from '../support/stack-info.js';
import { db, eventually } from './payments-helpers.js';
import { useStackEnvironment } from './search-support.js';

/** The handlers' variables for the stack's DynamoDB and Step Functions (before the first import of their modules). */
export function usePayoutEnvironment(target: StackInfo = stack()): void {
  useStackEnvironment(
    {
      AWS_ENDPOINT_URL_SFN: `http://127.0.0.1:${target.ports.sfn}`,
      PAYOUT_STATE_MACHINE_ARN: 'arn:aws:states:eu-west-1:000000000000:stateMachine:kalan-local-payouts',
    },
    target,
  );
}

export { seedPayout, uniquePhone, type SeededPayout } from '../support/payouts-seed.js';

/** Starts the payout's workflow as the withdrawal does (a new attempt). */
export async function startWorkflow(payoutId: string): Promise<void> {
  const { startPayoutWorkflow } = await import('../../functions/src/payouts/workflow.js');
  await startPayoutWorkflow(payoutId);
}

/** Every item of the payout's partition: the payout and its ledger lines. */
export async function payoutPartition(payoutId: string, target = stack()): Promise<Array<Record<string, any>>> {
  const { Items = [] } = await db(target).send(
    new QueryCommand({
      TableName: 'kalan-local',
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `PAYOUT#${payoutId}` },
      ConsistentRead: true,
    }),
  );
  return Items;
}

export async function payoutOf(payoutId: string, target = stack()): Promise<Record<string, any> | undefined> {
  return (await payoutPartition(payoutId, target)).find((item) => item.sk === 'PAYOUT');
}

export async function walletOf(tutorUserId: string, target = stack()): Promise<Record<string, any> | undefined> {
  const { Items = [] } = await db(target).send(
    new QueryCommand({
      TableName: 'kalan-local',
      KeyConditionExpression: 'pk = :pk AND sk = :sk',
      ExpressionAttributeValues: { ':pk': `WALLET#${tutorUserId}`, ':sk': 'WALLET' },
      ConsistentRead: true,
    }),
  );
  return Items[0];
}

/** Waits until the payout is in `status`; fails, showing the payout, if it never is. */
export async function payoutReaches(payoutId: string, status: string, timeoutMs = 20_000, target = stack()): Promise<Record<string, any>> {
  const payout = await eventually(() => payoutOf(payoutId, target), (item) => item?.status === status, timeoutMs);
  expect(payout?.status, JSON.stringify(payout)).toBe(status);
  return payout!;
}

/** How many lines of each movement the payout's ledger holds, and that its lines balance. */
export async function movementsOf(payoutId: string, target = stack()): Promise<Record<string, number>> {
  const lines = (await payoutPartition(payoutId, target)).filter((item) => String(item.sk).startsWith('LEDGER#'));
  const debits = lines.reduce((sum, line) => sum + Number(line.debit ?? 0), 0);
  const credits = lines.reduce((sum, line) => sum + Number(line.credit ?? 0), 0);
  expect(debits, `lines of ${payoutId}: ${JSON.stringify(lines)}`).toBe(credits);
  const movements: Record<string, number> = {};
  for (const line of lines) movements[String(line.movement)] = (movements[String(line.movement)] ?? 0) + 1;
  return movements;
}
