import { messages } from '#shared/messages';
import { closeDisputeSchema, transactionIdParamsSchema } from '#shared/payments-schemas';
import { routes } from '#shared/routes';
import { ConflictError, NotFoundError } from '#commons/errors';
import { ok } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';
import { applyStep } from '../escrow/transitions.js';
import { getDispute, getTransaction } from './money.js';

/**
 * `POST /api/admin/disputes/{id}/close`: closes a dispute whose funds are no longer held (rated
 * after the release) — the process's `close_dispute` step (shared/src/transaction-process.ts). A
 * dispute on held funds is closed by deciding it (release or refund): the funds must still not be
 * held when the dispute is written (one DynamoDB transaction), or a dispute opening on held funds
 * while the admin closes it would be closed, its funds frozen.
 */
export const handler = apiHandlerWithSecondFactor(
  routes.adminCloseDispute,
  { params: transactionIdParamsSchema, body: closeDisputeSchema },
  async ({ caller, params, body }) => {
    const id = params.id.toLowerCase();
    const [dispute, tx] = await Promise.all([getDispute(id), getTransaction(id)]);
    if (!dispute || !tx) throw new NotFoundError(messages.payments.disputeNotFound);
    try {
      await applyStep(tx, { step: 'close_dispute', actor: 'admin', actorId: caller.userId, adminNotes: body.adminNotes });
    } catch (error) {
      if ((error as { name?: string } | null)?.name !== 'TransactionCanceledException') throw error;
      const [funds] = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
      // The funds are held again (the dispute just opened on them): decide it instead.
      if (funds?.Code === 'ConditionalCheckFailed') throw new ConflictError(messages.payments.actionNotAllowed);
      throw new ConflictError(messages.payments.alreadyDecided);
    }
    return ok({ success: true });
  },
);
