/**
 * Bad input never makes a server error (issue 12, point 4). fast-check generates requests over the
 * whole route table — every route, the catch-all included — each carrying at least one defect:
 * bad percent-encoding in the path, a body of the wrong type (JSON `null`, scalars, arrays, broken
 * JSON, an object of unknown fields), a forged page cursor, an over-long identifier, unknown
 * query parameters. They go over raw HTTP (the path exactly as written) to the local router with
 * real Cognito tokens of a role the route admits (sometimes of one it refuses), so they reach the
 * handlers' validation. Every answer must be a 4xx with a French message of the catalogue, and
 * what the fuzz callers own in the table must read the same after the run as before.
 *
 * The Paystack webhook's bodies are signed with the stack's secret (sometimes not), so that they
 * reach its parsing; a run of its own sends it signed bodies that are not Paystack events — wrong
 * types, a missing `data`, 10 kB ids and references, unbounded metadata — each answered 400, none
 * recorded.
 *
 * A body larger than the limit gets a 413 and a closed connection, and the router still serves
 * the next request.
 */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '#shared/constants';
import { messages } from '#shared/messages';
import { routes, type RouteDefinition, type RouteId } from '#shared/routes';
import { claimsOf, newUser, stack } from '../support/stack.js';
import { enrolledNewAdmin } from '../support/admin-session.js';
import { sign } from './payments-helpers.js';
import { stackSignature } from './whatsapp-helpers.js';

/** Requests per run (the issue asks for at least 5 000), sent in batches of BATCH at once. */
const REQUESTS = 5_200;
const BATCH = 13;

/**
 * Routes whose query takes a page cursor (the admin's lists), with the names of the lists they read
 * (commons/page-cursor.ts writes the name into each cursor).
 */
const CURSOR_LISTS: Partial<Record<RouteId, readonly string[]>> = {
  listKycVerifications: ['kyc', 'kyc-pending'],
  adminTransactions: ['tx', 'tx-attention'],
  adminUsers: ['users'],
  adminDisputes: ['disputes'],
  adminPackages: ['pkg'],
};
const CURSOR_ROUTES: ReadonlySet<RouteId> = new Set(Object.keys(CURSOR_LISTS) as RouteId[]);

/**
 * Whether a generated cursor is, by chance, a real position in the route's own list (its name, a
 * date, a plain id): the page after it is a right answer, not a defect. Such a draw is left out —
 * counted broadly (any date text), so that nothing the server may accept is sent as a defect.
 */
function isPositionOf(routeId: RouteId, cursor: string): boolean {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) return false;
    const { l, at, id } = decoded as Record<string, unknown>;
    return (CURSOR_LISTS[routeId] ?? []).includes(String(l)) && typeof at === 'string' && typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id);
  } catch {
    return false;
  }
}

/** Every French message of the catalogue: an error must carry one of them. */
const frenchMessages = new Set<string>(
  Object.values(messages).flatMap((group) => Object.values(group as Record<string, unknown>).filter((v): v is string => typeof v === 'string')),
);

interface Caller {
  role: Role;
  token: string;
  sub: string;
}

const callers = new Map<Role, Caller>();
const agent = new http.Agent({ keepAlive: true, maxSockets: BATCH });

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request with the path sent byte for byte (fetch would normalise it). */
function send(method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<RawResponse> {
  const { hostname, port } = new URL(stack().apiUrl || stack().appUrl);
  return new Promise((resolve, reject) => {
    // Framed by its length whatever the method (Node sends a GET's body unframed otherwise).
    const framed = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    const request = http.request({ agent, hostname, port, method, path, headers: framed }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

// ---------------------------------------------------------------------------------------------
// What the fuzz callers own, before and after.

const documents = () =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: `http://127.0.0.1:${stack().ports.dynamodb}`,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );

/**
 * Every item that names a fuzz caller (its profile, anything it created or owns), as a sorted
 * list of digests. Other test files share the stack and write their own items meanwhile: only
 * what the fuzz callers could have touched is compared.
 */
async function ownedState(): Promise<string[]> {
  const client = documents();
  const subs = [...callers.values()].map((caller) => caller.sub);
  const digests: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: 'kalan-local', ExclusiveStartKey: start, ConsistentRead: true }));
    for (const item of page.Items ?? []) {
      const text = JSON.stringify(item, Object.keys(item).sort());
      if (subs.some((sub) => text.includes(sub))) digests.push(createHash('sha256').update(JSON.stringify(item)).digest('hex'));
    }
    start = page.LastEvaluatedKey;
  } while (start);
  client.destroy();
  return digests.sort();
}

