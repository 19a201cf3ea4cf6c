/** A user's own notifications: the newest with the unread count, marking one or all as read. */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { messages } from '#shared/messages';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationsPage, type NotificationView } from '#shared/notifications';
import { isConditionalCheckFailure, kalanTable, now, userPartition } from '#commons/db';
import { NotFoundError } from '#commons/errors';
import { NOTIFICATION_PREFIX, NotificationEntity, unreadPartition } from './entities.js';

type NotificationItem = FormattedItem<typeof NotificationEntity>;

/** DynamoDB's TTL deletes within a day or two of the date: an expired item is already gone for the user. */
const notExpired = () => ({ attr: 'expires_at', gt: Math.floor(Date.now() / 1000) }) as const;

export function toView(item: NotificationItem): NotificationView {
  const { id, kind, title, body, link, created_at, read_at } = item;
  return { id, kind, title, body, link, created_at, read_at: read_at ?? null };
}

export async function listNotifications(userId: string): Promise<NotificationsPage> {
  const [{ Items = [] }, unread] = await Promise.all([
    kalanTable
      .build(QueryCommand)
      .entities(NotificationEntity)
      .query({ partition: userPartition(userId), range: { beginsWith: NOTIFICATION_PREFIX } })
      .options({ reverse: true, limit: NOTIFICATIONS_PAGE_SIZE, maxPages: 1, filters: { notification: notExpired() } })
      .send(),
    unreadIds(userId),
  ]);
  return { notifications: Items.map(toView), unread_count: unread.length };
}

/** The ids of the unread notifications (the sparse index holds only those). */
async function unreadIds(userId: string): Promise<string[]> {
  const { Items = [] } = await kalanTable
    .build(QueryCommand)
    .entities(NotificationEntity)
    .query({ index: 'gsi2', partition: unreadPartition(userId) })
    .options({ maxPages: Infinity, filters: { notification: notExpired() }, attributes: ['user_id', 'id'] })
    .send();
  return Items.map((item) => item.id);
}

/** Marks one of the caller's notifications read (again: nothing changes); another's is not found. */
export async function markRead(userId: string, id: string): Promise<void> {
  try {
    await NotificationEntity.build(UpdateItemCommand)
      .item({ user_id: userId, id, read_at: now(), gsi2pk: $remove(), gsi2sk: $remove() })
      .options({ condition: { and: [{ attr: 'id', exists: true }, { attr: 'read_at', exists: false }] } })
      .send();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const { Item } = await NotificationEntity.build(GetItemCommand).key({ user_id: userId, id }).send();
    if (!Item) throw new NotFoundError(messages.notifications.notFound);
  }
}

/** Marks every unread notification of the caller read; returns how many. */
export async function markAllRead(userId: string): Promise<number> {
  const ids = await unreadIds(userId);
  const readAt = now();
  for (let i = 0; i < ids.length; i += 10) {
    await Promise.all(
      ids.slice(i, i + 10).map((id) =>
        NotificationEntity.build(UpdateItemCommand)
          .item({ user_id: userId, id, read_at: readAt, gsi2pk: $remove(), gsi2sk: $remove() })
          .options({ condition: { and: [{ attr: 'id', exists: true }, { attr: 'read_at', exists: false }] } })
          .send()
          .catch((error: unknown) => {
            if (!isConditionalCheckFailure(error)) throw error; // read meanwhile, or expired
          }),
      ),
    );
  }
  return ids.length;
}
