/**
 * A signed WhatsApp webhook body, read before anything else touches it (like paystack-event.ts):
 * JSON, then Meta's envelope (`{ object: 'whatsapp_business_account', entry: [{ changes: [{ value }] }] }`),
 * then, one by one, the statuses and the messages Kalan reads, bounded. A body that is not such an
 * envelope is refused (400); inside a good envelope an update of a kind Kalan does not read (a
 * status Meta adds later, a contact's change) is skipped and counted, never a reason to refuse the
 * others (Meta batches several updates in one call and would send all of them again).
 */
import { WHATSAPP_STATUSES, type WhatsAppStatus } from '#shared/whatsapp';
import * as z from '#shared/zod';

/** Meta batches updates: a call carries a few kB; 1 MiB bounds what is parsed at all. */
export const MAX_WHATSAPP_WEBHOOK_BYTES = 1024 * 1024;

/** A Cloud API message id: `wamid.` then base64 (letters, digits, `+/=_-`). */
const messageId = z.string().check(z.regex(/^[A-Za-z0-9._=+/:-]{1,200}$/));
/** Digits only, without '+' (the Cloud API's `from` and `recipient_id`). */
const waDigits = z.string().check(z.regex(/^\d{6,20}$/));

const statusSchema = z.object({
  id: messageId,
  status: z.enum(WHATSAPP_STATUSES),
  /** Epoch seconds, as a string. */
  timestamp: z.optional(z.string().check(z.regex(/^\d{1,12}$/))),
  recipient_id: z.optional(waDigits),
  errors: z.optional(
    z.array(z.object({ code: z.optional(z.int()), title: z.optional(z.string().check(z.maxLength(500))) })).check(z.maxLength(10)),
  ),
});

const messageSchema = z.object({
  id: messageId,
  from: waDigits,
  type: z.string().check(z.maxLength(40)),
  button: z.optional(z.object({ payload: z.string().check(z.maxLength(512)), text: z.optional(z.string().check(z.maxLength(200))) })),
  text: z.optional(z.object({ body: z.string().check(z.maxLength(4096)) })),
});

const envelopeSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.object({
        changes: z.array(z.object({ field: z.optional(z.string()), value: z.optional(z.record(z.string(), z.unknown())) })).check(z.maxLength(1000)),
      }),
    )
    .check(z.maxLength(1000)),
});

export interface WhatsAppStatusUpdate {
  messageId: string;
  status: WhatsAppStatus;
  /** Epoch ms of Meta's timestamp (or of the reception, when it has none). */
  at: number;
  error?: { code?: number; title?: string };
}

export interface WhatsAppIncomingMessage {
  id: string;
  /** Digits without '+', as the Cloud API writes them. */
  from: string;
  type: string;
  buttonPayload?: string;
  text?: string;
}

export interface WhatsAppWebhookUpdates {
  statuses: WhatsAppStatusUpdate[];
  messages: WhatsAppIncomingMessage[];
  /** Updates of a kind or shape Kalan does not read (skipped). */
  skipped: number;
}

export type ParsedWhatsAppWebhook = { ok: true; updates: WhatsAppWebhookUpdates } | { ok: false; error: 'invalid_json' | 'invalid_event' };

/** The body of a signed call: its updates, or why it is not a WhatsApp webhook at all. */
export function parseWhatsAppWebhook(rawBody: Buffer, now = Date.now()): ParsedWhatsAppWebhook {
  if (rawBody.length > MAX_WHATSAPP_WEBHOOK_BYTES) return { ok: false, error: 'invalid_event' };
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { ok: false, error: 'invalid_json' };
  }
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) return { ok: false, error: 'invalid_event' };
  const updates: WhatsAppWebhookUpdates = { statuses: [], messages: [], skipped: 0 };
  for (const entry of envelope.data.entry) {
    for (const change of entry.changes) {
      const value = change.value ?? {};
      for (const raw of Array.isArray(value.statuses) ? value.statuses : []) {
        const status = statusSchema.safeParse(raw);
        if (!status.success) {
          updates.skipped++;
          continue;
        }
        const { id, timestamp, errors } = status.data;
        const error = errors?.[0];
        updates.statuses.push({
          messageId: id,
          status: status.data.status,
          at: timestamp ? Number(timestamp) * 1000 : now,
          ...(error ? { error: { code: error.code, title: error.title } } : {}),
        });
      }
      for (const raw of Array.isArray(value.messages) ? value.messages : []) {
        const message = messageSchema.safeParse(raw);
        if (!message.success) {
          updates.skipped++;
          continue;
        }
        const { id, from, type, button, text } = message.data;
        updates.messages.push({ id, from, type, ...(button ? { buttonPayload: button.payload } : {}), ...(text ? { text: text.body } : {}) });
      }
    }
  }
  return { ok: true, updates };
}
