/**
 * The trial guarantee (issue 32), two routes in one Lambda (like messages/api.ts):
 *
 * - `GET /api/guarantee`: what the parent has left of it this calendar year (GuaranteeAllowance);
 * - `POST /api/lessons/{id}/guarantee` {choice}: the claim on a first lesson ('Premier cours') that
 *   did not suit — a full refund, or a credit for a first lesson with another tutor.
 *
 * The rule (shared/src/packages.ts TRIAL_GUARANTEE, docs/decisions.md): the parent's own lesson
 * marked `trial`, from its start to 24 h after its end, while its funds are still held (`escrow`),
 * once per lesson, at most twice per calendar year. The claim is ONE DynamoDB transaction: the
 * transition (the tutor's half share of the first hour paid by the platform, the parent's money
 * refunded or kept as a credit) with the year's claims item, conditional on its count and on the
 * lesson not being in it — two parallel claims, or a third of the year, can never both pass.
 */
import type { Context } from 'aws-lambda';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $append } from 'dynamodb-toolbox/entity/actions/update';
import { messages } from '#shared/messages';
import { guaranteeClaimSchema, guaranteeOpen, guaranteeYear, TRIAL_GUARANTEE, type GuaranteeAllowance, type GuaranteeChoice, type GuaranteeClaimResult } from '#shared/package-schemas';
import { transactionIdParamsSchema } from '#shared/payments-schemas';
import { routeKey, routes } from '#shared/routes';
import { moneyReceived } from '#shared/transaction-process';
import { ConflictError, NotFoundError } from '#commons/errors';
import { apiHandler, json, ok, type ApiEvent, type ApiResult } from '#commons/http';
import { logger } from '#commons/logger';
import { applyTransition, type WriteItem } from '../escrow/transitions.js';
import { lessonTimes } from '../lessons/lessons.js';
import { getTransaction, transactionsOfParent, type Transaction } from '../payments/transactions.js';
import { GuaranteeClaimsEntity } from './entities.js';

async function claimsOf(parentId: string, year: number) {
  const { Item } = await GuaranteeClaimsEntity.build(GetItemCommand).key({ parent_id: parentId, year }).options({ consistent: true }).send();
  return Item ?? null;
}

export async function guaranteeAllowance(parentId: string, now: Date): Promise<GuaranteeAllowance> {
  const year = guaranteeYear(now);
  const used = (await claimsOf(parentId, year))?.count ?? 0;
  return { year, used, remaining: Math.max(0, TRIAL_GUARANTEE.max_per_year - used) };
}

/** Why the claim is refused now, in French; null when it may be made. */
function refusalOf(tx: Transaction, now: Date): string | null {
  if (!tx.trial) return messages.guarantee.notTrial;
  if (tx.guarantee) return messages.guarantee.alreadyClaimed;
  if (tx.status === 'released') return messages.guarantee.fundsReleased;
  if (!tx.course.scheduled_date || !guaranteeOpen(lessonTimes(tx), now)) return messages.guarantee.windowClosed;
  if (tx.status !== 'escrow') return messages.payments.actionNotAllowed;
  return null;
}

/**
 * The year's claims item, counted up with this lesson in the claim's DynamoDB transaction: on the
 * condition that the count is under the limit and the lesson not in it already.
 */
function claimWrite(parentId: string, transactionId: string, now: Date): WriteItem {
  return GuaranteeClaimsEntity.build(UpdateTransaction)
    .item({ parent_id: parentId, year: guaranteeYear(now), count: $add(1), transaction_ids: $append([transactionId]), updated_at: now.toISOString() })
    .options({
      condition: {
        and: [
          { or: [{ attr: 'count', exists: false }, { attr: 'count', lt: TRIAL_GUARANTEE.max_per_year }] },
          { not: { attr: 'transaction_ids', contains: transactionId } },
        ],
      },
    }) as WriteItem;
}