// ---------------------------------------------------------------------------------------------
// The generators.

const ROUTE_IDS = Object.keys(routes) as RouteId[];
const paramNames = (route: RouteDefinition) => [...route.path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]!);
const hasBody = (route: RouteDefinition) => ['POST', 'PUT', 'PATCH', 'ANY'].includes(route.method);

/** Percent-encodings no decoder accepts: a lone `%`, non-hex digits, a cut or invalid UTF-8 sequence. */
const badPercent = fc.constantFrom('%', '%%', '%zz', '%G1', '%E0%A4%A', '%C3%28', '%ED%A0%80', '%FF', '%C0%AF', 'a%2', '%uD800');

/** Identifiers far longer than any key (DynamoDB refuses keys over 1 KiB / 2 KiB). */
const overLongId = fc.oneof(
  fc.integer({ min: 65, max: 4_000 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: 100, max: 2_000 }).map((n) => '0123456789abcdef-'.repeat(Math.ceil(n / 17)).slice(0, n)),
  fc.string({ unit: 'grapheme', minLength: 65, maxLength: 600 }).map(encodeURIComponent),
);

/** Plausible but absent identifiers, and odd ones. */
const oddId = fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent), fc.constantFrom('0', '-', 'null', '%20', '..', '%2F'));

/** Cursors nobody issued: random text, base64url of random JSON, of a cursor of another list, too long. */
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const forgedCursor = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.base64String({ maxLength: 200 }),
  fc.jsonValue().map(b64),
  fc.record({ l: fc.constantFrom('users', 'tx', 'tx-attention', 'disputes', 'kyc', 'kyc-pending', 'transactions', 'x'), at: fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), fc.string()), id: fc.string({ maxLength: 200 }) }).map(b64),
  fc.record({ pk: fc.string(), sk: fc.string() }).map(b64),
  fc.integer({ min: 513, max: 5_000 }).map((n) => 'A'.repeat(n)),
);

