/**
 * The e-mail of a message left unread (issue 31), when its one-time schedule
 * (messages/unread-email.ts) invokes the notifier. Tells the recipient only if it still has not read
 * up to the run's first message, and the conversation and its account are still there (a deleted
 * account gets nothing: deliver.ts). Once: the notification's id is the run's own
 * (`<sent at>#<conversation>#message_unread#<side>#<seq>`), whatever the schedule's retries.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { logger } from '#commons/logger';
import { ConversationEntity } from '../messages/entities.js';
import type { UnreadMessageEvent } from '../messages/unread-email.js';
import { deliver, productionChannels, type Channels, type DeliveryResult } from './deliver.js';

export const isUnreadMessageEvent = (event: unknown): event is UnreadMessageEvent =>
  typeof (event as UnreadMessageEvent | null)?.unreadMessage?.conversationId === 'string';

export async function tellUnread({ unreadMessage: run }: UnreadMessageEvent, channels: Channels = productionChannels): Promise<DeliveryResult | null> {
  const { Item: conversation } = await ConversationEntity.build(GetItemCommand).key({ id: run.conversationId }).options({ consistent: true }).send();
  const side = run.recipientSide;
  const recipient = conversation && (side === 'parent' ? conversation.parent_user_id : conversation.tutor_user_id);
  if (!conversation || recipient !== run.recipientUserId || conversation[`${side}_deleted_at`]) {
    logger.info('Unread e-mail not sent: no such conversation or recipient', { conversation_id: run.conversationId });
    return null;
  }
  const readSeq = side === 'parent' ? conversation.parent_read_seq : conversation.tutor_read_seq;
  if (readSeq >= run.seq) {
    logger.info('Unread e-mail not sent: read in time', { conversation_id: run.conversationId, seq: run.seq });
    return null;
  }
  const senderName = side === 'parent' ? conversation.tutor_name : conversation.parent_name;
  return deliver(
    recipient,
    {
      side,
      details: { kind: 'message_unread', conversationId: run.conversationId, senderName },
      ref: `${run.conversationId}#message_unread#${side}#${run.seq}`,
    },
    run.sentAt,
    channels,
  );
}
