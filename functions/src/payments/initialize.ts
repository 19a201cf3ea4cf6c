import { messages } from '#shared/messages';
import { paymentRequestSchema } from '#shared/payments-schemas';
import { routes } from '#shared/routes';
import { NotFoundError } from '#commons/errors';
import { apiHandler, ok } from '#commons/http';
import { getProfile } from '../auth/profiles.js';
import { bookAndInitialisePayment } from './booking.js';

/** `POST /api/payments` (the spec's 'paystack-payment'): books the lesson and returns Paystack's URL. */
export const handler = apiHandler(routes.initializePayment, { body: paymentRequestSchema }, async ({ caller, body }) => {
  const parent = await getProfile(caller.userId);
  if (!parent) throw new NotFoundError(messages.http.profileNotFound);
  return ok(await bookAndInitialisePayment(body, { ...parent, email: parent.email ?? caller.email }));
});
