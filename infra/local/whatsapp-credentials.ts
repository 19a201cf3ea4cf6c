/**
 * The local WhatsApp Cloud API credentials (issue 34): generated once per data directory (0600,
 * never committed), like Paystack's key (paystack-sandbox.ts). The stack sets them in the
 * environment the handlers read (functions/src/whatsapp/credentials.ts); the double signs its
 * webhooks with the same app secret, and the tests read the file to sign theirs.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { localConfig, type LocalConfig } from './config.js';

export interface LocalWhatsAppCredentials {
  access_token: string;
  app_secret: string;
  verify_token: string;
  phone_number_id: string;
}

export const WHATSAPP_CREDENTIALS_FILE = 'whatsapp-credentials.json';

export function localWhatsAppCredentials(config: LocalConfig = localConfig): LocalWhatsAppCredentials {
  const file = path.join(config.dataDir, WHATSAPP_CREDENTIALS_FILE);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalWhatsAppCredentials;
  const credentials: LocalWhatsAppCredentials = {
    access_token: `EAAlocal${randomBytes(24).toString('hex')}`,
    app_secret: randomBytes(16).toString('hex'),
    verify_token: `kalan-local-${randomBytes(12).toString('hex')}`,
    // A Cloud API phone number id is a long number.
    phone_number_id: String(100_000_000_000_000 + Math.floor(Math.random() * 899_999_999_999_999)),
  };
  writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  return credentials;
}

/** The variables the handlers read instead of the cloud's secret. */
export function whatsappEnvironment(credentials: LocalWhatsAppCredentials): Record<string, string> {
  return {
    WHATSAPP_ACCESS_TOKEN: credentials.access_token,
    WHATSAPP_APP_SECRET: credentials.app_secret,
    WHATSAPP_VERIFY_TOKEN: credentials.verify_token,
    WHATSAPP_PHONE_NUMBER_ID: credentials.phone_number_id,
  };
}