/** Bodies of the wrong type or shape: never a valid request body. */
const badBody = fc.oneof(
  fc.constantFrom('null', '0', '-1', '1e400', 'true', 'false', '"texte"', '""', '[]', '[{}]', '[null]', '{', '{"a":', '{}}', 'nul', '\u0000', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}'),
  fc.jsonValue({ maxDepth: 3 }).filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)).map((v) => JSON.stringify(v)),
  // Objects made only of fields no schema knows.
  fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }).map((k) => `zz_${k}`), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 5 }).map((v) => JSON.stringify(v)),
  fc.integer({ min: 50, max: 2_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
);

type Defect = 'path' | 'longId' | 'cursor' | 'body' | 'contentType';

interface FuzzRequest {
  routeId: RouteId;
  defect: Defect;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  role: Role | null;
}

function defectsOf(id: RouteId): Defect[] {
  const route: RouteDefinition = routes[id];
  const defects: Defect[] = ['path'];
  if (paramNames(route).length && id !== 'notFound') defects.push('longId');
  if (CURSOR_ROUTES.has(id)) defects.push('cursor');
  if (hasBody(route) && id !== 'notFound') defects.push('body', 'contentType');
  return defects;
}

const queryNoise = fc.dictionary(
  fc.oneof(fc.constantFrom('cursor', 'status', 'view', 'q', 'key', 'page', 'limit', 'sort'), fc.string({ minLength: 1, maxLength: 8 })),
  fc.string({ maxLength: 30 }),
  { maxKeys: 3 },
);

const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc
  .constantFrom(...ROUTE_IDS)
  .chain((routeId) => fc.record({ routeId: fc.constant(routeId), defect: fc.constantFrom(...defectsOf(routeId)) }))
  .chain(({ routeId, defect }) => {
    const route: RouteDefinition = routes[routeId];
    const names = paramNames(route);
    const allowed = route.roles.length ? route.roles : [null];
    return fc
      .record({
        params: fc.tuple(...names.map(() => (defect === 'longId' ? overLongId : oddId))),
        bad: badPercent,
        where: fc.nat(),
        query: queryNoise,
        cursor: forgedCursor,
        body: badBody,
        // Mostly a role the route admits (so the request reaches validation); sometimes not.
        role: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...allowed) }, { weight: 1, arbitrary: fc.constantFrom<Role | null>(...ROLES) }),
        // The webhooks' signature: mostly the provider's (so that the body reaches its parsing); sometimes forged.
        signed: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
        method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
        contentType: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1'),
      })
      .filter(({ cursor }) => defect !== 'cursor' || !isPositionOf(routeId, cursor))
      .map(({ params, bad, where, query, cursor, body, role, signed, method, contentType }) => {
        // Path parameters are written raw (already encoded): {proxy+} gets a made-up path.
        let path = route.path.replace(/\{(\w+)\+?\}/g, (_m, name: string) => params[names.indexOf(name)] ?? 'x');
        if (defect === 'path') {
          // Inside /api/…, so that the request is the API's to answer (not the SPA's).
          const cut = 5 + (where % (path.length - 4));
          path = `${path.slice(0, cut)}${bad}${path.slice(cut)}`;
        }
        const search = new URLSearchParams(query);
        if (defect === 'cursor') search.set('cursor', cursor);
        const qs = search.toString();
        const headers: Record<string, string> = {};
        let sentBody: string | undefined;
        if (hasBody(route) || defect === 'body') {
          sentBody = body;
          headers['content-type'] = defect === 'contentType' ? contentType : 'application/json';
        }
        if (routeId === 'paystackWebhook') headers['x-paystack-signature'] = signed ? sign(sentBody ?? '') : 'f'.repeat(128);
        // Meta's WhatsApp webhook (issue 34): signed with the stack's app secret, or forged.
        if (routeId === 'whatsappWebhook') headers['x-hub-signature-256'] = signed ? stackSignature(sentBody ?? '') : `sha256=${'f'.repeat(64)}`;
        return {
          routeId,
          defect,
          method: route.method === 'ANY' ? method : route.method,
          path: qs ? `${path}?${qs}` : path,
          headers,
          body: sentBody,
          role,
        };
      });
  });

/** What is wrong with an answer to a defective request, or null: a 4xx with a French message of the catalogue. */
function problemOf(response: RawResponse): string | null {
  if (response.status === 0) return 'connection lost';
  if (response.status >= 500) return `5xx (${response.status})`;
  if (response.status < 400) return `accepted (${response.status})`;
  let body: { error?: { message?: unknown }; message?: unknown };
  try {
    body = JSON.parse(response.text) as typeof body;
  } catch {
    return 'not JSON';
  }
  const message = body.error?.message ?? body.message;
  return typeof message === 'string' && frenchMessages.has(message) ? null : 'message not in the French catalogue';
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  // An admin of its own: the seeded one acts under other files meanwhile, and what names it changes.
  const [parent, tuteur, entreprise, adminTokens] = await Promise.all([newUser('parent'), newUser('tuteur'), newUser('entreprise'), enrolledNewAdmin()]);
  for (const user of [parent, tuteur, entreprise]) callers.set(user.role as Role, { role: user.role as Role, token: user.accessToken, sub: user.sub });
  callers.set('admin', { role: 'admin', token: adminTokens.accessToken, sub: String(claimsOf(adminTokens.accessToken).sub) });
});

afterAll(() => agent.destroy());

