/** Reading transactions: by id, by parent, by tutor, all and needing attention (admin); and their API shape. */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $remove } from 'dynamodb-toolbox/entity/actions/update';
import { BatchGetCommand, execute as executeBatchGet } from 'dynamodb-toolbox/table/actions/batchGet';
import { BatchGetRequest } from 'dynamodb-toolbox/entity/actions/batchGet';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { isLesson, type TransactionStatus } from '#shared/transaction-process';
import { bookingDescription, invoiceNumber } from '#shared/payments';
import type { AdminTransactionsPage, AdminTransactionsView, TransactionView } from '#shared/payments-schemas';
import { needsAttention, transactionCounterWrites, type TransactWriteItem } from '#commons/counters';
import { kalanTable } from '#commons/db';
import { readIndexPage } from '#commons/index-page';
import { type IndexList } from '#commons/page-cursor';
import {
  ALL_TRANSACTIONS_INDEX,
  ATTENTION_TRANSACTIONS_INDEX,
  newestFirstKey,
  parentTransactionsIndex,
  TransactionEntity,
  TransactionIndexEntity,
  TransactionListsEntity,
  tutorTransactionsIndex,
} from './entities.js';

export type Transaction = FormattedItem<typeof TransactionEntity>;

export async function getTransaction(id: string, consistent = true): Promise<Transaction | null> {
  const { Item } = await TransactionEntity.build(GetItemCommand).key({ id }).options({ consistent }).send();
  return Item ?? null;
}

/**
 * The transactions of a parent's (gsi1) or a tutor's (gsi2) list, newest first: the ids of the
 * list's rows (`LISTS`), then the transactions by id. A transaction booked before the rows existed
 * is in the list itself (its own list keys): its id is read the same way.
 */
export async function transactionsListedOn(indexName: 'gsi1' | 'gsi2', partition: string, limit = 1000): Promise<Transaction[]> {
  const ids: string[] = [];
  const query = kalanTable
    .build(QueryCommand)
    .entities(TransactionListsEntity, TransactionEntity)
    .query({ index: indexName, partition })
    .options({ reverse: true });
  // The library's own cursors (LastEvaluatedKey → exclusiveStartKey), page after page, until enough.
  for await (const page of query.paginate()) {
    ids.push(...(page.Items ?? []).map((item) => ('transaction_id' in item ? item.transaction_id : item.id)));
    if (ids.length >= limit) break;
  }
  return transactionsByIds(ids.slice(0, limit));
}

/** A parent's transactions, newest first. */
export function transactionsOfParent(parentId: string): Promise<Transaction[]> {
  return transactionsListedOn('gsi1', parentTransactionsIndex(parentId));
}

/** A tutor's transactions (by its user id), newest first. */
export function transactionsOfTutor(tutorUserId: string): Promise<Transaction[]> {
  return transactionsListedOn('gsi2', tutorTransactionsIndex(tutorUserId));
}

/** Ids of every transaction, newest first. */
export async function allTransactionIds(limit = 500): Promise<string[]> {
  const ids: string[] = [];
  const query = kalanTable
    .build(QueryCommand)
    .entities(TransactionIndexEntity)
    .query({ index: 'gsi1', partition: ALL_TRANSACTIONS_INDEX })
    .options({ reverse: true });
  for await (const page of query.paginate()) {
    ids.push(...(page.Items ?? []).map((item) => item.transaction_id));
    if (ids.length >= limit) break;
  }
  return ids.slice(0, limit);
}

/** The admin's transaction lists: every transaction, or those needing attention (sparse gsi2). */
const TRANSACTION_LISTS: Record<AdminTransactionsView, IndexList> = {
  all: { name: 'tx', index: 'gsi1', partition: ALL_TRANSACTIONS_INDEX, tableKey: (id) => ({ pk: `TX#${id}`, sk: 'INDEX' }) },
  attention: { name: 'tx-attention', index: 'gsi2', partition: ATTENTION_TRANSACTIONS_INDEX, tableKey: (id) => ({ pk: `TX#${id}`, sk: 'INDEX' }) },
};

/** One page of the admin's transactions, newest first: index rows, then the transactions (BatchGet). */
export async function transactionsPage(view: AdminTransactionsView, cursor: string | undefined, size: number): Promise<AdminTransactionsPage> {
  const list = TRANSACTION_LISTS[view];
  const { items, next_cursor } = await readIndexPage(TransactionIndexEntity, list, cursor, size, (row) => ({
    at: row.created_at,
    id: row.transaction_id,
  }));
  const transactions = await transactionsByIds(items.map((row) => row.transaction_id));
  return { transactions: transactions.map(toView), next_cursor };
}

/**
 * What a status change writes besides the transaction, in its DynamoDB transaction, when it enters
 * or leaves the statuses an admin must look at: the `needs_attention` counter and the transaction's
 * row in the sparse attention index (the row is written whole, so a booking made before the index
 * existed gets it too).
 */
export function attentionWrites(tx: Pick<Transaction, 'id' | 'created_at'>, from: TransactionStatus, to: TransactionStatus): TransactWriteItem[] {
  if (needsAttention(from) === needsAttention(to)) return [];
  const newest = newestFirstKey(tx.created_at, tx.id);
  const attention = needsAttention(to);
  return [
    ...transactionCounterWrites(from, to),
    TransactionIndexEntity.build(UpdateTransaction).item({
      transaction_id: tx.id,
      created_at: tx.created_at,
      gsi1pk: ALL_TRANSACTIONS_INDEX,
      gsi1sk: newest,
      gsi2pk: attention ? ATTENTION_TRANSACTIONS_INDEX : $remove(),
      gsi2sk: attention ? newest : $remove(),
    }) as TransactWriteItem,
  ];
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
    description: bookingDescription(tx),
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
        id: course.id ?? tx.id,
        subject: course.subject,
        level: course.level,
        duration_hours: course.duration_hours,
        scheduled_date: course.scheduled_date,
        ...(isLesson(tx) ? { lesson: true } : {}),
        notes: course.notes,
        status: course.status,
        parent_rating: course.parent_rating,
        parent_review: course.parent_review,
        rated_at: course.rated_at,
      },
    ],
    // Issue 32: packages, credits and the trial guarantee.
    ...(tx.package_id ? { package_id: tx.package_id } : {}),
    ...(tx.trial ? { trial: true } : {}),
    ...(tx.funded_by ? { funded_by: tx.funded_by } : {}),
    ...(tx.credit
      ? {
          credit: {
            reason: tx.credit.reason,
            rebook_until: tx.credit.rebook_until,
            refund_at: tx.credit.refund_at,
            ...(tx.credit.used_by ? { used_by: tx.credit.used_by } : {}),
            ...(tx.credit.transferred !== undefined ? { transferred: tx.credit.transferred } : {}),
          },
        }
      : {}),
    ...(tx.guarantee ? { guarantee: { choice: tx.guarantee.choice, at: tx.guarantee.at, tutor_share: tx.guarantee.tutor_share } } : {}),
  };
}
