/**
 * The WhatsApp Cloud API's credentials: the access token (sending), the app secret (the webhook's
 * `X-Hub-Signature-256`), the verify token (the webhook's handshake) and the phone number id (the
 * sender). In the cloud one Secrets Manager secret (WHATSAPP_SECRET_NAME, JSON `{ access_token,
 * app_secret, verify_token, phone_number_id }`), read once per container like Paystack's key;
 * locally the stack sets WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN and
 * WHATSAPP_PHONE_NUMBER_ID (generated per data directory, never committed).
 */
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import * as z from '#shared/zod';
import { secretsManager } from '#commons/clients/secrets-manager';

export interface WhatsAppCredentials {
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  phoneNumberId: string;
}

const secretSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  app_secret: z.string().check(z.minLength(1)),
  verify_token: z.string().check(z.minLength(1)),
  phone_number_id: z.string().check(z.minLength(1)),
});

/** Whether this stage has WhatsApp at all (a stage without it sends e-mails only). */
export function whatsappConfigured(): boolean {
  return Boolean(process.env.WHATSAPP_SECRET_NAME || process.env.WHATSAPP_APP_SECRET);
}

async function load(): Promise<WhatsAppCredentials> {
  const { WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN, WHATSAPP_PHONE_NUMBER_ID } = process.env;
  if (WHATSAPP_APP_SECRET) {
    return {
      accessToken: WHATSAPP_ACCESS_TOKEN ?? '',
      appSecret: WHATSAPP_APP_SECRET,
      verifyToken: WHATSAPP_VERIFY_TOKEN ?? '',
      phoneNumberId: WHATSAPP_PHONE_NUMBER_ID ?? '',
    };
  }
  const name = process.env.WHATSAPP_SECRET_NAME;
  if (!name) throw new Error('WHATSAPP_SECRET_NAME or WHATSAPP_APP_SECRET must be set');
  const { SecretString } = await secretsManager().send(new GetSecretValueCommand({ SecretId: name }));
  const parsed = secretSchema.safeParse(JSON.parse(SecretString ?? 'null'));
  // Never the secret's content in the message: only which of its fields are wrong.
  if (!parsed.success) throw new Error(`Secret ${name} is not { access_token, app_secret, verify_token, phone_number_id }: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  const secret = parsed.data;
  return { accessToken: secret.access_token, appSecret: secret.app_secret, verifyToken: secret.verify_token, phoneNumberId: secret.phone_number_id };
}

let credentials: Promise<WhatsAppCredentials> | undefined;

/** Read once per container; a failed read is tried again by the next call. */
export function whatsappCredentials(): Promise<WhatsAppCredentials> {
  credentials ??= load().catch((error: unknown) => {
    credentials = undefined;
    throw error;
  });
  return credentials;
}
