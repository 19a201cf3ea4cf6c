/**
 * The local WhatsApp Cloud API double (issue 34), served by the mailbox's HTTP server under
 * `/whatsapp` (mailbox.ts mounts it: no port more). It speaks what graph.facebook.com speaks, so the
 * functions' production client (WHATSAPP_GRAPH_URL) runs unchanged:
 *
 * - `POST /whatsapp/{version}/{phone_number_id}/messages` with `Authorization: Bearer <token>`:
 *   template and text messages validated as Meta does (a wrong token → 401 code 190, an unknown
 *   template → 132001, a wrong parameter count → 132000, a bad body → 100), answered
 *   `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }`.
 * - Then, like Meta, signed webhooks to the app's `/api/webhooks/whatsapp`
 *   (`X-Hub-Signature-256: sha256=<HMAC-SHA256(raw body, app secret)>`): statuses sent → delivered →
 *   read, or failed with Meta's error (131026 undeliverable, 131047 outside the 24-hour window for a
 *   free text). A webhook not answered 200 is sent again a few times, as Meta retries.
 * - `POST /whatsapp/__control` (JSON): fail the next sends with a Graph error, delay, duplicate or
 *   reorder the statuses, make a number undeliverable — for every number or one (`to`).
 * - `GET /whatsapp/messages?to=<e164 or digits>`: the conversation in JSON for tests and scripts.
 * - `GET /whatsapp`: a French page of each person's conversation (no timed refresh, which axe and
 *   screen readers object to: an 'Actualiser' link); the templates rendered from
 *   their approved bodies (WHATSAPP_TEMPLATES), status ticks, quick-reply buttons as real buttons (a
 *   tap sends the signed `type: 'button'` webhook) and URL buttons as links; on one person's page a
 *   text box writes as that person (`type: 'text'`, e.g. STOP). The page has no script: forms only,
 *   each carrying this server's token, so another site cannot tap for the person.
 *
 * The conversations are kept in `<dataDir>/whatsapp-double.jsonl` (journal.ts) by `npm start`, so a
 * restart shows them again; tests' stacks keep them in memory.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import path from 'node:path';
import { WHATSAPP_TEMPLATES, type WhatsAppTemplateName } from '#shared/whatsapp';
import { localConfig, publicUrl, url, type LocalConfig } from './config.js';
import { memoryJournal, openJournal, type Journal } from './journal.js';
import { readTextBody } from './request-body.js';
import { localWhatsAppCredentials, type LocalWhatsAppCredentials } from './whatsapp-credentials.js';

/** What the Cloud API checks and signs with; the functions read the same as WHATSAPP_* variables. */
export interface WhatsAppCredentials {
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  phoneNumberId: string;
}

/** The business number the double sends from (shown in the webhooks' metadata). */
export const DOUBLE_DISPLAY_PHONE_NUMBER = '2252722000000';
/** The WhatsApp Business Account id of the webhooks' `entry[].id`. */
export const DOUBLE_WABA_ID = '100000000000001';

/** The stack's credentials (whatsapp-credentials.ts, generated per data directory) as the double uses them. */
export function doubleCredentials(local: LocalWhatsAppCredentials): WhatsAppCredentials {
  return {
    accessToken: local.WHATSAPP_ACCESS_TOKEN,
    appSecret: local.WHATSAPP_APP_SECRET,
    verifyToken: local.WHATSAPP_VERIFY_TOKEN,
    phoneNumberId: local.WHATSAPP_PHONE_NUMBER_ID,
  };
}

