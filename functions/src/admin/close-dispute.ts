import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { messages } from '#shared/messages';
import { closeDisputeSchema, transactionIdParamsSchema } from '#shared/payments-schemas';
import { routes } from '#shared/routes';
import { disputeCounterWrites, retryOnConflict } from '#commons/counters';
import { ConflictError, NotFoundError } from '#commons/errors';
import { apiHandler, ok } from '#commons/http';
import { recordWriteCapacity } from '../payments/capacity.js';
import { DisputeEntity, disputesIndex, TransactionEntity } from '../payments/entities.js';
import { getDispute, getTransaction } from './money.js';

/**
 * `POST /api/admin/disputes/{id}/close`: closes a dispute whose funds are no longer held (rated
 * after the release). A dispute on held funds is closed by deciding it (release or refund): the
 * funds must still not be held when the dispute is written (one DynamoDB transaction), or a
 * dispute opening on held funds while the admin closes it would be closed, its funds frozen.
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
      const response = await retryOnConflict(() => execute(
        { capacity: 'TOTAL' },
        TransactionEntity.build(ConditionCheck).key({ id }).condition({ attr: 'status', ne: 'disputed' }),
        DisputeEntity.build(UpdateTransaction)
          .item({
            transaction_id: id,
            status: 'resolved',
            resolved_at: new Date().toISOString(),
            resolution: 'closed',
            resolved_by: caller.userId,
            ...(body.adminNotes ? { admin_notes: body.adminNotes } : {}),
            gsi1pk: disputesIndex('resolved'),
          })
          .options({ condition: { attr: 'status', eq: 'open' } }),
        ...disputeCounterWrites('open', 'resolved'),
      ));
      recordWriteCapacity('closeDispute', response.ConsumedCapacity);
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