/** Another lesson of the parent with this tutor came first (paid, given or to be given, earlier) or had the guarantee already. */
async function notTheFirstWithTutor(tx: Transaction): Promise<boolean> {
  const others = (await transactionsOfParent(tx.parent_id)).filter((other) => other.tutor_id === tx.tutor_id && other.id !== tx.id);
  const start = tx.course.scheduled_date!;
  // An earlier lesson cancelled or declined was not given: the later one is still the first.
  return others.some(
    (other) => other.guarantee || (moneyReceived(other) && other.course.status !== 'cancelled' && (other.course.scheduled_date ?? other.created_at) < start),
  );
}

export async function claimGuarantee(transactionId: string, parentId: string, choice: GuaranteeChoice, now: Date): Promise<Transaction> {
  const tx = await getTransaction(transactionId);
  if (!tx || tx.parent_id !== parentId) throw new NotFoundError(messages.lessons.notFound);
  const refusal = refusalOf(tx, now);
  if (refusal) throw new ConflictError(refusal);
  // One guarantee per tutor: two lessons booked before either was paid are both marked 'Premier
  // cours'; only the first is one — not a later one, nor one after a guarantee with this tutor.
  if (await notTheFirstWithTutor(tx)) throw new ConflictError(messages.guarantee.notTrial);
  const year = guaranteeYear(now);
  if (((await claimsOf(parentId, year))?.count ?? 0) >= TRIAL_GUARANTEE.max_per_year) throw new ConflictError(messages.guarantee.yearlyLimit);
  try {
    const claimed = await applyTransition({
      transactionId,
      action: choice === 'refund' ? 'claim_guarantee_refund' : 'claim_guarantee_credit',
      actor: 'parent',
      actorId: parentId,
      now,
      also: [claimWrite(parentId, transactionId, now)],
      alsoConflict: messages.guarantee.yearlyLimit,
    });
    logger.info('Trial guarantee claimed', { transaction_id: transactionId, choice });
    return claimed;
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    // Lost a race: say which (the lesson claimed by the other request, the year's last claim taken, the funds released).
    const [again, claims] = await Promise.all([getTransaction(transactionId), claimsOf(parentId, year)]);
    if (again?.guarantee || claims?.transaction_ids.includes(transactionId)) throw new ConflictError(messages.guarantee.alreadyClaimed);
    if ((claims?.count ?? 0) >= TRIAL_GUARANTEE.max_per_year) throw new ConflictError(messages.guarantee.yearlyLimit);
    if (again?.status === 'released') throw new ConflictError(messages.guarantee.fundsReleased);
    throw error;
  }
}

const byRoute: Record<string, (event: ApiEvent, context: Context) => Promise<ApiResult>> = {
  [routeKey(routes.getGuaranteeAllowance)]: apiHandler(routes.getGuaranteeAllowance, {}, async ({ caller }) => ok(await guaranteeAllowance(caller.userId, new Date()))),
  [routeKey(routes.claimGuarantee)]: apiHandler(
    routes.claimGuarantee,
    { params: transactionIdParamsSchema, body: guaranteeClaimSchema },
    async ({ caller, params, body }) => {
      const claimed = await claimGuarantee(params.id.toLowerCase(), caller.userId, body.choice, new Date());
      return ok({
        id: claimed.id,
        status: claimed.status,
        choice: body.choice,
        ...(claimed.credit ? { credit: { rebook_until: claimed.credit.rebook_until, refund_at: claimed.credit.refund_at, amount: claimed.amount_total } } : {}),
        message: body.choice === 'refund' ? messages.guarantee.refunded : messages.guarantee.credited,
      } satisfies GuaranteeClaimResult);
    },
  ),
};

export const handler = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
  const route = byRoute[event.routeKey];
  if (!route) return json(404, { error: { code: 'not_found', message: messages.http.notFound } });
  return route(event, context);
};
