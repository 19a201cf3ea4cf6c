/**
 * The one payout write the escrow makes (escrow/transitions.ts), in a module of its own so that
 * every function applying escrow transitions bundles the wallet entity only, not the settlement.
 */
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update';
import type { ExecuteTransactWriteInput } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { WalletEntity } from './entities.js';

type WriteItem = Extract<ExecuteTransactWriteInput[number], { params: unknown }>;

/**
 * The wallet update an escrow movement writes with its ledger lines (escrow/transitions.ts): the
 * tutor's credit becomes available; a `release` counts one more confirmed lesson. ADD creates the
 * wallet the first time.
 */
export function walletCreditWrite(tutorUserId: string, credit: number, releases: number, now: string): WriteItem {
  return WalletEntity.build(UpdateTransaction).item({
    tutor_user_id: tutorUserId,
    available: $add(credit),
    released_total: $add(credit),
    ...(releases ? { releases: $add(releases) } : {}),
    updated_at: now,
  }) as WriteItem;
}
