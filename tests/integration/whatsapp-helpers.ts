/**
 * WhatsApp on the test stack (issue 34): the stack's own credentials (generated in its data
 * directory, infra/local/whatsapp-credentials.ts), a webhook call signed with its app secret, and
 * the items the webhook reads and writes, put and read straight in the table.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { localConfig } from '../../infra/local/config.js';
import type { LocalWhatsAppCredentials } from '../../infra/local/whatsapp-credentials.js';
import { api, stack } from '../support/stack.js';
import { freshWhatsAppNumber, whatsappSignature } from '../support/whatsapp-webhook.js';
import { db } from './payments-helpers.js';

export const WHATSAPP_WEBHOOK_PATH = '/api/webhooks/whatsapp';
const TableName = localConfig.tableName;

export function stackWhatsAppCredentials(target = stack()): LocalWhatsAppCredentials {
  return JSON.parse(readFileSync(path.join(target.dataDir, 'whatsapp-credentials.json'), 'utf8')) as LocalWhatsAppCredentials;
}

/** `X-Hub-Signature-256` of `body` with the stack's app secret. */
export const stackSignature = (body: string) => whatsappSignature(body, stackWhatsAppCredentials().WHATSAPP_APP_SECRET);

export function postWhatsAppWebhook(body: string, signature: string | undefined) {
  return api(WHATSAPP_WEBHOOK_PATH, { method: 'POST', body, headers: signature === undefined ? {} : { 'x-hub-signature-256': signature } });
}

/** A message Kalan sent, as the sender writes it once the Cloud API gave its id. */
export async function sentWhatsAppMessage(userId: string): Promise<string> {
  const id = `wamid.${randomUUID()}`;
  const now = new Date().toISOString();
  await db().send(
    new PutCommand({
      TableName,
      Item: {
        pk: `WAMSG#${id}`,
        sk: 'MESSAGE',
        _et: 'whatsappMessage',
        message_id: id,
        user_id: userId,
        notification_id: randomUUID(),
        template: 'kalan_nouvelle_demande',
        status: 'accepted',
        status_rank: 0,
        sent_at: now,
        updated_at: now,
        expires_at: Math.floor(Date.now() / 1000) + 90 * 86_400,
      },
    }),
  );
  return id;
}

export const whatsappMessageItem = async (id: string) =>
  (await db().send(new GetCommand({ TableName, Key: { pk: `WAMSG#${id}`, sk: 'MESSAGE' }, ConsistentRead: true }))).Item;

export const whatsappChannelItem = async (userId: string) =>
  (await db().send(new GetCommand({ TableName, Key: { pk: `USER#${userId}`, sk: 'WHATSAPP' }, ConsistentRead: true }))).Item;

/** A WhatsApp number verified for `userId` (the channel and the number's claim, as the verification writes them). */
export async function verifiedWhatsAppNumber(userId: string): Promise<{ phone: string; digits: string }> {
  const number = freshWhatsAppNumber();
  const now = new Date().toISOString();
  await db().send(new PutCommand({ TableName, Item: { pk: `USER#${userId}`, sk: 'WHATSAPP', _et: 'whatsappChannel', user_id: userId, phone: number.phone, state: 'verified', verified_at: now, updated_at: now } }));
  await db().send(new PutCommand({ TableName, Item: { pk: `WAPHONE#${number.phone}`, sk: 'OWNER', _et: 'whatsappPhone', phone: number.phone, user_id: userId, verified_at: now } }));
  return number;
}
