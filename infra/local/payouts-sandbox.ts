/**
 * The local payout providers (issue 30): one HTTP server on the `payouts` port with CinetPay
 * Transfer under /cinetpay (cinetpay-sandbox.ts) and Wave's Payout API under /wave
 * (wave-sandbox.ts), so that CINETPAY_BASE_URL=http://127.0.0.1:<port>/cinetpay and
 * WAVE_BASE_URL=…/wave point the production clients at them. Test controls under
 * /__sandbox/cinetpay/*, /__sandbox/wave/* and /__sandbox/settings (README, « Bacs à sable des
 * retraits »). Like the Paystack sandbox, their records live in the data directory (journal.ts)
 * unless the stack runs in memory; the credentials are generated per data directory.
 */
import http from 'node:http';
import path from 'node:path';
import { createCinetPaySandbox, type CinetPayRecord, type CinetPaySandbox } from './cinetpay-sandbox.js';
import { localConfig, url, type LocalConfig } from './config.js';
import { memoryJournal, openJournal, type Journal } from './journal.js';
import { applySettings, DEFAULT_SETTINGS, localPayoutCredentials, reply, type PayoutCredentials, type PayoutsSandboxSettings } from './payouts-kit.js';
import { createWaveSandbox, type WaveRecord, type WaveSandbox } from './wave-sandbox.js';

export interface PayoutsSandbox {
  server: http.Server;
  cinetpay: CinetPaySandbox;
  wave: WaveSandbox;
  credentials: PayoutCredentials;
  settings: PayoutsSandboxSettings;
  /** Sends again the notifications not delivered and re-arms the settlements (call once Kalan answers). */
  resume(): void;
  /** Cancels the timers and closes the journals (the server is closed by its owner). */
  stop(): void;
}

function journalOf<T extends { key: string }>(config: LocalConfig, name: string): Journal<T> {
  if (config.inMemory) return memoryJournal();
  return openJournal(path.join(config.dataDir, name), (record) => record.key);
}

export function createPayoutsSandbox(config: LocalConfig = localConfig, overrides: Partial<PayoutsSandboxSettings> = {}): PayoutsSandbox {
  const credentials = localPayoutCredentials(config);
  const settings: PayoutsSandboxSettings = { ...DEFAULT_SETTINGS, ...overrides };
  const cinetpay = createCinetPaySandbox(journalOf<CinetPayRecord>(config, 'cinetpay-sandbox.jsonl'), settings, credentials.cinetpay);
  const wave = createWaveSandbox(journalOf<WaveRecord>(config, 'wave-sandbox.jsonl'), settings, credentials.wave.apiKey);

  const server = http.createServer((req, res) => {
    void (async () => {
      const requestUrl = new URL(req.url ?? '/', 'http://localhost');
      const { pathname, searchParams } = requestUrl;
      const route = /^\/(__sandbox\/)?(cinetpay|wave)(\/.*)$/.exec(pathname);
      if (route) {
        const sandbox = route[2] === 'cinetpay' ? cinetpay : wave;
        return route[1] ? sandbox.control(req, res, route[3]!) : sandbox.api(req, res, route[3]!, searchParams);
      }
      if (pathname === '/__sandbox/settings') {
        if (req.method === 'POST') {
          const chunks: Buffer[] = [];
          for await (const chunk of req) chunks.push(chunk as Buffer);
          try {
            applySettings(settings, JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>);
          } catch {
            return reply(res, 400, { message: 'JSON attendu' });
          }
        }
        return reply(res, 200, settings);
      }
      return reply(res, 404, { message: 'Not found' });
    })().catch((error: Error) => {
      if (!res.headersSent) reply(res, 500, { message: error.message });
      else res.end();
    });
  });

  return {
    server,
    cinetpay,
    wave,
    credentials,
    settings,
    resume() {
      cinetpay.resume();
      wave.resume();
    },
    stop() {
      cinetpay.stop();
      wave.stop();
    },
  };
}

/** The variables that point the payout clients at the doubles, with the doubles' credentials. */
export function payoutsEnvironment(config: LocalConfig, credentials: PayoutCredentials): Record<string, string> {
  return {
    CINETPAY_BASE_URL: `${url(config.ports.payouts)}/cinetpay`,
    WAVE_BASE_URL: `${url(config.ports.payouts)}/wave`,
    PAYOUT_CINETPAY_API_KEY: credentials.cinetpay.apikey,
    PAYOUT_CINETPAY_PASSWORD: credentials.cinetpay.password,
    PAYOUT_WAVE_API_KEY: credentials.wave.apiKey,
  };
}
