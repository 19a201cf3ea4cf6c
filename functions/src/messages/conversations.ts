/**
 * Conversations: the caller's, found by id (only its two participants: anyone else gets 404, as for
 * an id that does not exist), opened once per pair, listed newest activity first, and read a page
 * of messages at a time. The caller's side is always the token's subject's place in the pair.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { BatchGetRequest } from 'dynamodb-toolbox/entity/actions/batchGet';
import { BatchGetCommand, execute as executeBatchGet } from 'dynamodb-toolbox/table/actions/batchGet';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { messages } from '#shared/messages';
import { MESSAGES_PAGE_SIZE, CONVERSATIONS_PAGE_SIZE, type ConversationSide } from '#shared/messaging';
import type { ConversationsPage, ConversationView, MessagesPage, StartConversationRequest } from '#shared/messaging-schemas';
import { isPhotoReady, profilePhotoState } from '#shared/photos';
import { cancellationCodes } from '#commons/counters';
import { kalanTable, ProfileEntity, TutorProfileEntity } from '#commons/db';
import { ForbiddenError, NotFoundError } from '#commons/errors';
import { readIndexPage } from '#commons/index-page';
import { getTransaction } from '../payments/transactions.js';
import { publicPhoto } from '../photos/variants.js';
import { getTutorProfileById, type StoredTutorProfile } from '../tutors/visible.js';
import {
  conversationActivityKey,
  conversationIdOf,
  ConversationEntity,
  MessageEntity,
  messageSortKey,
  MessagingAccountEntity,
  userConversationsIndex,
} from './entities.js';
import { newConversationCountWrite, tooManyNewConversations } from './limits.js';
import { unlockedIfPaid } from './unlock.js';
import { readSeqOf, otherSide, toConversationView, toMessageView, type Conversation, type MessagingAccount } from './views.js';

/** The caller as the messages API knows it: its user id and its role's side. */
export interface Participant {
  userId: string;
  side: ConversationSide;
}

export async function getConversation(id: string): Promise<Conversation | null> {
  const { Item } = await ConversationEntity.build(GetItemCommand).key({ id }).options({ consistent: true }).send();
  return Item ?? null;
}

export async function getMessagingAccount(userId: string): Promise<MessagingAccount | null> {
  const { Item } = await MessagingAccountEntity.build(GetItemCommand).key({ user_id: userId }).options({ consistent: true }).send();
  return Item ?? null;
}

/** The conversation, if the caller is one of its two participants; 404 otherwise (never saying that it exists). */
export async function participantConversation(id: string, caller: Participant): Promise<Conversation> {
  const conversation = await getConversation(id);
  const ownUserId = caller.side === 'parent' ? conversation?.parent_user_id : conversation?.tutor_user_id;
  if (!conversation || ownUserId !== caller.userId) throw new NotFoundError(messages.messaging.conversationNotFound);
  return conversation;
}

/** The tutors' photos (their variants' addresses: no presigning), for a parent's views. */
async function tutorPhotos(tutorUserIds: readonly string[]): Promise<Map<string, string | null>> {
  const photos = new Map<string, string | null>();
  const unique = [...new Set(tutorUserIds)];
  for (let i = 0; i < unique.length; i += 100) {
    const requests = unique.slice(i, i + 100).map((user_id) => TutorProfileEntity.build(BatchGetRequest).key({ user_id }));
    const { Responses } = await executeBatchGet({ maxAttempts: 5 }, kalanTable.build(BatchGetCommand).requests(...requests));
    for (const item of (Responses[0] ?? []) as Array<StoredTutorProfile | undefined>) {
      if (item) photos.set(item.user_id, publicPhoto(item.profile_image_url, isPhotoReady(profilePhotoState(item))).profile_image_url);
    }
  }
  return photos;
}

/** The conversation as the caller sees it (its messaging state read once). */
export async function conversationView(conversation: Conversation, caller: Participant, account?: MessagingAccount | null): Promise<ConversationView> {
  const [own, photos] = await Promise.all([
    account === undefined ? getMessagingAccount(caller.userId) : Promise.resolve(account),
    caller.side === 'parent' ? tutorPhotos([conversation.tutor_user_id]) : Promise.resolve(new Map<string, string | null>()),
  ]);
  return toConversationView(conversation, { side: caller.side, account: own, tutorPhotoUrl: photos.get(conversation.tutor_user_id) ?? null });
}

