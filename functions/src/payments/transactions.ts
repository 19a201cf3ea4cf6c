/** Reading transactions: by id, by parent, by tutor, all (admin); and their API shape. */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { BatchGetCommand, execute as executeBatchGet } from 'dynamodb-toolbox/table/actions/batchGet';
import { BatchGetRequest } from 'dynamodb-toolbox/entity/actions/batchGet';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { invoiceNumber } from '#shared/payments';
import type { TransactionView } from '#shared/payments-schemas';
import { kalanTable } from '#commons/db';
import {
  ALL_TRANSACTIONS_INDEX,
  parentTransactionsIndex,
  TransactionEntity,
  TransactionIndexEntity,
  tutorTransactionsIndex,
} from './entities.js';

export type Transaction = FormattedItem<typeof TransactionEntity>;

export async function getTransaction(id: string, consistent = true): Promise<Transaction | null> {
  const { Item } = await TransactionEntity.build(GetItemCommand).key({ id }).options({ consistent }).send();
  return Item ?? null;
}

async function queryIndex(indexName: 'gsi1' | 'gsi2', partition: string, limit = 1000): Promise<Transaction[]> {
  const items: Transaction[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await kalanTable
      .build(QueryCommand)
      .entities(TransactionEntity)
      .query({ index: indexName, partition })
      .options({ reverse: true, exclusiveStartKey, maxPages: 1 })
      .send();
    items.push(...(page.Items ?? []));
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey && items.length < limit);
  return items.slice(0, limit);
}

/** A parent's transactions, newest first. */
export function transactionsOfParent(parentId: string): Promise<Transaction[]> {
  return queryIndex('gsi1', parentTransactionsIndex(parentId));
}

/** A tutor's transactions (by its user id), newest first. */
export function transactionsOfTutor(tutorUserId: string): Promise<Transaction[]> {
  return queryIndex('gsi2', tutorTransactionsIndex(tutorUserId));
}

/** Ids of every transaction, newest first. */
export async function allTransactionIds(limit = 500): Promise<string[]> {
  const ids: string[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await kalanTable
      .build(QueryCommand)
      .entities(TransactionIndexEntity)
      .query({ index: 'gsi1', partition: ALL_TRANSACTIONS_INDEX })
      .options({ reverse: true, exclusiveStartKey, maxPages: 1 })
      .send();
    ids.push(...(page.Items ?? []).map((item) => item.transaction_id));
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey && ids.length < limit);
  return ids.slice(0, limit);
}

/** Transactions by id, in the order given (BatchGet, 100 keys per request; unprocessed keys retried). */
export async function transactionsByIds(ids: readonly string[]): Promise<Transaction[]> {
  const found = new Map<string, Transaction>();
  for (let i = 0; i < ids.length; i += 100) {
    const requests = ids.slice(i, i + 100).map((id) => TransactionEntity.build(BatchGetRequest).key({ id }));
    if (requests.length === 0) continue;
    const command = kalanTable.build(BatchGetCommand).requests(...requests);
    const { Responses } = await executeBatchGet({ maxAttempts: 5 }, command);
    for (const item of Responses[0] ?? []) if (item) found.set(item.id, item as Transaction);
  }
  return ids.map((id) => found.get(id)).filter((tx): tx is Transaction => tx !== undefined);
}

/** The API's shape: the same integer FCFA amounts in every view; no task token, no email. */
export function toView(tx: Transaction): TransactionView {
  const { course } = tx;
  return {
    id: tx.id,
    invoice_number: invoiceNumber(tx.id),
    reference: tx.reference,
    amount_total: tx.amount_total,
    amount_tutor: tx.amount_tutor,
    commission_amount: tx.commission_amount,
    hourly_rate: tx.hourly_rate,
    status: tx.status,
    payment_method: tx.payment_method,
    description: tx.description,
    created_at: tx.created_at,
    paid_at: tx.paid_at,
    escrow_released_at: tx.escrow_released_at,
    refunded_at: tx.refunded_at,
    auto_release_at: tx.auto_release_at,
    attention_reason: tx.attention_reason,
    admin_notes: tx.admin_notes,
    parent_id: tx.parent_id,
    parent_name: tx.parent_name,
    tutor_id: tx.tutor_id,
    tutor_user_id: tx.tutor_user_id,
    tutor_name: tx.tutor_name,
    courses: [
      {
        id: course.id,
        subject: course.subject,
        level: course.level,
        duration_hours: course.duration_hours,
        scheduled_date: course.scheduled_date,
        notes: course.notes,
        status: course.status,
        parent_rating: course.parent_rating,
        parent_review: course.parent_review,
        rated_at: course.rated_at,
      },
    ],
  };
}
