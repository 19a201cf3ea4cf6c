/**
 * The caller's WhatsApp channel (issue 34), four small routes in one Lambda (like the
 * notifications API):
 * - `GET /api/notifications/whatsapp`: the state and the number (the caller's own);
 * - `POST /api/notifications/whatsapp/number`: a 6-digit code sent to the number over WhatsApp
 *   (the `kalan_code` template), stored hashed, valid 10 minutes, 5 attempts, 3 codes an hour;
 * - `POST /api/notifications/whatsapp/verify`: the code given back — in ONE transaction the channel
 *   `verified` (the code used once), the number's claim (one account per number) and the WhatsApp
 *   preference on;
 * - `DELETE /api/notifications/whatsapp`: the channel off, the number forgotten and let go.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { $add, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { messages } from '#shared/messages';
import { whatsappCodeSchema, whatsappNumberSchema } from '#shared/notification-schemas';
import { normalizeIvorianPhone } from '#shared/payments-schemas';
import { routeKey, routes } from '#shared/routes';
import {
  WHATSAPP_CODE_LENGTH,
  WHATSAPP_CODE_MAX_ATTEMPTS,
  WHATSAPP_CODE_TTL_MINUTES,
  WHATSAPP_CODES_PER_HOUR,
  type WhatsAppChannelView,
} from '#shared/whatsapp';
import { cancellationCodes } from '#commons/counters';
import { isConditionalCheckFailure, now as nowIso } from '#commons/db';
import { ConflictError, DomainError, ValidationError } from '#commons/errors';
import { apiHandler, json, ok, type ApiEvent, type ApiResult } from '#commons/http';
import { logger } from '#commons/logger';
import { recordBusinessEvent } from '#commons/metrics';
import { NotificationPreferencesEntity } from '../notifications/entities.js';
import { preferencesOf } from '../notifications/preferences.js';
import { sendTemplateMessage, whatsappConfigured, WhatsAppRejectedError } from './cloud-api.js';
import { WhatsAppChannelEntity, WhatsAppMessageEntity, WhatsAppPhoneEntity } from './entities.js';
import { messageItem, whatsappChannelOf } from './send.js';

const HOUR_MS = 3600_000;
const t = messages.whatsapp;

export const hashWhatsAppCode = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

const codeError = (message: string) => new ValidationError(message, [{ path: 'body.code', message }]);
const phoneError = (message: string) => new ValidationError(message, [{ path: 'body.phone', message }]);

/** Too many codes asked this hour: each one is a paid message (429). */
class TooManyCodesError extends DomainError {
  constructor() {
    super('too_many_codes', 429, t.tooManyCodes);
  }
}

/** WhatsApp could not take the code now, or refused the number (502: nothing of the caller's is wrong). */
class SendFailureError extends DomainError {
  constructor() {
    super('whatsapp_unavailable', 502, t.sendFailure);
  }
}

/**
 * Makes a new code for `phone` and sends it. Counted before it is sent (3 an hour, a conditional
 * write on the count read); the pending code replaces any earlier one and its attempts. A number
 * already verified for another account is refused here already (the verification checks again,
 * in its transaction).
 */
