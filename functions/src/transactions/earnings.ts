import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { messages } from '#shared/messages';
import { earningsQuerySchema } from '#shared/payments-schemas';
import { routes } from '#shared/routes';
import { TutorProfileEntity } from '#commons/db';
import { NotFoundError } from '#commons/errors';
import { apiHandler, ok } from '#commons/http';
import { toView, transactionsOfTutor } from '../payments/transactions.js';
import { computeEarnings } from './earnings-report.js';

/** `GET /api/earnings?period=week|month|year` (default month): Mes Revenus of the calling tutor. */
export const handler = apiHandler(routes.tutorEarnings, { query: earningsQuerySchema }, async ({ caller, query }) => {
  const { Item: tutorProfile } = await TutorProfileEntity.build(GetItemCommand).key({ user_id: caller.userId }).send();
  if (!tutorProfile) throw new NotFoundError(messages.revenues.profileMissing);
  const transactions = (await transactionsOfTutor(caller.userId)).map(toView);
  return ok(computeEarnings(query.period, transactions, new Date()));
});
