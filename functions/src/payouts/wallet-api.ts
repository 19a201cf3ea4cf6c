/**
 * The tutor's wallet, five routes in one Lambda (like notifications/api.ts): each keeps its own
 * `apiHandler` (roles, schemas, French errors), chosen by API Gateway's `routeKey`. Always the
 * caller's own wallet: the owner is the token's subject, never a parameter.
 *
 * - `GET /api/wallet`: balances, destination, why 'Retirer' is refused, the payout in flight.
 * - `GET /api/wallet/payouts`: the caller's payouts, newest first, paged.
 * - `POST /api/wallet/destination/code`: e-mails the 6-digit code that proves a change.
 * - `PUT /api/wallet/destination`: checks the code, writes the destination (held 48 h), tells the tutor.
 * - `POST /api/wallet/withdrawals`: the withdrawal, ONE conditional transaction (see `withdraw`).
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { messages } from '#shared/messages';
import {
  DESTINATION_CODE_LENGTH,
  DESTINATION_CODE_MAX_ATTEMPTS,
  DESTINATION_CODE_TTL_MINUTES,
  DESTINATION_HOLD_HOURS,
  maskedPhone,
  OPERATOR_RULES,
  operatorPhone,
  PAYOUT_PROVIDERS,
  quotePayout,
  withdrawalAmountError,
  type PayoutOperator,
  type PayoutProviderName,
} from '#shared/payouts';
import { payoutsQuerySchema, setDestinationSchema, withdrawSchema, type SetDestinationInput, type WithdrawInput } from '#shared/payouts-schemas';
import { routeKey, routes } from '#shared/routes';
import * as z from '#shared/zod';
import { cancellationCodes } from '#commons/counters';
import { isConditionalCheckFailure } from '#commons/db';
import { ConflictError, NotFoundError, ValidationError } from '#commons/errors';
import { apiHandler, json, ok, type ApiEvent, type ApiResult } from '#commons/http';
import { readIndexPage } from '#commons/index-page';
import { logger } from '#commons/logger';
import { getProfile } from '../auth/profile-read.js';
import { sesEmailChannel, type OutboundChannel } from '../notifications/channels.js';
import { deliver } from '../notifications/deliver.js';
import { transactionsOfTutor } from '../payments/transactions.js';
import {
  DESTINATIONS_IN_REVIEW_INDEX,
  DestinationCodeEntity,
  newestFirstKey,
  PayoutDestinationEntity,
  PayoutEntity,
  payoutsByStatusIndex,
  tutorPayoutsIndex,
  WalletEntity,
} from './entities.js';
import { getDestination, getPayout, getWallet, payoutLineWrites, type Payout, type PayoutDestination } from './settle.js';
import { blockedReason, holdLabel, toPayoutView, toWalletView } from './views.js';
import { startPayoutWorkflow } from './workflow.js';

const PAYOUTS_PAGE_SIZE = 20;
const HELD_STATUSES = new Set(['escrow', 'disputed']);
const MAX_ATTEMPTS = 8;

/** Who sends to an operator: `PAYOUT_PROVIDER_<OPERATOR>` when set, else the operator's default. */
export function providerNameFor(operator: PayoutOperator): PayoutProviderName {
  const configured = process.env[`PAYOUT_PROVIDER_${operator.toUpperCase()}`];
  return configured && (PAYOUT_PROVIDERS as readonly string[]).includes(configured) ? (configured as PayoutProviderName) : OPERATOR_RULES[operator].defaultProvider;
}

/** A name as compared with the KYC name: no accents, no case, words in any order. */
export function normalisedName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
    .sort()
    .join(' ');
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function walletOf(tutorUserId: string, now = new Date()) {
  const [wallet, destination, profile, transactions] = await Promise.all([
    getWallet(tutorUserId),
    getDestination(tutorUserId),
    getProfile(tutorUserId),
    transactionsOfTutor(tutorUserId),
  ]);
  const held = transactions.filter((tx) => HELD_STATUSES.has(tx.status)).reduce((sum, tx) => sum + tx.amount_tutor, 0);
  const currentPayout = wallet?.current_payout_id ? await getPayout(wallet.current_payout_id) : null;
  const reason = blockedReason({ kycApproved: Boolean(profile?.is_verified), wallet, destination, now });
  return toWalletView({ wallet, held, destination, blockedReason: reason, currentPayout, now });
}

