/**
 * The parent's credits (issue 32), two routes in one Lambda (like messages/api.ts):
 *
 * - `GET /api/credits`: the parent's transactions kept as a credit (`credited`): a package lesson
 *   cancelled in time (to rebook with the same tutor within a week), or a trial guarantee taken as
 *   a first lesson with another tutor — with until when it can be spent and when it is refunded;
 * - `POST /api/credits/{id}/use`: spends one on a new lesson (the engine's `useCredit`: one
 *   DynamoDB transaction moves the credit and books the lesson, which then waits for its tutor).
 */
import type { Context } from 'aws-lambda';
import { messages } from '#shared/messages';
import { useCreditSchema, type CreditsListResponse, type CreditUseResult, type CreditView } from '#shared/package-schemas';
import { transactionIdParamsSchema } from '#shared/payments-schemas';
import { routeKey, routes } from '#shared/routes';
import { apiHandler, json, ok, type ApiEvent, type ApiResult } from '#commons/http';
import { NotFoundError } from '#commons/errors';
import { useCredit } from '../escrow/credits.js';
import { getTransaction, transactionsOfParent, type Transaction } from '../payments/transactions.js';

export function toCreditView(tx: Transaction): CreditView {
  const credit = tx.credit!;
  return {
    id: tx.id,
    reason: credit.reason,
    amount: tx.amount_total,
    tutor_id: tx.tutor_id,
    tutor_name: tx.tutor_name,
    subject: tx.course.subject,
    level: tx.course.level,
    duration_hours: tx.course.duration_hours,
    ...(tx.package_id ? { package_id: tx.package_id } : {}),
    rebook_until: credit.rebook_until,
    refund_at: credit.refund_at,
  };
}

/** The parent's open credits, the soonest to lapse first (read from the parent's own list). */
export async function creditsOf(parentId: string): Promise<CreditView[]> {
  const transactions = await transactionsOfParent(parentId);
  return transactions
    .filter((tx) => tx.status === 'credited' && tx.credit && !tx.credit.used_by)
    .map(toCreditView)
    .sort((a, b) => a.rebook_until.localeCompare(b.rebook_until));
}

const byRoute: Record<string, (event: ApiEvent, context: Context) => Promise<ApiResult>> = {
  [routeKey(routes.listMyCredits)]: apiHandler(routes.listMyCredits, {}, async ({ caller }) => ok({ credits: await creditsOf(caller.userId) } satisfies CreditsListResponse)),
  [routeKey(routes.useCredit)]: apiHandler(routes.useCredit, { params: transactionIdParamsSchema, body: useCreditSchema }, async ({ caller, params, body }) => {
    const creditId = params.id.toLowerCase();
    const credited = await getTransaction(creditId);
    if (!credited || credited.parent_id !== caller.userId) throw new NotFoundError(messages.packages.creditNotFound);
    const lessonId = await useCredit({
      creditId,
      parentId: caller.userId,
      // The lesson the credit came from says what is taught, unless the parent says otherwise.
      lesson: { tutor: body.tutorId, slots: body.slots, subject: body.subject ?? credited.course.subject, level: body.level ?? credited.course.level, notes: body.notes },
      now: new Date(),
    });
    return json(201, { transaction_id: lessonId, message: messages.packages.creditUsed } satisfies CreditUseResult);
  }),
};

export const handler = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
  const route = byRoute[event.routeKey];
  if (!route) return json(404, { error: { code: 'not_found', message: messages.http.notFound } });
  return route(event, context);
};
