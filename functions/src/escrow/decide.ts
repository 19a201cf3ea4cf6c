import { actorForRole } from '#shared/transaction-process';
import { escrowDecisionSchema, transactionIdParamsSchema, type EscrowDecisionResult } from '#shared/payments-schemas';
import { routes } from '#shared/routes';
import { ForbiddenError } from '#commons/errors';
import { ok } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';
import { applyTransition } from './transitions.js';

/**
 * `POST /api/transactions/{id}/escrow` (the spec's 'release-escrow'): release or refund the funds
 * held. A parent acts only on its own transactions and without notes; an admin on any, with
 * optional notes. Racing calls: exactly one wins, the others get 409.
 */
export const handler = apiHandlerWithSecondFactor(
  routes.decideEscrow,
  { params: transactionIdParamsSchema, body: escrowDecisionSchema },
  async ({ caller, params, body }) => {
    const actor = actorForRole(caller.groups);
    if (!actor) throw new ForbiddenError();
    const tx = await applyTransition({
      transactionId: params.id.toLowerCase(),
      action: body.action,
      actor,
      actorId: caller.userId,
      adminNotes: actor === 'admin' ? body.adminNotes : undefined,
    });
    const result: EscrowDecisionResult = { success: true, status: tx.status };
    return ok(result);
  },
);