// ---------------------------------------------------------------------------------------------
// Opening a conversation

const fullName = (profile: { first_name: string; last_name: string }) => `${profile.first_name} ${profile.last_name}`.trim();

async function nameOf(userId: string): Promise<string> {
  const { Item } = await ProfileEntity.build(GetItemCommand).key({ user_id: userId }).send();
  if (!Item) throw new NotFoundError(messages.messaging.conversationNotFound);
  return fullName(Item);
}

interface Pair {
  parentUserId: string;
  tutorUserId: string;
  tutorId: string;
  /** Opened by a parent from the tutor's page ('Poser une question'): counts towards the day's limit. */
  countsAsNew: boolean;
  /** The pair's lesson named by the request, when it unlocks the contacts at once. */
  paidLesson: boolean;
}

/** Who the conversation is between, from the request: a tutor of the catalogue, or a lesson of the caller's. */
async function pairOf(request: StartConversationRequest, caller: Participant): Promise<Pair> {
  if ('tutor_id' in request) {
    if (caller.side !== 'parent') throw new ForbiddenError(messages.messaging.onlyParentsStart);
    const tutor = await getTutorProfileById(request.tutor_id);
    // Only a published tutor (its profile completed): one being set up is nobody's to write to yet.
    if (!tutor?.is_completed) throw new NotFoundError(messages.messaging.tutorNotFound);
    return { parentUserId: caller.userId, tutorUserId: tutor.user_id, tutorId: tutor.id, countsAsNew: true, paidLesson: false };
  }
  const tx = await getTransaction(request.transaction_id);
  const own = tx && (caller.side === 'parent' ? tx.parent_id === caller.userId : tx.tutor_user_id === caller.userId);
  if (!tx || !own) throw new NotFoundError(messages.messaging.lessonNotFound);
  return { parentUserId: tx.parent_id, tutorUserId: tx.tutor_user_id, tutorId: tx.tutor_id, countsAsNew: false, paidLesson: false };
}

/**
 * Opens the pair's one conversation, or finds it again: `created` false when it existed (200).
 * A new one is put on condition that it does not exist, with — for 'Poser une question' — the day's
 * NEWCONV counter in the same transaction (429 when the parent already wrote to its 20 new tutors
 * of the day). A lost race (the other participant, a double tap) reads the winner's. A suspended
 * caller finds its existing conversation again but opens none (403).
 */
export async function startConversation(request: StartConversationRequest, caller: Participant, now = new Date()): Promise<{ created: boolean; conversation: Conversation }> {
  const pair = await pairOf(request, caller);
  const id = conversationIdOf(pair.parentUserId, pair.tutorUserId);
  const existing = await getConversation(id);
  if (existing) return { created: false, conversation: await unlockedIfPaid(existing, now) };
  // A suspended account keeps reading its conversations but opens no new one: the other side would
  // find an empty conversation from an account that may not write.
  const [account, parentName, tutorName] = await Promise.all([getMessagingAccount(caller.userId), nameOf(pair.parentUserId), nameOf(pair.tutorUserId)]);
  if (account?.suspended_at) throw new ForbiddenError(messages.messaging.messagingSuspended);
  const createdAt = now.toISOString();
  const activity = conversationActivityKey(createdAt, id);
  const conversation = {
    id,
    parent_user_id: pair.parentUserId,
    tutor_user_id: pair.tutorUserId,
    tutor_id: pair.tutorId,
    parent_name: parentName,
    tutor_name: tutorName,
    created_at: createdAt,
    message_count: 0,
    parent_read_seq: 0,
    tutor_read_seq: 0,
    unread_parent: 0,
    unread_tutor: 0,
    gsi1pk: userConversationsIndex(pair.parentUserId),
    gsi1sk: activity,
    gsi2pk: userConversationsIndex(pair.tutorUserId),
    gsi2sk: activity,
  };
  try {
    await execute(
      ConversationEntity.build(PutTransaction).item(conversation).options({ condition: { attr: 'id', exists: false } }),
      ...(pair.countsAsNew ? [newConversationCountWrite(pair.parentUserId, now)] : []),
    );
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes.length) throw error;
    const winner = await getConversation(id);
    if (winner) return { created: false, conversation: await unlockedIfPaid(winner, now) };
    if (codes[1] === 'ConditionalCheckFailed') throw tooManyNewConversations(now);
    throw error;
  }
  return { created: true, conversation: await unlockedIfPaid(conversation as Conversation, now) };
}

