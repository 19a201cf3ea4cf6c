/**
 * The local WhatsApp credentials (issue 34): the access token, app secret, verify token and phone
 * number id the functions read (functions/src/whatsapp/cloud-api.ts) and the local Cloud API double
 * checks and signs with. Generated once per data directory (0600), like Paystack's key, never
 * committed; in the cloud they are a Secrets Manager secret the operator fills (WHATSAPP_SECRET_NAME).
 * Kept by the double's side of the stack (whatsapp-double.ts reads them, stack.ts sets them).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { localConfig, type LocalConfig } from './config.js';

export interface LocalWhatsAppCredentials {
  WHATSAPP_ACCESS_TOKEN: string;
  WHATSAPP_APP_SECRET: string;
  WHATSAPP_VERIFY_TOKEN: string;
  WHATSAPP_PHONE_NUMBER_ID: string;
}

export function localWhatsAppCredentials(config: LocalConfig = localConfig): LocalWhatsAppCredentials {
  const file = path.join(config.dataDir, 'whatsapp-credentials.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalWhatsAppCredentials;
  const credentials: LocalWhatsAppCredentials = {
    WHATSAPP_ACCESS_TOKEN: `EAAlocal${randomBytes(24).toString('hex')}`,
    WHATSAPP_APP_SECRET: randomBytes(16).toString('hex'),
    WHATSAPP_VERIFY_TOKEN: `kalan-local-${randomBytes(8).toString('hex')}`,
    // A Graph id: digits only.
    WHATSAPP_PHONE_NUMBER_ID: String(100_000_000_000_000 + Math.floor(Math.random() * 899_999_999_999_999)),
  };
  writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}
