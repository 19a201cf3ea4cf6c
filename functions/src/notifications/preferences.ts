/** A user's channels: read (the defaults when never saved) and saved. */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  type NotificationPreferencesView,
} from '#shared/notifications';
import { messages } from '#shared/messages';
import { now } from '#commons/db';
import { ConflictError } from '#commons/errors';
import { whatsappConfigured } from '../whatsapp/cloud-api.js';
import { whatsappChannelOf } from '../whatsapp/send.js';
import { NotificationPreferencesEntity } from './entities.js';

export async function preferencesOf(userId: string): Promise<NotificationPreferences> {
  const { Item } = await NotificationPreferencesEntity.build(GetItemCommand).key({ user_id: userId }).send();
  // Saved before issue 34 (`sms`, never on): WhatsApp off.
  return Item ? { email: Item.email, whatsapp: Item.whatsapp ?? false } : { ...DEFAULT_NOTIFICATION_PREFERENCES };
}

/** WhatsApp can be chosen on a stage that has it configured (and a verified number: savePreferences). */
export const toPreferencesView = (preferences: NotificationPreferences): NotificationPreferencesView => ({
  ...preferences,
  available: { email: true, whatsapp: whatsappConfigured() },
});

/** WhatsApp on needs the caller's verified number (the channel's own routes prove it). */
export async function savePreferences(userId: string, preferences: NotificationPreferences): Promise<NotificationPreferences> {
  if (preferences.whatsapp) {
    if (!whatsappConfigured()) throw new ConflictError(messages.notifications.whatsappUnavailable);
    if ((await whatsappChannelOf(userId)).state !== 'verified') throw new ConflictError(messages.notifications.whatsappNotVerified);
  }
  await NotificationPreferencesEntity.build(PutItemCommand)
    .item({ user_id: userId, email: preferences.email, whatsapp: preferences.whatsapp, updated_at: now() })
    .send();
  return preferences;
}
