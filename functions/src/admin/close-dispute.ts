import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { messages } from '#shared/messages';
import { closeDisputeSchema, transactionIdParamsSchema } from '#shared/payments-schemas';
import { routes } from '#shared/routes';
import { isConditionalCheckFailure } from '#commons/db';
import { ConflictError, NotFoundError } from '#commons/errors';
import { apiHandler, ok } from '#commons/http';
import { recordWriteCapacity } from '../payments/capacity.js';
import { DisputeEntity, disputesIndex } from '../payments/entities.js';
import { getDispute, getTransaction } from './money.js';

/**
 * `POST /api/admin/disputes/{id}/close`: closes a dispute whose funds are no longer held (rated
 * after the release). A dispute on held funds is closed by deciding it (release or refund).
 */
export const handler = apiHandler(
  routes.adminCloseDispute,
  { params: transactionIdParamsSchema, body: closeDisputeSchema },
  async ({ caller, params, body }) => {
    const id = params.id.toLowerCase();
    const [dispute, tx] = await Promise.all([getDispute(id), getTransaction(id)]);
    if (!dispute || !tx) throw new NotFoundError(messages.payments.disputeNotFound);
    if (tx.status === 'disputed') throw new ConflictError(messages.payments.actionNotAllowed);
    try {
      const response = await DisputeEntity.build(UpdateItemCommand)
        .item({
          transaction_id: id,
          status: 'resolved',
          resolved_at: new Date().toISOString(),
          resolution: 'closed',
          resolved_by: caller.userId,
          ...(body.adminNotes ? { admin_notes: body.adminNotes } : {}),
          gsi1pk: disputesIndex('resolved'),
        })
        .options({ condition: { attr: 'status', eq: 'open' }, capacity: 'TOTAL' })
        .send();
      recordWriteCapacity('closeDispute', response.ConsumedCapacity);
    } catch (error) {
      if (isConditionalCheckFailure(error)) throw new ConflictError(messages.payments.alreadyDecided);
      throw error;
    }
    return ok({ success: true });
  },
);
