/**
 * After the lesson the parent rates it (1–5, optional review), once. A rating of 2 or less opens a
 * dispute: while the funds are still held they are frozen (escrow → disputed) until an admin
 * decides; after a release the dispute is only recorded for the admins.
 */
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute, type ExecuteTransactWriteInput } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { DISPUTE_RATING_THRESHOLD } from '#shared/constants';
import { lessonIsOver } from '#shared/payments';
import { messages } from '#shared/messages';
import type { RatingInput } from '#shared/payments-schemas';
import { disputeCounterWrites, retryOnConflict } from '#commons/counters';
import { ConflictError, ForbiddenError, NotFoundError } from '#commons/errors';
import { applyTransition } from '../escrow/transitions.js';
import { recordWriteCapacity } from '../payments/capacity.js';
import { DisputeEntity, disputesIndex, newestFirstKey, TransactionEntity } from '../payments/entities.js';
import { getTransaction, type Transaction } from '../payments/transactions.js';

type WriteItem = Extract<ExecuteTransactWriteInput[number], { params: unknown }>;

export function opensDispute(rating: number): boolean {
  return rating <= DISPUTE_RATING_THRESHOLD;
}

export async function rateCourse(
  transactionId: string,
  parentId: string,
  input: RatingInput,
  now = new Date(),
): Promise<{ transaction: Transaction; dispute: boolean }> {
  const tx = await getTransaction(transactionId);
  if (!tx) throw new NotFoundError(messages.payments.transactionNotFound);
  if (tx.parent_id !== parentId) throw new ForbiddenError();
  if (tx.course.parent_rating !== undefined) throw new ConflictError(messages.payments.alreadyRated);
  if (!lessonIsOver(tx, now)) throw new ConflictError(messages.payments.ratingNotYet);
  const rating = { rating: input.rating, review: input.review || undefined };
  const dispute = opensDispute(input.rating);

  if (dispute && tx.status === 'escrow') {
    const updated = await applyTransition({ transactionId, action: 'dispute', actor: 'parent', actorId: parentId, rating });
    return { transaction: updated, dispute: true };
  }

  const ratedAt = now.toISOString();
  const writes = [
    TransactionEntity.build(UpdateTransaction)
      .item({
        id: tx.id,
        updated_at: ratedAt,
        course: { parent_rating: rating.rating, parent_review: rating.review, rated_at: ratedAt },
      } as never)
      .options({
        condition: {
          and: [
            { attr: 'parent_id', eq: parentId },
            { attr: 'status', eq: tx.status },
            { attr: 'course.parent_rating', exists: false },
          ],
        } as never,
      }),
  ] as WriteItem[];
  if (dispute) {
    writes.push(
      DisputeEntity.build(PutTransaction)
        .item({
          transaction_id: tx.id,
          parent_id: tx.parent_id,
          tutor_user_id: tx.tutor_user_id,
          rating: rating.rating,
          review: rating.review,
          status: 'open',
          opened_at: ratedAt,
          gsi1pk: disputesIndex('open'),
          gsi1sk: newestFirstKey(ratedAt, tx.id),
        })
        .options({ condition: { attr: 'transaction_id', exists: false } }),
      ...disputeCounterWrites(null, 'open'),
    );
  }
  try {
    const response = await retryOnConflict(() => execute({ capacity: 'TOTAL' }, ...writes));
    recordWriteCapacity('rate', response.ConsumedCapacity);
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw new ConflictError(messages.payments.alreadyRated);
    throw error;
  }
  return {
    transaction: { ...tx, updated_at: ratedAt, course: { ...tx.course, parent_rating: rating.rating, parent_review: rating.review, rated_at: ratedAt } },
    dispute,
  };
}