export async function startVerification(userId: string, rawPhone: string, now = new Date()): Promise<WhatsAppChannelView> {
  if (!whatsappConfigured()) throw new ConflictError(messages.notifications.whatsappUnavailable);
  const phone = normalizeIvorianPhone(rawPhone);
  if (!phone) throw phoneError(t.invalidPhone);
  const { Item: claim } = await WhatsAppPhoneEntity.build(GetItemCommand).key({ phone }).options({ consistent: true }).send();
  if (claim && claim.user_id !== userId) throw phoneError(t.phoneTaken);

  const { Item: channel } = await WhatsAppChannelEntity.build(GetItemCommand).key({ user_id: userId }).options({ consistent: true }).send();
  const windowOpen = channel?.codes_window_start && now.getTime() - Date.parse(channel.codes_window_start) < HOUR_MS;
  const sentThisHour = windowOpen ? (channel?.codes_sent ?? 0) : 0;
  if (sentThisHour >= WHATSAPP_CODES_PER_HOUR) throw new TooManyCodesError();

  const code = String(randomInt(0, 10 ** WHATSAPP_CODE_LENGTH)).padStart(WHATSAPP_CODE_LENGTH, '0');
  const at = now.toISOString();
  const next = {
    user_id: userId,
    phone,
    state: 'pending' as const,
    code_hash: hashWhatsAppCode(userId, code),
    code_expires_at: new Date(now.getTime() + WHATSAPP_CODE_TTL_MINUTES * 60_000).toISOString(),
    code_attempts: 0,
    codes_window_start: windowOpen ? channel!.codes_window_start! : at,
    codes_sent: sentThisHour + 1,
    updated_at: at,
  };
  // Written only over what was read (two requests at once: one wins, the other is a 409).
  const unchanged = channel ? { attr: 'updated_at' as const, eq: channel.updated_at } : { attr: 'user_id' as const, exists: false };
  // A verified number being replaced lets its claim go in the same transaction.
  const releaseOld = channel?.state === 'verified' && channel.phone !== phone;
  try {
    await execute(
      WhatsAppChannelEntity.build(PutTransaction).item(next).options({ condition: unchanged }),
      ...(releaseOld
        ? [WhatsAppPhoneEntity.build(DeleteTransaction).key({ phone: channel.phone }).options({ condition: { attr: 'user_id', eq: userId } })]
        : []),
    );
  } catch (error) {
    if (cancellationCodes(error).includes('ConditionalCheckFailed')) throw new ConflictError();
    throw error;
  }
  // The old number's notifications stop with its claim: the preference waits for the new proof.
  if (releaseOld) await setWhatsAppPreference(userId, false);

  let messageId: string;
  try {
    messageId = await sendTemplateMessage(phone, { name: 'kalan_code', body: [code] });
  } catch (error) {
    logger.warn('WhatsApp code not sent', { user_id: userId, error: (error as Error).name, status: (error as WhatsAppRejectedError).status });
    if (error instanceof WhatsAppRejectedError) recordBusinessEvent('WhatsAppSendFailed');
    throw new SendFailureError();
  }
  await WhatsAppMessageEntity.build(PutItemCommand).item(messageItem(messageId, userId, 'code', 'kalan_code')).send();
  return { state: 'pending', phone };
}

/**
 * Checks the code; right, it verifies the channel, claims the number and turns the WhatsApp
 * preference on in one transaction. A wrong code counts an attempt (the fifth refuses every later
 * one); an expired code, or none, is refused.
 */
export async function confirmVerification(userId: string, code: string, now = new Date()): Promise<WhatsAppChannelView> {
  const { Item: channel } = await WhatsAppChannelEntity.build(GetItemCommand).key({ user_id: userId }).options({ consistent: true }).send();
  if (!channel || channel.state !== 'pending' || !channel.code_hash || !channel.code_expires_at) throw codeError(t.invalidCode);
  if ((channel.code_attempts ?? 0) >= WHATSAPP_CODE_MAX_ATTEMPTS) throw codeError(t.tooManyAttempts);
  if (Date.parse(channel.code_expires_at) <= now.getTime()) throw codeError(t.codeExpired);
  const sameCode = { and: [{ attr: 'code_hash' as const, eq: channel.code_hash }, { attr: 'code_attempts' as const, lt: WHATSAPP_CODE_MAX_ATTEMPTS }] };
  const given = Buffer.from(hashWhatsAppCode(userId, code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(channel.code_hash, 'hex'))) {
    // Counted only while below the limit: five wrong codes at once count five, never more.
    await WhatsAppChannelEntity.build(UpdateItemCommand)
      .item({ user_id: userId, code_attempts: $add(1), updated_at: nowIso() })
      .options({ condition: sameCode })
      .send()
      .catch((error: unknown) => {
        if (!isConditionalCheckFailure(error)) throw error;
      });
    throw codeError((channel.code_attempts ?? 0) + 1 >= WHATSAPP_CODE_MAX_ATTEMPTS ? t.tooManyAttempts : t.invalidCode);
  }
  const at = now.toISOString();
  const preferences = await preferencesOf(userId);
  try {
    await execute(
      // The code proves one number once: it is removed as the channel is verified.
      WhatsAppChannelEntity.build(PutTransaction)
        .item({ user_id: userId, phone: channel.phone, state: 'verified', verified_at: at, updated_at: at, codes_window_start: channel.codes_window_start, codes_sent: channel.codes_sent })
        .options({ condition: sameCode }),
      // One account per number: a claim by another account cancels it all.
      WhatsAppPhoneEntity.build(PutTransaction)
        .item({ phone: channel.phone, user_id: userId, verified_at: at })
        .options({ condition: { or: [{ attr: 'user_id', exists: false }, { attr: 'user_id', eq: userId }] } }),
      NotificationPreferencesEntity.build(PutTransaction).item({ user_id: userId, email: preferences.email, whatsapp: true, updated_at: at }),
    );
  } catch (error) {
    const [code_, claim] = cancellationCodes(error);
    if (claim === 'ConditionalCheckFailed') throw phoneError(t.phoneTaken);
    if (code_ === 'ConditionalCheckFailed') throw codeError(t.invalidCode);
    throw error;
  }
  return { state: 'verified', phone: channel.phone };
}