describe('the routes under generated bad input', () => {
  it(`answer ${REQUESTS} defective requests over the whole route table with French 4xx, never a 5xx, and change nothing`, async () => {
    const before = await ownedState();
    const sent: Array<{ request: FuzzRequest; response: RawResponse }> = [];
    const failures: Array<{ request: FuzzRequest; response: RawResponse; problem: string }> = [];
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.array(fuzzRequest, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const responses = await Promise.all(
          batch.map((request) => {
            const caller = request.role ? callers.get(request.role)! : undefined;
            const headers = caller ? { ...request.headers, authorization: `Bearer ${caller.token}` } : request.headers;
            // A dropped connection is a failure of its own, reported with the others.
            return send(request.method, request.path, headers, request.body).catch(
              (error: Error): RawResponse => ({ status: 0, headers: {}, text: `connexion perdue : ${error.message}` }),
            );
          }),
        );
        batch.forEach((request, i) => sent.push({ request, response: responses[i]! }));
        for (const [i, response] of responses.entries()) {
          const problem = problemOf(response);
          if (problem) failures.push({ request: batch[i]!, response, problem });
        }
      }),
      { numRuns: Math.ceil(REQUESTS / BATCH), endOnFailure: true },
    );
    // Every failure at once, grouped by route, defect and problem: one line (and one example) each.
    const classes = new Map<string, string>();
    for (const { request, response, problem } of failures) {
      const key = `${request.routeId} ${request.defect} ${problem}`;
      if (!classes.has(key)) classes.set(key, `${request.method} ${request.path.slice(0, 160)} [${request.role}] ${request.body?.slice(0, 60) ?? ''} → ${response.status} ${response.text.slice(0, 200)}`);
    }
    expect([...classes].map(([key, example]) => `${key}: ${example}`)).toEqual([]);
    const after = await ownedState();
    expect(after).toEqual(before);

    const covered = new Set(sent.map(({ request }) => request.routeId));
    const serverErrors = sent.filter(({ response }) => response.status >= 500).length;
    const byDefect = Object.fromEntries(['path', 'longId', 'cursor', 'body', 'contentType'].map((d) => [d, sent.filter(({ request }) => request.defect === d).length]));
    console.log(
      `[fuzz] ${sent.length} requêtes envoyées, ${serverErrors} réponses 5xx, ${covered.size}/${ROUTE_IDS.length} routes couvertes, ` +
        `${JSON.stringify(byDefect)}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(sent.length).toBeGreaterThanOrEqual(5_000);
    expect(serverErrors).toBe(0);
    expect(covered.size).toBe(ROUTE_IDS.length);
  }, 180_000);
});

// ---------------------------------------------------------------------------------------------
// The Paystack webhook under signed bodies that are not Paystack events.

/** Webhook bodies per run, sent in batches of BATCH at once. */
const WEBHOOK_BODIES = 650;

/** Any JSON value but a plain object: what neither the envelope nor `data` may be. */
const notAnObject = fc.oneof(
  fc.constantFrom<unknown>(null, 0, -1, 1.5, true, false, '', 'texte', [], [{}], [null]),
  fc.jsonValue({ maxDepth: 2 }).filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)),
);

/** Text far longer than any key or field it would fill (up to 12 kB). */
const huge = (unit: string, min = 1_000) => fc.integer({ min, max: 12_000 }).map((n) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n));

/** Event names Paystack never sends: not a string, empty, too long, spaces, slashes, accents. */
const oddEventName = fc.oneof(
  notAnObject.filter((v) => typeof v !== 'string'),
  fc.constantFrom('', ' ', 'charge success', 'charge/success', 'événement', 'charge.success\u0000', '$where'),
  huge('charge.success'),
  fc.string({ minLength: 1, maxLength: 80 }).filter((name) => !/^[A-Za-z0-9_.-]{1,64}$/.test(name)),
);

/** Arrays nested `depth` deep, written into the body as text (too deep for this side's JSON.stringify). */
class Nested {
  constructor(readonly depth: number) {}
  toJSON(): string {
    return `__nested_${this.depth}__`;
  }
}
const bodyText = (value: unknown) => JSON.stringify(value).replace(/"__nested_(\d+)__"/, (_m, depth: string) => '['.repeat(Number(depth)) + ']'.repeat(Number(depth)));

/**
 * A `charge.success` as Paystack sends it, with one field made odd (or missing), all that the
 * webhook reads bounded: `marker` names its reference, so that a record of it would be found.
 */
function oddCharge(marker: string): fc.Arbitrary<Record<string, unknown>> {
  const valid = { id: 4_200_000, reference: `kalan-fuzz-${marker}`, status: 'success', amount: 1_000_000, currency: 'XOF', metadata: { transaction_id: marker } };
  const odd: Record<string, fc.Arbitrary<unknown>> = {
    id: fc.oneof(huge('0123456789'), huge('a'), fc.constantFrom<unknown>(-1, 1.5, 2 ** 60, '', '12a', ' 12', null, {}, [], true, undefined)),
    reference: fc.oneof(huge(`kalan-fuzz-${marker}-`), fc.constantFrom<unknown>('', 'kalan/../x', `réf-${marker}`, `kalan ${marker}`, 42, null, {}, [marker], undefined)),
    amount: fc.constantFrom<unknown>('1000000', -5, 1.5, null, {}, [], true, '', 1e21),
    currency: fc.oneof(huge('XOF'), fc.constantFrom<unknown>('xof', 'XOFF', 'XO', 'X0F', 1, null, {}, [])),
    status: fc.oneof(huge('success'), fc.constantFrom<unknown>(1, null, {}, [], true)),
    metadata: fc.oneof(huge('m', 8_300), huge('m', 8_300).map((text) => ({ note: text })), fc.integer({ min: 4_100, max: 6_000 }).map((depth) => new Nested(depth))),
    // The whole body over its bound, the charge otherwise right.
    log: fc.integer({ min: 65 * 1024, max: 90 * 1024 }).map((n) => 'l'.repeat(n)),
  };
  return fc.constantFrom(...Object.keys(odd)).chain((field) =>
    odd[field]!.map((value) => {
      const data: Record<string, unknown> = { ...valid, [field]: value };
      if (value === undefined) delete data[field];
      return data;
    }),
  );
}

/** Signed webhook bodies that are not Paystack events Kalan accepts: each has at least one defect. */
function oddWebhookBody(marker: string): fc.Arbitrary<string> {
  const charge = oddCharge(marker);
  const validData = { id: 4_199_999, reference: `kalan-fuzz-${marker}` };
  return fc.oneof(
    // Not an object at all, broken JSON, unknown fields only, arrays nested deep.
    badBody,
    // The envelope: an odd event name, a missing or odd `data` (for any event).
    oddEventName.map((event) => JSON.stringify({ event, data: validData })),
    fc.constantFrom('charge.success', 'transfer.success', 'refund.processed').chain((event) =>
      fc.oneof(fc.constant(JSON.stringify({ event })), notAnObject.map((data) => JSON.stringify({ event, data })), fc.constant(JSON.stringify({ event, data: [validData] }))),
    ),
    // A charge with one field odd.
    charge.map((data) => bodyText({ event: 'charge.success', data })),
  );
}

describe('the Paystack webhook under signed bodies that are not Paystack events', () => {
  it(`answers ${WEBHOOK_BODIES} of them 400 with a French message, never a 5xx, and records none`, async () => {
    const marker = randomUUID();
    const failures = new Map<string, string>();
    const statuses = new Map<number, number>();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(oddWebhookBody(marker), { minLength: BATCH, maxLength: BATCH }), async (bodies) => {
        const responses = await Promise.all(
          bodies.map((body) =>
            send('POST', routes.paystackWebhook.path, { 'content-type': 'application/json', 'x-paystack-signature': sign(body) }, body).catch(
              (error: Error): RawResponse => ({ status: 0, headers: {}, text: `connexion perdue : ${error.message}` }),
            ),
          ),
        );
        sent += bodies.length;
        for (const [i, response] of responses.entries()) {
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const problem = response.status === 400 ? problemOf(response) : `${response.status} instead of 400`;
          if (problem && !failures.has(problem)) failures.set(problem, `${bodies[i]!.slice(0, 160)} → ${response.status} ${response.text.slice(0, 200)}`);
        }
      }),
      { numRuns: Math.ceil(WEBHOOK_BODIES / BATCH), endOnFailure: true },
    );
    expect([...failures].map(([problem, example]) => `${problem}: ${example}`)).toEqual([]);
    console.log(`[fuzz] webhook : ${sent} corps signés, réponses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(sent).toBeGreaterThanOrEqual(WEBHOOK_BODIES);

    // Nothing recorded: no item of the table names the run's marker (a Paystack event record keeps its reference).
    const client = documents();
    let start: Record<string, unknown> | undefined;
    const recorded: string[] = [];
    do {
      const page = await client.send(new ScanCommand({ TableName: 'kalan-local', ExclusiveStartKey: start, ConsistentRead: true }));
      for (const item of page.Items ?? []) if (JSON.stringify(item).includes(marker)) recorded.push(String(item.pk));
      start = page.LastEvaluatedKey;
    } while (start);
    client.destroy();
    expect(recorded).toEqual([]);
  }, 120_000);
});

