/**
 * Whether a signed-in caller's account still exists. API Gateway's JWT authorizer checks only a
 * token's signature and expiry, so a token issued before its account was deleted (`DELETE
 * /api/me`) is accepted until it expires (an hour). An account exists while its profile item does:
 * written at the sign-up's confirmation (or by `create-admin`), deleted by the deletion before
 * anything else of the partition is swept and before the Cognito user. Every signed-in route reads
 * it first (`requiresLiveAccount`, commons/http.ts), strongly consistent so that a deletion that
 * just answered 204 is seen: one read unit per request. Never cached: a container that had seen
 * the account would let its deleted owner write for as long as the cache lasts.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { ProfileEntity } from './db.js';
import { AccountDeletedError } from './errors.js';

export async function requireLiveAccount(userId: string): Promise<void> {
  const { Item } = await ProfileEntity.build(GetItemCommand).key({ user_id: userId }).options({ consistent: true, attributes: ['role'] }).send();
  if (!Item) throw new AccountDeletedError();
}