const payoutsList = (tutorUserId: string) => ({
  name: 'tutorPayouts',
  index: 'gsi1' as const,
  partition: tutorPayoutsIndex(tutorUserId),
  tableKey: (id: string) => ({ pk: `PAYOUT#${id}`, sk: 'PAYOUT' }),
});

export async function payoutsOf(tutorUserId: string, cursor: string | undefined) {
  const { items, next_cursor } = await readIndexPage(PayoutEntity, payoutsList(tutorUserId), cursor, PAYOUTS_PAGE_SIZE, (payout) => ({
    at: payout.created_at,
    id: payout.id,
  }));
  return { payouts: items.map(toPayoutView), next_cursor };
}

// ---------------------------------------------------------------------------------------------
// The destination

const hashCode = (tutorUserId: string, code: string) => createHash('sha256').update(`${tutorUserId}:${code}`).digest('hex');

/**
 * Makes and e-mails a new code (replacing any earlier one, and its attempts). An e-mail that fails
 * fails the request (500): the tutor asks again, the new code replaces this one.
 */
export async function requestDestinationCode(tutorUserId: string, now = new Date(), channel: OutboundChannel = sesEmailChannel): Promise<{ email: string }> {
  const profile = await getProfile(tutorUserId);
  if (!profile?.email) throw new NotFoundError(messages.http.notFound);
  const code = String(randomInt(0, 10 ** DESTINATION_CODE_LENGTH)).padStart(DESTINATION_CODE_LENGTH, '0');
  await DestinationCodeEntity.build(PutItemCommand)
    .item({
      tutor_user_id: tutorUserId,
      code_hash: hashCode(tutorUserId, code),
      expires_at: Math.floor(now.getTime() / 1000) + DESTINATION_CODE_TTL_MINUTES * 60,
      attempts: 0,
      created_at: now.toISOString(),
    })
    .send();
  const outcome = await channel.send(
    { userId: tutorUserId, firstName: profile.first_name, email: profile.email },
    {
      title: 'Votre code pour le compte de retrait',
      body: `Votre code : ${code}. Il est valable ${DESTINATION_CODE_TTL_MINUTES} minutes. Si vous n'avez pas demandé à modifier votre compte de retrait, ignorez cet e-mail et contactez-nous.`,
      link: '/tutor-revenues',
    },
  );
  if (outcome !== 'sent') logger.warn('Destination code e-mail not sent', { outcome });
  return { email: profile.email };
}

const codeError = (message: string) => new ValidationError(message, [{ path: 'body.code', message }]);

/**
 * Checks the code, then writes the destination in one transaction with the code's deletion (a
 * code proves one change). A wrong code counts an attempt; the fifth refuses every later one.
 */