/** `sha256=<hex>`: the value of `X-Hub-Signature-256` Meta sends over the raw body. */
export function signWhatsAppBody(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

export type DoubleStatus = 'sent' | 'delivered' | 'read' | 'failed';

export interface GraphErrorDetail {
  code: number;
  title: string;
  message?: string;
  error_data?: { details: string };
}

interface RenderedButton {
  type: 'quick_reply' | 'url';
  text: string;
  payload?: string;
  url?: string;
}

/** One message of a conversation: `out` from Kalan to the person, `in` from the person to Kalan. */
export interface DoubleMessage {
  id: string;
  direction: 'out' | 'in';
  /** The person's number, digits only (Meta's wa_id). */
  waId: string;
  type: 'template' | 'text' | 'button';
  /** The text as the person sees it (a template's body with its parameters). */
  text: string;
  template?: { name: string; language: string; parameters: string[]; buttons: RenderedButton[] };
  /** An `in` button tap's payload. */
  payload?: string;
  /** For `out` messages: the latest status posted, and every one of them in the order posted. */
  status?: DoubleStatus | 'accepted';
  statuses: Array<{ status: DoubleStatus; at: string; answer?: number; errors?: GraphErrorDetail[] }>;
  /** For `in` messages: the app's answer to the webhook. */
  webhookAnswer?: number;
  receivedAt: string;
}

/** What tests can ask of the double, for every number (`to` absent) or one. */
export interface DoubleSettings {
  /** The next N sends fail with this Graph error (default 131000 'Something went wrong', HTTP 500). */
  failNext?: { count: number; code?: number; httpStatus?: number; message?: string };
  /** Milliseconds before the statuses of a send are posted. */
  delayStatusesMs?: number;
  /** Each status webhook posted twice (Meta may repeat). */
  duplicateStatuses?: boolean;
  /** The statuses posted last first (read, delivered, sent: Meta does not keep the order). */
  reorderStatuses?: boolean;
  /** Deliveries fail with 131026 (a number without WhatsApp, or that blocked us). */
  undeliverable?: boolean;
}

export interface WhatsAppDouble {
  readonly credentials: WhatsAppCredentials;
  /** Answers a request under `/whatsapp`; false for other paths (the mailbox answers those). */
  handle(req: http.IncomingMessage, res: http.ServerResponse, requestUrl: URL): boolean;
  /** The conversation with one number (any form), oldest first; all of them without `to`. */
  messages(to?: string): DoubleMessage[];
  /** Waits for the webhooks in flight (tests). */
  idle(): Promise<void>;
  stop(): void;
}

/** The double's journal: the stack's data directory unless it runs in memory. */
export function whatsAppDoubleJournal(config: LocalConfig = localConfig): Journal<DoubleMessage> {
  if (config.inMemory) return memoryJournal();
  return openJournal(path.join(config.dataDir, 'whatsapp-double.jsonl'), (message) => message.id);
}

/** Digits only: '+225 07 07…' and '22507…' are the same person (Meta's wa_id has no '+'). */
export const waIdOf = (phone: string) => phone.replace(/\D/g, '');

const text = {
  title: 'WhatsApp local',
  description: 'Les messages WhatsApp que Kalan envoie sur cette machine, par personne. Touchez les boutons comme sur un téléphone.',
  empty: 'Aucun message WhatsApp pour le moment.',
  conversation: (number: string) => `Conversation avec +${number}`,
  showAll: 'Toutes les conversations',
  open: 'Écrire comme cette personne',
  refresh: 'Actualiser',
  writeLabel: 'Votre message (comme cette personne)',
  send: 'Envoyer',
  status: { accepted: 'Accepté par WhatsApp', sent: 'Envoyé', delivered: 'Distribué', read: 'Lu', failed: 'Échec' } as Record<string, string>,
  answer: (status: number) => `réponse de Kalan : ${status}`,
  mailbox: 'Boîte aux lettres locale',
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const timeFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Africa/Abidjan' });

const PAGE_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** A template's body with its {{n}} filled. */
export function renderTemplateBody(name: WhatsAppTemplateName, parameters: readonly string[]): string {
  return WHATSAPP_TEMPLATES[name].body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => parameters[Number(n) - 1] ?? `{{${n}}}`);
}

const parameterCount = (name: WhatsAppTemplateName) => new Set(WHATSAPP_TEMPLATES[name].body.match(/\{\{\d+\}\}/g) ?? []).size;

class GraphError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
    readonly details?: string,
    readonly type = 'OAuthException',
  ) {
    super(message);
  }
  get body() {
    return {
      error: {
        message: this.message,
        type: this.type,
        code: this.code,
        ...(this.details ? { error_data: { messaging_product: 'whatsapp', details: this.details } } : {}),
        fbtrace_id: `A${randomBytes(9).toString('base64url')}`,
      },
    };
  }
}