/** A request whose body is larger than the limit, over its own connection; what comes back, and whether the server closed it. */
function oversized(declared: boolean): Promise<{ status: number; text: string; connection?: string; closed: boolean }> {
  const parent = callers.get('parent')!;
  const { hostname, port } = new URL(stack().apiUrl || stack().appUrl);
  const size = 6 * 1024 * 1024 + 1;
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname,
        port,
        method: 'POST',
        path: '/api/search-history',
        agent: false,
        headers: {
          authorization: `Bearer ${parent.token}`,
          'content-type': 'application/json',
          ...(declared ? { 'content-length': String(size) } : { 'transfer-encoding': 'chunked' }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (data: Buffer) => chunks.push(data));
        response.on('end', () => {
          const socket = response.socket;
          // The server ends the connection after the 413: wait for the socket's close, not a delay.
          const result = () => ({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), connection: response.headers.connection, closed: true });
          if (!socket || socket.destroyed) resolve(result());
          else socket.once('close', () => resolve(result()));
        });
      },
    );
    // The server may close while the body is still being written: that is the point, not a failure.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    let written = 0;
    const write = () => {
      while (written < size) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - written));
        written += piece.length;
        if (!request.write(piece)) return void request.once('drain', write);
      }
      request.end();
    };
    write();
  });
}