export async function setDestination(tutorUserId: string, input: SetDestinationInput, now = new Date()): Promise<PayoutDestination> {
  const { Item: stored } = await DestinationCodeEntity.build(GetItemCommand).key({ tutor_user_id: tutorUserId }).options({ consistent: true }).send();
  if (!stored || stored.expires_at * 1000 <= now.getTime()) throw codeError(messages.payouts.codeInvalid);
  if (stored.attempts >= DESTINATION_CODE_MAX_ATTEMPTS) throw codeError(messages.payouts.codeTooManyAttempts);
  const given = Buffer.from(hashCode(tutorUserId, input.code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(stored.code_hash, 'hex'))) {
    // Counted only while below the limit: five wrong codes at once count five, never more.
    await DestinationCodeEntity.build(UpdateItemCommand)
      .item({ tutor_user_id: tutorUserId, attempts: $add(1) })
      .options({ condition: { and: [{ attr: 'code_hash', eq: stored.code_hash }, { attr: 'attempts', lt: DESTINATION_CODE_MAX_ATTEMPTS }] } })
      .send()
      .catch((error: unknown) => {
        if (!isConditionalCheckFailure(error)) throw error;
      });
    throw codeError(stored.attempts + 1 >= DESTINATION_CODE_MAX_ATTEMPTS ? messages.payouts.codeTooManyAttempts : messages.payouts.codeInvalid);
  }
  const profile = await getProfile(tutorUserId);
  const phone = operatorPhone(input.operator, input.phone)!;
  const kycName = profile ? `${profile.first_name} ${profile.last_name}` : '';
  const matches = normalisedName(input.holder_name) === normalisedName(kycName);
  const changedAt = now.toISOString();
  const destination = {
    tutor_user_id: tutorUserId,
    operator: input.operator,
    phone,
    holder_name: input.holder_name,
    status: matches ? ('active' as const) : ('review' as const),
    name_matches_kyc: matches,
    changed_at: changedAt,
    hold_until: new Date(now.getTime() + DESTINATION_HOLD_HOURS * 3600_000).toISOString(),
    // A name that differs waits for an admin (the sparse review list).
    ...(matches ? {} : { gsi1pk: DESTINATIONS_IN_REVIEW_INDEX, gsi1sk: newestFirstKey(changedAt, tutorUserId) }),
  };
  try {
    await execute(
      PayoutDestinationEntity.build(PutTransaction).item(destination),
      DestinationCodeEntity.build(DeleteTransaction)
        .key({ tutor_user_id: tutorUserId })
        .options({ condition: { and: [{ attr: 'code_hash', eq: stored.code_hash }, { attr: 'attempts', lt: DESTINATION_CODE_MAX_ATTEMPTS }] } }),
    );
  } catch (error) {
    // The code was used (or replaced) meanwhile by another request.
    if (cancellationCodes(error)[1] === 'ConditionalCheckFailed') throw codeError(messages.payouts.codeInvalid);
    throw error;
  }
  await deliver(tutorUserId, { side: 'tutor', details: { kind: 'payout_destination_changed', phone: maskedPhone(phone), until: holdLabel(destination.hold_until) }, ref: `${tutorUserId}#payout_destination_changed` }, changedAt).catch(
    (error: unknown) => logger.error('Destination change notification not delivered', error as Error),
  );
  return destination as PayoutDestination;
}

// ---------------------------------------------------------------------------------------------
// The withdrawal

/** The payout already stored under a request id: the same tutor's (a double tap), or a 409. */
function sameRequest(payout: Payout, tutorUserId: string): { created: false; payout: Payout } {
  if (payout.tutor_user_id !== tutorUserId) throw new ConflictError(messages.payouts.requestIdReused);
  return { created: false, payout };
}

/**
 * ONE DynamoDB transaction: the wallet debited (`available −= amount`, `in_flight += amount`, the
 * payout in flight) only if the balance covers it, no payout is in flight and a lesson was
 * confirmed; the destination checked (active, past its hold, still the number used); the payout
 * put once under the browser's request id; the two `withdrawal` lines. Whatever the concurrency,
 * the balance never goes below zero and a request id makes one payout.
 */
