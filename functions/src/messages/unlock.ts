/**
 * Contact details stay masked until the pair has a paid lesson (issue 31, point 4): a booking of
 * this parent with this tutor in CONTACT_UNLOCKING_STATUSES. Once seen, the conversation keeps
 * `contacts_unlocked_at` (set once, `if_not_exists`) and is never masked again — a later refund
 * does not take back what both already read.
 */
import { $get, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { CONTACT_UNLOCKING_STATUSES } from '#shared/messaging';
import { transactionsOfParent } from '../payments/transactions.js';
import { ConversationEntity } from './entities.js';
import type { Conversation } from './views.js';

const UNLOCKING: ReadonlySet<string> = new Set(CONTACT_UNLOCKING_STATUSES);

/** Whether the parent has paid a lesson with this tutor (the parent's list of transactions: its own few). */
export async function pairHasPaidLesson(parentUserId: string, tutorUserId: string): Promise<boolean> {
  const transactions = await transactionsOfParent(parentUserId);
  return transactions.some((tx) => tx.tutor_user_id === tutorUserId && UNLOCKING.has(tx.status));
}

/**
 * The conversation, unlocked if the pair has a paid lesson since it was last seen locked. The write
 * touches neither `message_count` nor the lists' keys: a message written meanwhile is unaffected.
 */
export async function unlockedIfPaid(conversation: Conversation, now = new Date()): Promise<Conversation> {
  if (conversation.contacts_unlocked_at) return conversation;
  if (!(await pairHasPaidLesson(conversation.parent_user_id, conversation.tutor_user_id))) return conversation;
  const { Attributes } = await ConversationEntity.build(UpdateItemCommand)
    .item({ id: conversation.id, contacts_unlocked_at: $get('contacts_unlocked_at', now.toISOString()) })
    .options({ condition: { attr: 'id', exists: true }, returnValues: 'ALL_NEW' })
    .send();
  return (Attributes as Conversation | undefined) ?? conversation;
}