describe('a body larger than the limit', () => {
  it.each([
    ['with its length declared', true],
    ['streamed in chunks', false],
  ])('%s gets a French 413 and a closed connection, and the router serves the next request', async (_name, declared) => {
    const response = await oversized(declared);
    expect(response.status).toBe(413);
    expect(JSON.parse(response.text)).toEqual({ message: messages.http.payloadTooLarge });
    expect(response.connection).toBe('close');
    expect(response.closed).toBe(true);
    const next = await send('GET', '/api/me', { authorization: `Bearer ${callers.get('parent')!.token}` });
    expect(next.status).toBe(200);
  });
});

/** Raw bytes over a fresh connection; resolves with all the server sent once it closed the connection. */
function raw(bytes: string): Promise<string> {
  const { hostname, port } = new URL(stack().apiUrl || stack().appUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (data: Buffer) => chunks.push(data));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

describe('a request Node cannot parse', () => {
  it.each([
    ['a header without a colon', 'GET /api/me HTTP/1.1\r\nHost: x\r\nEn-tête sans deux-points\r\n\r\n'],
    ['a request line with a space in the path', 'GET /api/m e HTTP/1.1\r\nHost: x\r\n\r\n'],
  ])('(%s) gets a French 400 in JSON, then the connection closes', async (_name, bytes) => {
    const answer = await raw(bytes);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ message: messages.http.malformedRequest });
  });
});

