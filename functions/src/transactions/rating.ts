/**
 * After the lesson the parent rates it (1–5, optional review), once. What the rating does is the
 * transaction process's `ratingOutcome` (shared/src/transaction-process.ts): a low rating on held
 * funds freezes them (the `dispute` transition), a low rating after they left escrow only records
 * the dispute for the admins (`report_dispute`), any other rating is recorded (`rate`).
 */
import { lessonIsOver } from '#shared/payments';
import { ratingOutcome } from '#shared/transaction-process';
import { messages } from '#shared/messages';
import type { RatingInput } from '#shared/payments-schemas';
import { ConflictError, ForbiddenError, NotFoundError } from '#commons/errors';
import { applyStep, applyTransition } from '../escrow/transitions.js';
import { getTransaction, type Transaction } from '../payments/transactions.js';

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
  const outcome = ratingOutcome(input.rating, tx.status);

  if ('action' in outcome) {
    const updated = await applyTransition({ transactionId, action: 'dispute', actor: 'parent', actorId: parentId, rating });
    return { transaction: updated, dispute: true };
  }
  try {
    const updated = await applyStep(tx, { step: outcome.step, actor: 'parent', actorId: parentId, rating });
    return { transaction: updated, dispute: outcome.step === 'report_dispute' };
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw new ConflictError(messages.payments.alreadyRated);
    throw error;
  }
}
