/** A user's channels: read (the defaults when never saved) and saved. */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  type NotificationPreferencesView,
} from '#shared/notifications';
import { now } from '#commons/db';
import { NotificationPreferencesEntity } from './entities.js';

export async function preferencesOf(userId: string): Promise<NotificationPreferences> {
  const { Item } = await NotificationPreferencesEntity.build(GetItemCommand).key({ user_id: userId }).send();
  return Item ? { email: Item.email, sms: Item.sms } : { ...DEFAULT_NOTIFICATION_PREFERENCES };
}

/** SMS / WhatsApp has no provider yet: it can be seen, not chosen. */
export const toPreferencesView = (preferences: NotificationPreferences): NotificationPreferencesView => ({
  ...preferences,
  available: { email: true, sms: false },
});

export async function savePreferences(userId: string, preferences: NotificationPreferences): Promise<NotificationPreferences> {
  await NotificationPreferencesEntity.build(PutItemCommand)
    .item({ user_id: userId, email: preferences.email, sms: preferences.sms, updated_at: now() })
    .send();
  return preferences;
}