/** The channel off: its item and the number's claim (when the caller's) deleted, the preference off, in one transaction. */
export async function removeChannel(userId: string): Promise<WhatsAppChannelView> {
  const { Item: channel } = await WhatsAppChannelEntity.build(GetItemCommand).key({ user_id: userId }).options({ consistent: true }).send();
  const preferences = await preferencesOf(userId);
  const preferenceOff = NotificationPreferencesEntity.build(PutTransaction).item({ user_id: userId, email: preferences.email, whatsapp: false, updated_at: nowIso() });
  if (!channel) {
    if (preferences.whatsapp) await execute(preferenceOff);
    return { state: 'none', phone: null };
  }
  // A pending number may be another account's verified one: only the caller's own claim goes.
  const { Item: claim } = await WhatsAppPhoneEntity.build(GetItemCommand).key({ phone: channel.phone }).options({ consistent: true }).send();
  try {
    await execute(
      WhatsAppChannelEntity.build(DeleteTransaction).key({ user_id: userId }).options({ condition: { attr: 'updated_at', eq: channel.updated_at } }),
      ...(claim?.user_id === userId
        ? [WhatsAppPhoneEntity.build(DeleteTransaction).key({ phone: channel.phone }).options({ condition: { attr: 'user_id', eq: userId } })]
        : []),
      preferenceOff,
    );
  } catch (error) {
    if (cancellationCodes(error).includes('ConditionalCheckFailed')) throw new ConflictError();
    throw error;
  }
  return { state: 'none', phone: null };
}

async function setWhatsAppPreference(userId: string, on: boolean) {
  const preferences = await preferencesOf(userId);
  await NotificationPreferencesEntity.build(PutItemCommand).item({ user_id: userId, email: preferences.email, whatsapp: on, updated_at: nowIso() }).send();
}

const byRoute: Record<string, (event: ApiEvent, context: Context) => Promise<ApiResult>> = {
  [routeKey(routes.getWhatsAppChannel)]: apiHandler(routes.getWhatsAppChannel, {}, async ({ caller }) => ok(await whatsappChannelOf(caller.userId))),
  [routeKey(routes.startWhatsAppVerification)]: apiHandler(routes.startWhatsAppVerification, { body: whatsappNumberSchema }, async ({ caller, body }) =>
    ok(await startVerification(caller.userId, body.phone)),
  ),
  [routeKey(routes.confirmWhatsAppVerification)]: apiHandler(routes.confirmWhatsAppVerification, { body: whatsappCodeSchema }, async ({ caller, body }) =>
    ok(await confirmVerification(caller.userId, body.code)),
  ),
  [routeKey(routes.removeWhatsAppChannel)]: apiHandler(routes.removeWhatsAppChannel, {}, async ({ caller }) =>
    ok(await removeChannel(caller.userId)),
  ),
};

export const handler = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
  const route = byRoute[event.routeKey];
  if (!route) return json(404, { error: { code: 'not_found', message: messages.http.notFound } });
  return route(event, context);
};