const invalid = (details: string) => new GraphError(400, 100, '(#100) Invalid parameter', details);

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The send request read as Meta reads it; throws the GraphError Meta would answer. */
function readSend(body: unknown, siteUrl: string): Pick<DoubleMessage, 'type' | 'text' | 'template'> & { to: string } {
  const input = record(body);
  if (!input) throw invalid('The request body must be a JSON object');
  if (input.messaging_product !== 'whatsapp') throw invalid("The parameter messaging_product is required and must be 'whatsapp'");
  if (typeof input.to !== 'string' || !/^\+?\d{8,15}$/.test(input.to.replace(/[\s-]/g, ''))) throw invalid('The parameter to is required and must be a phone number');
  const to = input.to;
  const type = input.type ?? 'text';
  if (type === 'text') {
    const body = record(input.text)?.body;
    if (typeof body !== 'string' || !body.trim()) throw invalid('The parameter text[body] is required');
    if (body.length > 4096) throw invalid('text[body] is longer than 4096 characters');
    return { to, type: 'text', text: body };
  }
  if (type !== 'template') throw invalid(`Unsupported message type in this double: ${String(type)}`);
  const template = record(input.template);
  const name = template?.name;
  const language = record(template?.language)?.code;
  if (typeof name !== 'string' || typeof language !== 'string') throw invalid('The parameters template[name] and template[language][code] are required');
  if (!(name in WHATSAPP_TEMPLATES) || language !== 'fr') {
    throw new GraphError(404, 132001, '(#132001) Template name does not exist in the translation', `template name (${name}) does not exist in ${language}`);
  }
  const templateName = name as WhatsAppTemplateName;
  const components = Array.isArray(template?.components) ? template.components.map(record) : [];
  if (components.some((c) => !c)) throw invalid('template[components] must be objects');
  const textsOf = (component: Record<string, unknown> | undefined) =>
    (Array.isArray(component?.parameters) ? component.parameters : []).map((p) => {
      const parameter = record(p);
      if (parameter?.type === 'text' && typeof parameter.text === 'string') return parameter.text;
      if (parameter?.type === 'payload' && typeof parameter.payload === 'string') return parameter.payload;
      throw invalid('Each parameter needs a type (text or payload) and its value');
    });
  const parameters = textsOf(components.find((c) => c?.type === 'body'));
  const expected = parameterCount(templateName);
  if (parameters.length !== expected) {
    throw new GraphError(400, 132000, '(#132000) Number of parameters does not match the expected number of params', `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${expected})`);
  }
  if (parameters.some((p) => !p.trim() || /[\n\t]| {5,}/.test(p))) {
    throw new GraphError(400, 132018, '(#132018) There was an issue with the parameters in your template.', 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces');
  }
  const defined = WHATSAPP_TEMPLATES[templateName].buttons as ReadonlyArray<{ type: 'quick_reply' | 'url'; text: string }>;
  const buttons: RenderedButton[] = defined.map((b) => ({ type: b.type, text: b.text }));
  for (const component of components.filter((c) => c?.type === 'button')) {
    const index = Number(component!.index);
    const button = buttons[index];
    if (!Number.isInteger(index) || !button || component!.sub_type !== button.type) {
      throw new GraphError(400, 132000, '(#132000) Number of parameters does not match the expected number of params', `button at index ${String(component!.index)} (${String(component!.sub_type)}) is not in the template`);
    }
    const [value] = textsOf(component);
    if (value === undefined) throw invalid(`button at index ${index} needs its parameter`);
    if (button.type === 'quick_reply') button.payload = value;
    // A URL button's parameter is the suffix of the URL approved with the template (Kalan's site).
    else button.url = /^https?:\/\//.test(value) ? value : `${siteUrl}/${value.replace(/^\//, '')}`;
  }
  return { to, type: 'template', text: renderTemplateBody(templateName, parameters), template: { name, language, parameters, buttons } };
}

/** Meta retries a webhook not answered 200; locally a few quick tries. */
const REDELIVERY_DELAYS_MS = [500, 1_000, 2_000, 5_000];
/** Meta answers a business text outside 24 h of the person's last message with this failure. */
const WINDOW_MS = 24 * 60 * 60 * 1000;

export function createWhatsAppDouble(
  options: {
    credentials?: WhatsAppCredentials;
    /** The app's webhook (Meta calls the URL configured in the app's dashboard). */
    webhookUrl?: string;
    /** Where URL buttons' suffixes point (the template's approved URL). */
    siteUrl?: string;
    print?: (line: string) => void;
    config?: LocalConfig;
    /** Where the conversations are kept (whatsAppDoubleJournal); in memory by default. */
    journal?: Journal<DoubleMessage>;
  } = {},
): WhatsAppDouble {
  const config = options.config ?? localConfig;
  const credentials = options.credentials ?? doubleCredentials(localWhatsAppCredentials(config));
  const webhookUrl = options.webhookUrl ?? `${url(config.ports.app)}/api/webhooks/whatsapp`;
  const siteUrl = options.siteUrl ?? publicUrl(config.ports.app);
  const print = options.print ?? ((line: string) => console.log(line));
  /** The page's forms carry it: a tap from another site's form is refused. */
  const formToken = randomBytes(16).toString('hex');
  const journal = options.journal ?? memoryJournal<DoubleMessage>();
  const conversation: DoubleMessage[] = [...journal.records].sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
  const save = (message: DoubleMessage) => journal.append(message);
  const settings = new Map<string, DoubleSettings>();
  const inFlight = new Set<Promise<unknown>>();
  /** Pending waits, each with its resolve: stop() ends them at once. */
  const timers = new Map<NodeJS.Timeout, () => void>();
  let stopped = false;

  const settingsFor = (waId: string): DoubleSettings => ({ ...settings.get('*'), ...settings.get(waId) });
  const track = <T>(promise: Promise<T>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  };
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.set(timer, resolve);
    });

  function envelope(value: Record<string, unknown>): string {
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: DOUBLE_WABA_ID,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: DOUBLE_DISPLAY_PHONE_NUMBER, phone_number_id: credentials.phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });
  }

  /** Posts a signed webhook until the app answers 200 (or the tries run out); returns the last answer. */
  async function post(body: string): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      const status = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWhatsAppBody(body, credentials.appSecret) },
        body,
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      const delay = REDELIVERY_DELAYS_MS[attempt];
      if (status === 200 || stopped || delay === undefined) return status;
      print(`[whatsapp] webhook → ${status}, nouvel essai dans ${delay} ms`);
      await wait(delay);
    }
  }

  const unixSeconds = () => String(Math.floor(Date.now() / 1000));

  async function postStatuses(message: DoubleMessage, sequence: Array<{ status: DoubleStatus; errors?: GraphErrorDetail[] }>, s: DoubleSettings) {
    if (s.delayStatusesMs) await wait(s.delayStatusesMs);
    const ordered = s.reorderStatuses ? [...sequence].reverse() : sequence;
    for (const step of ordered.flatMap((step) => (s.duplicateStatuses ? [step, step] : [step]))) {
      if (stopped) return;
      const entry: DoubleMessage['statuses'][number] = { status: step.status, at: new Date().toISOString(), ...(step.errors ? { errors: step.errors } : {}) };
      message.statuses.push(entry);
      message.status = step.status === 'failed' || message.status !== 'failed' ? step.status : message.status;
      save(message);
      const body = envelope({
        statuses: [
          {
            id: message.id,
            status: step.status,
            timestamp: unixSeconds(),
            recipient_id: message.waId,
            ...(step.status === 'failed' ? {} : { conversation: { id: randomBytes(16).toString('hex'), origin: { type: message.type === 'template' ? 'utility' : 'service' } }, pricing: { billable: true, pricing_model: 'CBP', category: message.type === 'template' ? 'utility' : 'service' } }),
            ...(step.errors ? { errors: step.errors } : {}),
          },
        ],
      });
      entry.answer = await post(body);
      save(message);
    }
  }

  function send(body: unknown): { status: number; body: unknown } {
    const read = readSend(body, siteUrl);
    const waId = waIdOf(read.to);
    const s = settingsFor(waId);
    const fail = settings.get(waId)?.failNext ?? settings.get('*')?.failNext;
    if (fail && fail.count > 0) {
      fail.count -= 1;
      const code = fail.code ?? 131000;
      throw new GraphError(fail.httpStatus ?? (code === 131000 ? 500 : 400), code, fail.message ?? `(#${code}) Failure asked of the local double`, 'Failure asked by POST /whatsapp/__control');
    }
    const { to: _input, ...shape } = read;
    const message: DoubleMessage = { id: `wamid.HBgM${randomBytes(24).toString('base64url')}`, direction: 'out', waId, ...shape, status: 'accepted', statuses: [], receivedAt: new Date().toISOString() };
    conversation.push(message);
    save(message);
    print(`[whatsapp] +${waId} — ${read.template?.name ?? 'texte'}`);
    const lastIn = conversation.filter((m) => m.direction === 'in' && m.waId === waId).at(-1);
    const outsideWindow = read.type === 'text' && (!lastIn || Date.now() - Date.parse(lastIn.receivedAt) > WINDOW_MS);
    const sequence: Array<{ status: DoubleStatus; errors?: GraphErrorDetail[] }> = outsideWindow
      ? [{ status: 'failed', errors: [{ code: 131047, title: 'Re-engagement message', message: 'Re-engagement message', error_data: { details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.' } }] }]
      : s.undeliverable
        ? [{ status: 'sent' }, { status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'Message Undeliverable.' } }] }]
        : [{ status: 'sent' }, { status: 'delivered' }, { status: 'read' }];
    void track(postStatuses(message, sequence, s));
    return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: read.to, wa_id: waId }], messages: [{ id: message.id }] } };
  }

  /** The person writes or taps: the message webhook Meta sends. */
  async function reply(input: { to: string; messageId?: string; button?: number; text?: string }): Promise<DoubleMessage> {
    const waId = waIdOf(input.to);
    let message: DoubleMessage;
    const base = { id: `wamid.HBgM${randomBytes(24).toString('base64url')}`, direction: 'in' as const, waId, statuses: [], receivedAt: new Date().toISOString() };
    let webhookMessage: Record<string, unknown>;
    if (input.messageId !== undefined) {
      const original = conversation.find((m) => m.id === input.messageId && m.waId === waId && m.direction === 'out');
      const button = original?.template?.buttons[input.button ?? -1];
      if (!original || button?.type !== 'quick_reply' || button.payload === undefined) throw invalid('No such quick-reply button');
      message = { ...base, type: 'button', text: button.text, payload: button.payload };
      webhookMessage = { context: { from: DOUBLE_DISPLAY_PHONE_NUMBER, id: original.id }, type: 'button', button: { payload: button.payload, text: button.text } };
    } else {
      const body = input.text?.trim();
      if (!body || body.length > 4096) throw invalid('text is required');
      message = { ...base, type: 'text', text: body };
      webhookMessage = { type: 'text', text: { body } };
    }
    conversation.push(message);
    save(message);
    print(`[whatsapp] +${waId} → Kalan — ${message.text}`);
    const body = envelope({
      contacts: [{ profile: { name: `+${waId}` }, wa_id: waId }],
      messages: [{ from: waId, id: message.id, timestamp: unixSeconds(), ...webhookMessage }],
    });
    message.webhookAnswer = await track(post(body));
    save(message);
    return message;
  }

  function control(body: unknown): Record<string, unknown> {
    const input = record(body);
    if (!input) throw invalid('JSON object expected');
    const key = typeof input.to === 'string' ? waIdOf(input.to) : '*';
    if (input.reset === true) {
      if (key === '*') settings.clear();
      else settings.delete(key);
    }
    const next: DoubleSettings = { ...settings.get(key) };
    const fail = record(input.failNext);
    if (fail) {
      if (!Number.isInteger(fail.count) || (fail.count as number) < 0) throw invalid('failNext.count must be a whole number');
      for (const field of ['code', 'httpStatus'] as const) if (fail[field] !== undefined && !Number.isInteger(fail[field])) throw invalid(`failNext.${field} must be a whole number`);
      next.failNext = { count: fail.count as number, code: fail.code as number | undefined, httpStatus: fail.httpStatus as number | undefined, message: typeof fail.message === 'string' ? fail.message : undefined };
    }
    if (input.delayStatusesMs !== undefined) {
      if (!Number.isInteger(input.delayStatusesMs) || (input.delayStatusesMs as number) < 0 || (input.delayStatusesMs as number) > 600_000) throw invalid('delayStatusesMs: 0 to 600000');
      next.delayStatusesMs = input.delayStatusesMs as number;
    }
    for (const flag of ['duplicateStatuses', 'reorderStatuses', 'undeliverable'] as const) {
      if (input[flag] === undefined) continue;
      if (typeof input[flag] !== 'boolean') throw invalid(`${flag} must be true or false`);
      next[flag] = input[flag] as boolean;
    }
    settings.set(key, next);
    return { to: key, ...next };
  }

  function bubble(m: DoubleMessage, tapForms: boolean): string {
    const ticks = m.direction === 'out' ? statusTicks(m) : '';
    const buttons = (m.template?.buttons ?? [])
      .map((b, index) => {
        if (b.type === 'url') return b.url ? `<a class="action" href="${escapeHtml(b.url)}" rel="noreferrer">${escapeHtml(b.text)}</a>` : '';
        if (!tapForms || b.payload === undefined) return `<span class="action">${escapeHtml(b.text)}</span>`;
        return `<form method="post" action="/whatsapp/__reply"><input type="hidden" name="token" value="${formToken}"><input type="hidden" name="to" value="${m.waId}"><input type="hidden" name="message" value="${escapeHtml(m.id)}"><input type="hidden" name="button" value="${index}"><button class="action" type="submit">${escapeHtml(b.text)}</button></form>`;
      })
      .join('');
    const label = m.template ? `<p class="template">${escapeHtml(m.template.name)}</p>` : '';
    return `<li class="${m.direction}">
${label}<p class="body">${escapeHtml(m.text)}</p>
<p class="meta">${escapeHtml(timeFormat.format(new Date(m.receivedAt)))}${ticks}${m.webhookAnswer !== undefined ? ` · ${text.answer(m.webhookAnswer)}` : ''}</p>
${buttons ? `<div class="buttons">${buttons}</div>` : ''}
</li>`;
  }

  function statusTicks(m: DoubleMessage): string {
    const status = m.status ?? 'accepted';
    const mark = { accepted: '🕓', sent: '✓', delivered: '✓✓', read: '✓✓', failed: '⚠' }[status];
    const error = m.statuses.find((s) => s.errors)?.errors?.[0];
    const label = `${text.status[status]}${error ? ` (${error.code} ${error.title})` : ''}`;
    // The word beside the ticks: a font without ✓ (the headless shell's) still says where the message is.
    return ` · <span class="tick ${status}"><span aria-hidden="true">${mark}</span> ${escapeHtml(label)}</span>`;
  }

  function page(to?: string): string {
    const only = to ? waIdOf(to) : undefined;
    const people = [...new Set(conversation.map((m) => m.waId))].filter((waId) => !only || waId === only);
    const sections = people
      .map((waId) => {
        const items = conversation.filter((m) => m.waId === waId).map((m) => bubble(m, true)).join('\n');
        const write = only
          ? `<form class="write" method="post" action="/whatsapp/__reply"><input type="hidden" name="token" value="${formToken}"><input type="hidden" name="to" value="${waId}"><label for="write-${waId}">${text.writeLabel}</label><div><input id="write-${waId}" name="text" required maxlength="4096" autocomplete="off"><button type="submit">${text.send}</button></div></form>`
          : `<p><a href="/whatsapp?to=${waId}">${text.open}</a></p>`;
        return `<section aria-labelledby="c-${waId}"><h2 id="c-${waId}">${escapeHtml(text.conversation(waId))}</h2><ol>${items}</ol>${write}</section>`;
      })
      .join('\n');
    const heading = only
      ? `<p><a href="/whatsapp">${text.showAll}</a> · <a href="/whatsapp?to=${only}">${text.refresh}</a></p>`
      : `<p>${escapeHtml(text.description)}</p><p><a href="/whatsapp">${text.refresh}</a> · <a href="/">${text.mailbox}</a></p>`;
    return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text.title} — Kalan</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1rem;color:#1a1a1a;background:#fffaf5}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0 0 .5rem}a{color:#9a3412}
