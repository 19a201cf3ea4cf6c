/**
 * WhatsApp webhook bodies as Meta's Cloud API sends them (a button tapped, a text written, a status)
 * and their `X-Hub-Signature-256`: shared by the rules tests (handler in process) and the HTTP tests.
 */
import { createHmac, randomUUID } from 'node:crypto';

/** `sha256=<HMAC-SHA256 of the raw body with the app secret>`. */
export function whatsappSignature(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/** A fresh Ivorian mobile number, E.164 ('+22507…'), and the digits the Cloud API writes ('22507…'). */
export function freshWhatsAppNumber(): { phone: string; digits: string } {
  const digits = `22507${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return { phone: `+${digits}`, digits };
}

function envelope(value: Record<string, unknown>): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '102290129340398', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '2250700000000', phone_number_id: '106540352242922' }, ...value } }] }],
  });
}

const seconds = () => String(Math.floor(Date.now() / 1000));

/** The tap of a quick-reply button (`messages[].type === 'button'`). */
export function buttonBody(fromDigits: string, payload: string, text = 'Accepter', id = `wamid.${randomUUID()}`): string {
  return envelope({
    contacts: [{ profile: { name: 'Répétiteur' }, wa_id: fromDigits }],
    messages: [{ from: fromDigits, id, timestamp: seconds(), type: 'button', button: { payload, text }, context: { from: '2250700000000', id: 'wamid.template' } }],
  });
}

/** A text written to Kalan's number. */
export function textBody(fromDigits: string, text: string): string {
  return envelope({ contacts: [{ profile: { name: 'Répétiteur' }, wa_id: fromDigits }], messages: [{ from: fromDigits, id: `wamid.${randomUUID()}`, timestamp: seconds(), type: 'text', text: { body: text } }] });
}

/** Statuses of messages Kalan sent, in the order given. */
export function statusBody(statuses: Array<{ id: string; status: string; recipient: string; timestamp?: number; error?: { code: number; title: string } }>): string {
  return envelope({
    statuses: statuses.map(({ id, status, recipient, timestamp, error }) => ({
      id,
      status,
      timestamp: String(timestamp ?? Math.floor(Date.now() / 1000)),
      recipient_id: recipient,
      ...(error ? { errors: [error] } : {}),
    })),
  });
}