export async function withdraw(tutorUserId: string, input: WithdrawInput, now = new Date()): Promise<{ created: boolean; payout: Payout }> {
  for (let attempt = 1; ; attempt++) {
    const [wallet, destination, profile] = await Promise.all([getWallet(tutorUserId), getDestination(tutorUserId), getProfile(tutorUserId)]);
    // Read after the wallet: a payout of this request id that already debited the wallet read
    // above is seen here (a double tap answered 200, not refused as 'a payout is in flight').
    const existing = await getPayout(input.request_id);
    if (existing) return sameRequest(existing, tutorUserId);
    const reason = blockedReason({ kycApproved: Boolean(profile?.is_verified), wallet, destination, now });
    if (reason) throw new ConflictError(reason);
    const dest = destination!;
    const amountError = withdrawalAmountError(dest.operator, input.amount, wallet?.available ?? 0);
    if (amountError) throw new ValidationError(amountError, [{ path: 'body.amount', message: amountError }]);
    const { fee, net } = quotePayout(dest.operator, input.amount);
    const createdAt = now.toISOString();
    const payout: Payout = {
      id: input.request_id,
      tutor_user_id: tutorUserId,
      tutor_name: profile ? `${profile.first_name} ${profile.last_name}` : '',
      amount: input.amount,
      fee,
      net,
      operator: dest.operator,
      provider: providerNameFor(dest.operator),
      phone: dest.phone,
      holder_name: dest.holder_name,
      status: 'requested',
      created_at: createdAt,
      updated_at: createdAt,
    };
    try {
      await execute(
        WalletEntity.build(UpdateTransaction)
          .item({ tutor_user_id: tutorUserId, available: $add(-input.amount), in_flight: $add(input.amount), current_payout_id: payout.id, updated_at: createdAt })
          .options({
            condition: {
              and: [{ attr: 'available', gte: input.amount }, { attr: 'current_payout_id', exists: false }, { attr: 'releases', gte: 1 }],
            },
          }),
        PayoutDestinationEntity.build(ConditionCheck)
          .key({ tutor_user_id: tutorUserId })
          .condition({ and: [{ attr: 'status', eq: 'active' }, { attr: 'hold_until', lte: createdAt }, { attr: 'phone', eq: dest.phone }] }),
        PayoutEntity.build(PutTransaction)
          .item({
            ...payout,
            gsi1pk: tutorPayoutsIndex(tutorUserId),
            gsi1sk: newestFirstKey(createdAt, payout.id),
            gsi2pk: payoutsByStatusIndex('requested'),
            gsi2sk: newestFirstKey(createdAt, payout.id),
          })
          .options({ condition: { attr: 'id', exists: false } }),
        ...payoutLineWrites(payout, 'withdrawal', createdAt),
      );
      return { created: true, payout };
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes.length) throw error;
      // Another request (the same double tap, another withdrawal, a release) wrote meanwhile:
      // read again, and decide again from what is stored now.
      if (attempt < MAX_ATTEMPTS && (codes.includes('TransactionConflict') || codes[2] === 'ConditionalCheckFailed')) {
        await new Promise((r) => setTimeout(r, 10 + Math.random() * 40 * attempt));
        continue;
      }
      const again = await getPayout(input.request_id);
      if (again) return sameRequest(again, tutorUserId);
      const stored = await getWallet(tutorUserId);
      const refusal =
        blockedReason({ kycApproved: true, wallet: stored, destination: await getDestination(tutorUserId), now }) ??
        ((stored?.available ?? 0) < input.amount ? messages.payouts.insufficientBalance : messages.payouts.withdrawalRaced);
      throw new ConflictError(refusal);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Routes

// The browser posts '{}': nothing else is accepted.
const noBody = z.strictObject({});

const byRoute: Record<string, (event: ApiEvent, context: Context) => Promise<ApiResult>> = {
  [routeKey(routes.getWallet)]: apiHandler(routes.getWallet, {}, async ({ caller }) => ok(await walletOf(caller.userId))),
  [routeKey(routes.listMyPayouts)]: apiHandler(routes.listMyPayouts, { query: payoutsQuerySchema }, async ({ caller, query }) =>
    ok(await payoutsOf(caller.userId, query.cursor)),
  ),
  [routeKey(routes.requestDestinationCode)]: apiHandler(routes.requestDestinationCode, { body: noBody }, async ({ caller }) => {
    const { email } = await requestDestinationCode(caller.userId);
    return ok({ message: messages.payouts.codeSent(email) });
  }),
  [routeKey(routes.setPayoutDestination)]: apiHandler(routes.setPayoutDestination, { body: setDestinationSchema }, async ({ caller, body }) => {
    await setDestination(caller.userId, body);
    return ok(await walletOf(caller.userId));
  }),
  [routeKey(routes.requestWithdrawal)]: apiHandler(routes.requestWithdrawal, { body: withdrawSchema }, async ({ caller, body }) => {
    const { created, payout } = await withdraw(caller.userId, body);
    // Started after the write; a start that fails is the reconciler's (the payout stays requested).
    if (created) await startPayoutWorkflow(payout.id);
    return json(created ? 201 : 200, toPayoutView(payout));
  }),
};

export const handler = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
  const route = byRoute[event.routeKey];
  if (!route) return json(404, { error: { code: 'not_found', message: messages.http.notFound } });
  return route(event, context);
};