section{background:#efeae2;border:1px solid #e5ddd3;border-radius:.5rem;padding:1rem;margin:1rem 0}
ol{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:.5rem}
li{max-width:85%;border-radius:.5rem;padding:.5rem .75rem;background:#fff;box-shadow:0 1px 1px rgba(0,0,0,.08)}
li.out{align-self:flex-start}li.in{align-self:flex-end;background:#d9fdd3}
li p{margin:0}.body{white-space:pre-wrap}.template{font-size:.75rem;color:#5a5045}
.meta{font-size:.8rem;color:#5a5045;margin-top:.25rem}.tick.read{color:#0b57b0}.tick.failed{color:#b42318}
.buttons{display:flex;flex-direction:column;gap:.25rem;margin-top:.5rem;border-top:1px solid #e5ddd3;padding-top:.5rem}
.buttons form{margin:0}.action{display:block;width:100%;min-height:44px;box-sizing:border-box;text-align:center;font:inherit;color:#005c4b;background:#fff;border:1px solid #d1d7db;border-radius:.5rem;padding:.6rem;text-decoration:none}
button.action{cursor:pointer}
.write{margin-top:1rem}.write label{display:block;margin-bottom:.25rem}.write div{display:flex;gap:.5rem}
.write input{flex:1;min-height:44px;font:inherit;padding:0 .75rem;border:1px solid #8a8178;border-radius:.5rem}
.write button{min-height:44px;font:inherit;padding:0 1rem;border:0;border-radius:.5rem;background:#005c4b;color:#fff}
</style>
</head>
<body>
<main>
<h1>${text.title}</h1>
${heading}
${sections || `<p>${text.empty}</p>`}
</main>
</body>
</html>`;
  }

  function answer(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
    res.end(JSON.stringify(body));
  }

  const bearer = (req: http.IncomingMessage) => {
    const given = Buffer.from(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    const expected = Buffer.from(credentials.accessToken);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const isJson = (req: http.IncomingMessage) => /^application\/json\b/.test(req.headers['content-type'] ?? '');

  async function route(req: http.IncomingMessage, res: http.ServerResponse, requestUrl: URL): Promise<void> {
    const pathname = requestUrl.pathname.replace(/\/+$/, '') || '/';
    const sendPath = /^\/whatsapp\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(pathname);
    if (sendPath) {
      if (req.method !== 'POST') return answer(res, 400, new GraphError(400, 100, 'Unsupported get request.').body);
      if (!bearer(req)) {
        return answer(res, 401, new GraphError(401, 190, 'Invalid OAuth access token - Cannot parse access token').body, { 'www-authenticate': 'OAuth "Facebook Platform" "invalid_token"' });
      }
      if (sendPath[2] !== credentials.phoneNumberId) {
        return answer(res, 400, new GraphError(400, 100, `Unsupported post request. Object with ID '${sendPath[2]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, undefined, 'GraphMethodException').body);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(await readTextBody(req, 200_000));
      } catch {
        return answer(res, 400, invalid('The request body must be JSON').body);
      }
      const result = send(parsed);
      return answer(res, result.status, result.body);
    }
    if (pathname === '/whatsapp/__control' && req.method === 'POST') {
      // JSON only: another site's page cannot send it without a preflight, which gets no CORS answer.
      if (!isJson(req)) return answer(res, 415, { message: 'application/json attendu' });
      return answer(res, 200, control(JSON.parse(await readTextBody(req, 200_000))));
    }
    if (pathname === '/whatsapp/__reply' && req.method === 'POST') {
      if (isJson(req)) {
        const input = record(JSON.parse(await readTextBody(req, 200_000))) ?? {};
        const message = await reply({
          to: String(input.to ?? ''),
          ...(typeof input.message === 'string' ? { messageId: input.message, button: Number(input.button ?? 0) } : { text: String(input.text ?? '') }),
        });
        return answer(res, 200, { message });
      }
      const form = new URLSearchParams(await readTextBody(req, 200_000));
      const given = Buffer.from(form.get('token') ?? '');
      if (given.length !== formToken.length || !timingSafeEqual(given, Buffer.from(formToken))) return answer(res, 403, { message: 'Formulaire expiré : rechargez la page' });
      const to = form.get('to') ?? '';
      const messageId = form.get('message');
      await reply({ to, ...(messageId ? { messageId, button: Number(form.get('button')) } : { text: form.get('text') ?? '' }) });
      res.writeHead(303, { location: `/whatsapp?to=${waIdOf(to)}`, 'cache-control': 'no-store' });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(res, 405, { message: 'Méthode non autorisée' });
    const to = requestUrl.searchParams.get('to') ?? undefined;
    if (pathname === '/whatsapp/messages') return answer(res, 200, { messages: api.messages(to) });
    if (pathname === '/whatsapp') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...PAGE_HEADERS });
      res.end(req.method === 'HEAD' ? undefined : page(to));
      return;
    }
    return answer(res, 404, { message: 'Introuvable' });
  }

  const api: WhatsAppDouble = {
    credentials,
    handle(req, res, requestUrl) {
      if (requestUrl.pathname !== '/whatsapp' && !requestUrl.pathname.startsWith('/whatsapp/')) return false;
      route(req, res, requestUrl).catch((error: unknown) => {
        if (res.headersSent) return void res.end();
        if (error instanceof GraphError) return answer(res, error.httpStatus, error.body);
        answer(res, 400, invalid(error instanceof Error ? error.message : 'Bad request').body);
      });
      return true;
    },
    messages(to) {
      const waId = to === undefined ? undefined : waIdOf(to);
      return conversation.filter((m) => waId === undefined || m.waId === waId).map((m) => structuredClone(m));
    },
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    stop() {
      stopped = true;
      journal.close();
      for (const [timer, resolve] of timers) {
        clearTimeout(timer);
        resolve();
      }
      timers.clear();
    },
  };
  return api;
}