// ---------------------------------------------------------------------------------------------
// Lists and pages

const conversationsList = (caller: Participant) => ({
  name: 'conversations',
  // A parent's conversations are in gsi1, a tutor's in gsi2, both under `CONVS#<user id>`.
  index: caller.side === 'parent' ? ('gsi1' as const) : ('gsi2' as const),
  partition: userConversationsIndex(caller.userId),
  tableKey: (id: string) => ({ pk: `CONV#${id}`, sk: 'CONV' }),
});

/** At most this many conversations are summed for the badge (a parent writes to 20 new tutors a day at most). */
const UNREAD_TOTAL_SCAN_LIMIT = 2000;

/** The caller's unread messages over all its conversations: the list's index, its own counter only. */
export async function unreadTotal(caller: Participant): Promise<number> {
  const list = conversationsList(caller);
  const counter = caller.side === 'parent' ? 'unread_parent' : 'unread_tutor';
  const query = kalanTable
    .build(QueryCommand)
    .entities(ConversationEntity)
    .query({ index: list.index, partition: list.partition })
    .options({ attributes: [counter], limit: 500 });
  let total = 0;
  let seen = 0;
  for await (const page of query.paginate()) {
    for (const item of page.Items ?? []) total += (item as Partial<Conversation>)[counter] ?? 0;
    seen += page.Items?.length ?? 0;
    if (seen >= UNREAD_TOTAL_SCAN_LIMIT) break;
  }
  return total;
}

export async function conversationsOf(caller: Participant, cursor: string | undefined): Promise<ConversationsPage> {
  const [{ items, next_cursor }, account, unread_total] = await Promise.all([
    readIndexPage(ConversationEntity, conversationsList(caller), cursor, CONVERSATIONS_PAGE_SIZE, (conversation) => ({
      at: conversation.last_message_at ?? conversation.created_at,
      id: conversation.id,
    })),
    getMessagingAccount(caller.userId),
    unreadTotal(caller),
  ]);
  const photos = caller.side === 'parent' ? await tutorPhotos(items.map((c) => c.tutor_user_id)) : new Map<string, string | null>();
  return {
    conversations: items.map((conversation) =>
      toConversationView(conversation, { side: caller.side, account, tutorPhotoUrl: photos.get(conversation.tutor_user_id) ?? null }),
    ),
    next_cursor,
    unread_total,
  };
}

/** The page of messages before `before` (the newest without it), oldest first. */
export async function messagesPage(id: string, caller: Participant, before: number | undefined): Promise<MessagesPage> {
  // Only the newest page says whether contacts are masked now: an older page never reads the
  // parent's lessons again (a screen loading history would otherwise read them page after page).
  const found = await participantConversation(id, caller);
  const conversation = before === undefined ? await unlockedIfPaid(found) : found;
  const upTo = Math.min(before === undefined ? conversation.message_count : before - 1, conversation.message_count);
  const { Items = [] } =
    upTo >= 1
      ? await kalanTable
          .build(QueryCommand)
          .entities(MessageEntity)
          .query({ partition: `CONV#${id}`, range: { between: [messageSortKey(1), messageSortKey(upTo)] } })
          .options({ reverse: true, limit: MESSAGES_PAGE_SIZE, consistent: true })
          .send()
      : {};
  const page = [...Items].reverse();
  const otherReadSeq = readSeqOf(conversation, otherSide(caller.side));
  const oldest = page[0]?.seq;
  return {
    conversation: await conversationView(conversation, caller),
    messages: page.map((message) => toMessageView(message, caller.side, otherReadSeq)),
    next_before: oldest !== undefined && oldest > 1 ? oldest : null,
  };
}
