/**
 * The WhatsApp Cloud API client: the only place that knows the Graph API's request shapes and
 * Kalan's WhatsApp credentials. `POST {graph}/{version}/{phone_number_id}/messages` with a bearer
 * token sends a template (any time) or a free text (only within the 24-hour window the person
 * opened by writing). WHATSAPP_GRAPH_URL points it at the local double; the credentials come from
 * Secrets Manager (WHATSAPP_SECRET_NAME, JSON `{ access_token, app_secret, verify_token,
 * phone_number_id }`), read once per container, or locally from WHATSAPP_ACCESS_TOKEN,
 * WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN and WHATSAPP_PHONE_NUMBER_ID.
 */
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { WHATSAPP_GRAPH_VERSION, type WhatsAppTemplateName } from '#shared/whatsapp';
import { secretsManager } from '#commons/clients/secrets-manager';

const REQUEST_TIMEOUT_MS = 5000;

export interface WhatsAppCredentials {
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  phoneNumberId: string;
}

/** Meta could not be reached or failed (5xx, 429, timeout, its own 'try later' codes): worth retrying. */
export class WhatsAppUnavailableError extends Error {
  override readonly name = 'WhatsAppUnavailable';
}

/** Meta refused this message for good (a number not on WhatsApp, a template not approved…). */
export class WhatsAppRejectedError extends Error {
  override readonly name = 'WhatsAppRejected';
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
  ) {
    super(message);
  }
}

/** Whether the stage has WhatsApp configured at all (a secret's name, or the local credentials). */
export function whatsappConfigured(): boolean {
  return Boolean(process.env.WHATSAPP_SECRET_NAME || (process.env.WHATSAPP_ACCESS_TOKEN && process.env.WHATSAPP_PHONE_NUMBER_ID));
}

let credentials: Promise<WhatsAppCredentials> | undefined;

async function loadCredentials(): Promise<WhatsAppCredentials> {
  const local = process.env.WHATSAPP_ACCESS_TOKEN;
  if (local) {
    return {
      accessToken: local,
      appSecret: process.env.WHATSAPP_APP_SECRET ?? '',
      verifyToken: process.env.WHATSAPP_VERIFY_TOKEN ?? '',
      phoneNumberId: process.env.WHATSAPP_PHONE_NUMBER_ID ?? '',
    };
  }
  const name = process.env.WHATSAPP_SECRET_NAME;
  if (!name) throw new Error('WHATSAPP_SECRET_NAME or WHATSAPP_ACCESS_TOKEN must be set');
  const { SecretString } = await secretsManager().send(new GetSecretValueCommand({ SecretId: name }));
  if (!SecretString) throw new Error(`Secret ${name} is empty`);
  const secret = JSON.parse(SecretString) as Partial<Record<'access_token' | 'app_secret' | 'verify_token' | 'phone_number_id', string>>;
  if (!secret.access_token || !secret.app_secret || !secret.verify_token || !secret.phone_number_id) {
    throw new Error(`Secret ${name} lacks one of access_token, app_secret, verify_token, phone_number_id`);
  }
  return { accessToken: secret.access_token, appSecret: secret.app_secret, verifyToken: secret.verify_token, phoneNumberId: secret.phone_number_id };
}

/** Read once per container; a failed read is retried by the next call (the webhook reads the same). */
export function whatsappCredentials(): Promise<WhatsAppCredentials> {
  credentials ??= loadCredentials().catch((error: unknown) => {
    credentials = undefined;
    throw error;
  });
  return credentials;
}

function graphUrl(): string {
  return (process.env.WHATSAPP_GRAPH_URL ?? 'https://graph.facebook.com').replace(/\/$/, '');
}

/** One parameter of a template's body, or of a button. */
export type TemplateButton =
  | { type: 'quick_reply'; payload: string }
  /** The variable part of a URL button's approved address (`https://kalan.ci/{{1}}`). */
  | { type: 'url'; text: string };

export interface TemplateMessage {
  name: WhatsAppTemplateName;
  /** The body's {{1}}, {{2}}… in order. */
  body: string[];
  /** In the template's order (their index is their place). */
  buttons?: TemplateButton[];
}

/** The Cloud API's body of a template message (language `fr`). */
export function templateRequest(to: string, template: TemplateMessage) {
  const components: unknown[] = [];
  if (template.body.length > 0) {
    components.push({ type: 'body', parameters: template.body.map((text) => ({ type: 'text', text })) });
  }
  (template.buttons ?? []).forEach((button, index) => {
    components.push(
      button.type === 'quick_reply'
        ? { type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload: button.payload }] }
        : { type: 'button', sub_type: 'url', index: String(index), parameters: [{ type: 'text', text: button.text }] },
    );
  });
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    // The Cloud API takes the number in international form; digits only is the documented form.
    to: to.replace(/^\+/, ''),
    type: 'template',
    template: { name: template.name, language: { code: 'fr' }, components },
  };
}

/** A free text (only inside the 24-hour window the person opened). */
export function textRequest(to: string, text: string) {
  return { messaging_product: 'whatsapp', recipient_type: 'individual', to: to.replace(/^\+/, ''), type: 'text', text: { preview_url: false, body: text } };
}

interface GraphError {
  error?: { message?: string; code?: number; error_subcode?: number; error_data?: { details?: string } };
}

/**
 * Meta's error codes that mean 'later' even on a 4xx: rate limits (4, 80007, 130429, 131048,
 * 131056), a temporary failure (1, 2, 131000 'something went wrong', 133004 server unavailable).
 */
const TRANSIENT_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131048, 131056, 133004]);

/** Sends one message; its `wamid`. Throws WhatsAppUnavailableError (retry) or WhatsAppRejectedError (never). */
async function post(body: unknown): Promise<string> {
  const { accessToken, phoneNumberId } = await whatsappCredentials();
  const url = `${graphUrl()}/${WHATSAPP_GRAPH_VERSION}/${encodeURIComponent(phoneNumberId)}/messages`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new WhatsAppUnavailableError(`WhatsApp injoignable : ${(error as Error).message}`);
  }
  const payload = (await response.json().catch(() => undefined)) as (GraphError & { messages?: { id?: string }[] }) | undefined;
  const code = payload?.error?.code;
  if (response.status >= 500 || response.status === 429 || (code !== undefined && TRANSIENT_CODES.has(code))) {
    throw new WhatsAppUnavailableError(`WhatsApp ${response.status}${code ? ` (${code})` : ''}`);
  }
  const id = payload?.messages?.[0]?.id;
  if (!response.ok || !id) {
    throw new WhatsAppRejectedError(payload?.error?.message ?? `WhatsApp ${response.status}`, response.status, code);
  }
  return id;
}

export const sendTemplateMessage = (to: string, template: TemplateMessage): Promise<string> => post(templateRequest(to, template));

export const sendTextMessage = (to: string, text: string): Promise<string> => post(textRequest(to, text));
