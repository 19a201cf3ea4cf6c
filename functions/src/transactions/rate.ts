import { ratingSchema, transactionIdParamsSchema } from '#shared/payments-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { toView } from '../payments/transactions.js';
import { rateCourse } from './rating.js';

/** `POST /api/transactions/{id}/rating`: the parent rates its lesson once; ≤ 2 opens a dispute. */
export const handler = apiHandler(
  routes.rateCourse,
  { params: transactionIdParamsSchema, body: ratingSchema },
  async ({ caller, params, body }) => {
    const { transaction, dispute } = await rateCourse(params.id.toLowerCase(), caller.userId, body);
    return ok({ transaction: toView(transaction), dispute });
  },
);
