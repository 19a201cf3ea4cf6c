/**
 * WhatsApp (issue 34) in the single table:
 * - the user's channel, in its own partition (`USER#<id>` / `WHATSAPP`): the number, its state, the
 *   pending code (hashed, never stored in clear) with its expiry and attempts, the codes sent this
 *   hour;
 * - the claim of a number (`WAPHONE#<e164>` / `OWNER`): which user it is verified for — one account
 *   per number, written in the same transaction as the verification, and how the webhook finds the
 *   person who wrote (one GetItem);
 * - one item per message sent (`WAMSG#<wamid>` / `MESSAGE`): whose, which notification, which
 *   template, its latest status (a status only moves forward: WHATSAPP_STATUS_RANK, a conditional
 *   update), the error of a failure and whether the e-mail fallback was sent.
 */
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { WHATSAPP_STATUSES } from '#shared/whatsapp';
import { onKalanTable, userItemKey } from '#commons/db';

export const WHATSAPP_CHANNEL_STATES = ['pending', 'verified', 'stopped'] as const;

export const WhatsAppChannelEntity = new Entity({
  name: 'whatsappChannel',
  ...onKalanTable,
  schema: item({
    user_id: string().key(),
    /** E.164 ('+2250707123456'). */
    phone: string(),
    state: string().enum(...WHATSAPP_CHANNEL_STATES),
    /** SHA-256 of the pending code with the user id (never the code itself). */
    code_hash: string().optional(),
    code_expires_at: string().optional(),
    code_attempts: number().optional(),
    /** Start of the current hour window and the codes sent in it (WHATSAPP_CODES_PER_HOUR). */
    codes_window_start: string().optional(),
    codes_sent: number().optional(),
    verified_at: string().optional(),
    stopped_at: string().optional(),
    /** 'stop' (the person wrote STOP) or 'undeliverable' (WHATSAPP_UNDELIVERABLE_CODE); absent on items before it: 'stop'. */
    stopped_reason: string().enum('stop', 'undeliverable').optional(),
    updated_at: string(),
  }),
  computeKey: userItemKey('WHATSAPP'),
});

export const WhatsAppPhoneEntity = new Entity({
  name: 'whatsappPhone',
  ...onKalanTable,
  schema: item({
    phone: string().key(),
    user_id: string(),
    verified_at: string(),
  }),
  computeKey: ({ phone }: { phone: string }) => ({ pk: `WAPHONE#${phone}`, sk: 'OWNER' }),
});

export const WhatsAppMessageEntity = new Entity({
  name: 'whatsappMessage',
  ...onKalanTable,
  schema: item({
    /** The Cloud API's message id (`wamid.…`). */
    message_id: string().key(),
    user_id: string(),
    /** The notification it carries (NotificationEntity id), or `code` for a verification code. */
    notification_id: string(),
    template: string(),
    status: string().enum(...WHATSAPP_STATUSES),
    status_rank: number(),
    /** When each status was first seen (epoch ms of the webhook's timestamp), by status name. */
    status_times: string().optional(),
    error_code: number().optional(),
    error_title: string().optional(),
    fallback_email_sent: boolean().optional(),
    sent_at: string(),
    updated_at: string(),
    /** Epoch seconds: kept 90 days, then DynamoDB's TTL deletes it. */
    expires_at: number(),
  }),
  computeKey: ({ message_id }: { message_id: string }) => ({ pk: `WAMSG#${message_id}`, sk: 'MESSAGE' }),
});

/**
 * A status that came before its message's item (`WAMSG#<wamid>` / `EARLY`): the Cloud API may post
 * 'sent' or 'failed' before the sender has written the item with the wamid it just got back. The
 * highest-ranked such status waits here a day; the sender applies it once its item is written
 * (statuses.ts: whoever comes second applies it).
 */
export const WhatsAppEarlyStatusEntity = new Entity({
  name: 'whatsappEarlyStatus',
  ...onKalanTable,
  schema: item({
    message_id: string().key(),
    status: string().enum(...WHATSAPP_STATUSES),
    status_rank: number(),
    /** The webhook's timestamp (epoch ms). */
    at: number(),
    error_code: number().optional(),
    error_title: string().optional(),
    /** Epoch seconds: a day, then DynamoDB's TTL deletes it (a message of another app stays unknown). */
    expires_at: number(),
  }),
  computeKey: ({ message_id }: { message_id: string }) => ({ pk: `WAMSG#${message_id}`, sk: 'EARLY' }),
});

/**
 * A message a person sent to Kalan's number (`WAMSG#<wamid>` / `IN`), written before it is acted on:
 * Meta delivers a webhook at least once, and a tap delivered twice is answered once (the second
 * would get 'plus en attente' right after 'C'est noté'). Kept a week (Meta retries for days less).
 */
export const WhatsAppIncomingEntity = new Entity({
  name: 'whatsappIncoming',
  ...onKalanTable,
  schema: item({
    message_id: string().key(),
    received_at: string(),
    /** Epoch seconds: a week, then DynamoDB's TTL deletes it. */
    expires_at: number(),
  }),
  computeKey: ({ message_id }: { message_id: string }) => ({ pk: `WAMSG#${message_id}`, sk: 'IN' }),
});
