/**
 * What the payout workflow's tests share: a payout put in flight in a stack's table as the
 * withdrawal leaves it (the wallet debited, the payout requested, its two `withdrawal` lines), the
 * workflow started as the withdrawal starts it (functions/src/payouts/workflow.ts, through the
 * stack's Step Functions endpoint), and reads of what the payout's partition holds.
 *
 * The production modules are imported in this process against the stack's engines
 * (`usePayoutEnvironment` first), so every item is written by the entities the handlers read.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { quotePayout, type PayoutOperator } from '#shared/payouts';
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

/** An Ivorian number of the operator, unique per call (its last 8 digits: the double's behaviours key on the number). */
export function uniquePhone(operator: PayoutOperator, suffix?: string): string {
  const prefix = operator === 'mtn' ? '05' : operator === 'moov' ? '01' : '07';
  const digits = suffix ?? String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return `+225${prefix}${digits}`;
}

export interface SeededPayout {
  id: string;
  tutorUserId: string;
  amount: number;
  fee: number;
  net: number;
  phone: string;
}

/**
 * A tutor whose wallet held `amount` and who withdrew it: wallet (available 0, in flight
 * `amount`, this payout current), the payout requested, and its `withdrawal` lines — what the
 * withdrawal's one transaction writes.
 */
export async function seedPayout(options: { operator?: PayoutOperator; amount?: number; phone?: string; createdAt?: Date } = {}): Promise<SeededPayout> {
  const { PutTransaction } = await import('dynamodb-toolbox/entity/actions/transactPut');
  const { execute } = await import('dynamodb-toolbox/entity/actions/transactWrite');
  const { PayoutEntity, WalletEntity } = await import('../../functions/src/payouts/entities.js');
  const { payoutLineWrites } = await import('../../functions/src/payouts/settle.js');
  const { providerNameFor } = await import('../../functions/src/payouts/providers/index.js');
  const operator = options.operator ?? 'orange';
  const amount = options.amount ?? 10_000;
  const { fee, net } = quotePayout(operator, amount);
  const id = randomUUID();
  const tutorUserId = `payout-tutor-${randomUUID()}`;
  const phone = options.phone ?? uniquePhone(operator);
  const now = (options.createdAt ?? new Date()).toISOString();
  const payout = {
    id,
    tutor_user_id: tutorUserId,
    tutor_name: 'Awa Koné',
    amount,
    fee,
    net,
    operator,
    provider: providerNameFor(operator),
    phone,
    holder_name: 'Awa Koné',
    status: 'requested' as const,
    created_at: now,
    updated_at: now,
    gsi1pk: `TUTOR_PAYOUTS#${tutorUserId}`,
    gsi1sk: `${now}#${id}`,
    gsi2pk: 'PAYOUTS#requested',
    gsi2sk: `${now}#${id}`,
  };
  await execute(
    WalletEntity.build(PutTransaction).item({
      tutor_user_id: tutorUserId,
      available: 0,
      in_flight: amount,
      paid_out: 0,
      fees: 0,
      released_total: amount,
      releases: 1,
      current_payout_id: id,
      updated_at: now,
    } as never),
    PayoutEntity.build(PutTransaction).item(payout as never),
    ...payoutLineWrites(payout as never, 'withdrawal', now),
  );
  return { id, tutorUserId, amount, fee, net, phone };
}

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
