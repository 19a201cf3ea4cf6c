/**
 * The local mailbox: every e-mail the local stack sends lands here instead of the internet.
 *
 * - A directory of JSON files, one per e-mail (`<dataDir>/mailbox/`). cognito-local writes its
 *   codes there (its console sender is patched in cognito-preload.cjs); anything else of the stack
 *   calls `deliver()` (notification e-mails sent through SES in the cloud can drop in the same way).
 * - A small HTTP server, always on the loopback (the codes open accounts): a French page of the
 *   e-mails, newest first, and `GET /messages?to=<address>` in JSON for tests and scripts.
 * - One line per new e-mail on the console: `[mailbox] <to> — <subject>`.
 * - SES v2's `SendEmail` (`POST /v2/email/outbound-emails`, the REST-JSON call of the SDK and of
 *   functions/src/commons/clients/ses.ts): the local stack points AWS_ENDPOINT_URL_SESV2
 *   here, so the notifications' production code path delivers into this mailbox. Tests may make
 *   the next sends to an address fail (`POST /__ses/failures`), as SES throttling would.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { messages } from '#shared/messages';
import { localConfig, mailboxDir, type LocalConfig } from './config.js';
import { readTextBody } from './request-body.js';

/** The loopback, always, whatever KALAN_HOST says: whoever reads the codes can take the accounts. */
export const MAILBOX_HOST = '127.0.0.1';

/** An e-mail to deliver. */
export interface OutgoingMail {
  to: string;
  subject: string;
  /** The body as HTML (what Cognito and SES send); `text` is derived from it when not given. */
  html?: string;
  text?: string;
  from?: string;
  /** Who sent it, e.g. `cognito` or `ses`. */
  source?: string;
}

/** An e-mail as stored and served. */
export interface MailboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  html?: string;
  text: string;
  source: string;
  receivedAt: string;
}

const DEFAULT_FROM = 'Kalan <no-reply@kalan.local>';

/** The body's text, for the console, the page and tests: paragraphs kept, tags dropped. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h\d|li|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[entity]!)
    .replace(/\n{2,}/g, '\n')
    .trim();
}

let lastArrival = 0;

/** A strictly increasing time per writer, so two e-mails of the same millisecond keep their order. */
function arrivalTime(): Date {
  lastArrival = Math.max(Date.now(), lastArrival + 1);
  return new Date(lastArrival);
}

/**
 * File names sort in the order of arrival: milliseconds, then a random tail. cognito-accounts.cjs
 * writes the same shape (keep them in step).
 */
function fileName(receivedAt: Date): string {
  return `${String(receivedAt.getTime()).padStart(15, '0')}-${randomUUID()}.json`;
}

/** Puts an e-mail in the mailbox (written whole, then renamed: a reader never sees half of one). */
export function deliver(mail: OutgoingMail, dir: string = mailboxDir()): MailboxMessage {
  mkdirSync(dir, { recursive: true });
  const receivedAt = arrivalTime();
  const name = fileName(receivedAt);
  const message: MailboxMessage = {
    id: name.replace(/\.json$/, ''),
    to: mail.to.trim(),
    from: mail.from ?? DEFAULT_FROM,
    subject: mail.subject,
    ...(mail.html === undefined ? {} : { html: mail.html }),
    text: mail.text ?? htmlToText(mail.html ?? ''),
    source: mail.source ?? 'kalan',
    receivedAt: receivedAt.toISOString(),
  };
  const temporary = path.join(dir, `.${name}.tmp`);
  writeFileSync(temporary, JSON.stringify(message, null, 2));
  renameSync(temporary, path.join(dir, name));
  return message;
}

function readMessage(dir: string, name: string): MailboxMessage | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Partial<MailboxMessage>;
    if (typeof parsed.to !== 'string' || typeof parsed.subject !== 'string') return undefined;
    return {
      id: parsed.id ?? name.replace(/\.json$/, ''),
      to: parsed.to,
      from: parsed.from ?? DEFAULT_FROM,
      subject: parsed.subject,
      ...(parsed.html === undefined ? {} : { html: parsed.html }),
      text: parsed.text ?? htmlToText(parsed.html ?? ''),
      source: parsed.source ?? 'kalan',
      receivedAt: parsed.receivedAt ?? new Date(0).toISOString(),
    };
  } catch {
    return undefined; // removed meanwhile, or not one of ours
  }
}

function messageFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.json') && !name.startsWith('.'));
  } catch {
    return [];
  }
}

/** The e-mails, newest first; `to` (any capitals) keeps those sent to one address. */
export function readMailbox(dir: string = mailboxDir(), filter: { to?: string } = {}): MailboxMessage[] {
  const to = filter.to?.trim().toLowerCase();
  return messageFiles(dir)
    .sort()
    .reverse()
    .map((name) => readMessage(dir, name))
    .filter((message): message is MailboxMessage => message !== undefined && (!to || message.to.toLowerCase() === to));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Africa/Abidjan' });

/** The page: text bodies only (never the mails' HTML), refreshed every few seconds. */
export function mailboxPage(list: MailboxMessage[], to?: string): string {
  const t = messages.mailbox;
  const items = list
    .map((m) => {
      // The code, when there is one, where the eye lands first.
      const code = /\b(\d{6})\b/.exec(m.text)?.[1];
      return `<article>
  <h2>${escapeHtml(m.subject || '(sans objet)')}</h2>
  <p class="meta">${t.to} : ${escapeHtml(m.to)} · ${t.receivedAt} ${escapeHtml(dateFormat.format(new Date(m.receivedAt)))}</p>
  ${code ? `<p class="code">${t.code} : <strong>${code}</strong></p>` : ''}
  <pre>${escapeHtml(m.text)}</pre>
</article>`;
    })
    .join('\n');
  const heading = to ? `${escapeHtml(t.filteredBy(to))} · <a href="/">${t.showAll}</a>` : escapeHtml(t.description);
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>${t.title} — Kalan</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1rem;color:#1a1a1a;background:#fffaf5}
h1{font-size:1.5rem}article{background:#fff;border:1px solid #e5ddd3;border-radius:.5rem;padding:1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#5a5045;font-size:.875rem;margin:0 0 .5rem}
pre{white-space:pre-wrap;font:inherit;margin:0}a{color:#9a3412}
.code{font-size:1.25rem;margin:0 0 .5rem}.code strong{letter-spacing:.15em;font-family:ui-monospace,monospace}
</style>
</head>
<body>
<main>
<h1>${t.title}</h1>
<p>${heading}</p>
${items || `<p>${t.empty}</p>`}
</main>
</body>
</html>`;
}

const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** The body of SES v2 `SendEmail` the local endpoint reads (a simple message). */
interface SesSendEmail {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  Content?: { Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string }; Html?: { Data?: string } } } };
}

/**
 * SES v2 `SendEmail`, locally: each address of the destination gets the message in the mailbox.
 * `failures` holds, per address, how many next sends fail with a 500 (set by tests).
 */
async function sesSendEmail(req: http.IncomingMessage, dir: string, failures: Map<string, number>): Promise<{ status: number; body: unknown; type?: string }> {
  let input: SesSendEmail;
  try {
    input = JSON.parse(await readTextBody(req)) as SesSendEmail;
  } catch {
    return { status: 400, type: 'BadRequestException', body: { message: 'Invalid JSON body' } };
  }
  const to = input.Destination?.ToAddresses ?? [];
  const simple = input.Content?.Simple;
  if (!to.length || !simple?.Subject?.Data) return { status: 400, type: 'BadRequestException', body: { message: 'Destination and Subject are required' } };
  for (const address of to) {
    const left = failures.get(address.toLowerCase()) ?? 0;
    if (left > 0) {
      failures.set(address.toLowerCase(), left - 1);
      return { status: 500, type: 'InternalFailure', body: { message: 'Local SES: failure asked by a test' } };
    }
  }
  let id = '';
  for (const address of to) {
    id = deliver(
      { to: address, subject: simple.Subject.Data, html: simple.Body?.Html?.Data, text: simple.Body?.Text?.Data, from: input.FromEmailAddress, source: 'ses' },
      dir,
    ).id;
  }
  return { status: 200, body: { MessageId: id } };
}

/**
 * Another local service served on this server's port (the WhatsApp double under /whatsapp): it
 * answers the requests it knows (true) and leaves the others to the mailbox.
 */
export type MailboxMount = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => boolean;

export function createMailboxServer(dir: string = mailboxDir(), mount?: MailboxMount): http.Server {
  const sesFailures = new Map<string, number>();
  return http.createServer((req, res) => {
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, ...SECURITY_HEADERS, ...headers });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return send(400, 'application/json', JSON.stringify({ message: messages.mailbox.notFound }));
    }
    if (mount?.(req, res, url)) return;
    // Signed calls only (an SDK's SigV4 header): a web page cannot send one without a preflight, which gets no CORS answer.
    const signed = /^AWS4-HMAC-SHA256 /.test(req.headers.authorization ?? '');
    const json = /^application\/json\b/.test(req.headers['content-type'] ?? '');
    if (req.method === 'POST' && url.pathname === '/v2/email/outbound-emails') {
      if (!signed) return send(403, 'application/json', JSON.stringify({ message: 'Missing SigV4 signature' }), { 'x-amzn-errortype': 'AccessDeniedException' });
      void sesSendEmail(req, dir, sesFailures).then(
        ({ status, body, type }) => send(status, 'application/json', JSON.stringify(body), type ? { 'x-amzn-errortype': type } : {}),
        () => send(400, 'application/json', JSON.stringify({ message: 'Bad request' }), { 'x-amzn-errortype': 'BadRequestException' }),
      );
      return;
    }
    if (req.method === 'POST' && url.pathname === '/__ses/failures') {
      if (!json) return send(415, 'application/json', '{}');
      void readTextBody(req)
        .then((raw) => {
          const { to, count } = JSON.parse(raw) as { to: string; count: number };
          if (typeof to !== 'string' || !Number.isInteger(count)) throw new Error('to, count');
          sesFailures.set(to.toLowerCase(), count);
          send(200, 'application/json', JSON.stringify({ to, count }));
        })
        .catch(() => send(400, 'application/json', '{}'));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(405, 'application/json', JSON.stringify({ message: messages.mailbox.methodNotAllowed }));
    }
    const to = url.searchParams.get('to') ?? undefined;
    if (url.pathname === '/messages') {
      return send(200, 'application/json', JSON.stringify({ messages: readMailbox(dir, { to }) }));
    }
    if (url.pathname === '/') return send(200, 'text/html', mailboxPage(readMailbox(dir, { to }), to));
    return send(404, 'application/json', JSON.stringify({ message: messages.mailbox.notFound }));
  });
}

/** Prints `[mailbox] <to> — <subject>` for each e-mail that arrives from now on. */
function announceNewMail(dir: string, print: (line: string) => void): FSWatcher {
  const seen = new Set(messageFiles(dir));
  const watcher = watch(dir, () => {
    for (const name of messageFiles(dir).sort()) {
      if (seen.has(name)) continue;
      seen.add(name);
      const message = readMessage(dir, name);
      if (message) print(`[mailbox] ${message.to} — ${message.subject}`);
    }
  });
  watcher.on('error', () => undefined);
  return watcher;
}

export interface RunningMailbox {
  url: string;
  /** The WhatsApp double's conversations page, when one is mounted. */
  whatsappUrl?: string;
  dir: string;
  close(): Promise<void>;
}

/** Starts the mailbox on the loopback at `config.ports.mailbox`. */
export async function startMailbox(
  config: LocalConfig = localConfig,
  print: (line: string) => void = (line) => console.log(line),
  mount?: MailboxMount,
): Promise<RunningMailbox> {
  const dir = mailboxDir(config);
  mkdirSync(dir, { recursive: true });
  const server = createMailboxServer(dir, mount);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.ports.mailbox, MAILBOX_HOST, resolve);
  });
  const watcher = announceNewMail(dir, print);
  return {
    url: `http://localhost:${config.ports.mailbox}`,
    ...(mount ? { whatsappUrl: `http://localhost:${config.ports.mailbox}/whatsapp` } : {}),
    dir,
    close: () =>
      new Promise<void>((resolve) => {
        watcher.close();
        server.close(() => resolve());
      }),
  };
}
