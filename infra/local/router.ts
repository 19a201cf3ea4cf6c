/**
 * The local front door: serves the built SPA and /config.json, turns /api/* requests into
 * API Gateway v2 events after verifying the JWT as the JWT authorizer would. It sends the security
 * headers CloudFront sends (infra/lib/security-headers.ts). The Cognito triggers are not reachable
 * here: they have their own loopback-only endpoint (lambda-endpoint.ts).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import sirv from 'sirv';
import {
  matchPath,
  routeKey,
  routesInMatchOrder,
  type RouteDefinition,
  type RuntimeConfig,
} from '#shared';
import { messages } from '#shared/messages';
import { PHOTO_PREFIX } from '#shared/photos';
import { PUBLIC_API_PREFIX, PUBLIC_API_RATE_LIMIT, tooManyRequestsBody } from '#shared/visitors';
import { environmentContext, signObjectRequest } from '../../functions/src/commons/s3-presign.js';
import { pageKeyOf, pagePathOfSlashed, SLASHED_PAGE_REDIRECT_CACHE_CONTROL, TOWN_SUBJECT_PAGES_PREFIX, TUTOR_PAGES_PREFIX } from '../../functions/src/pages/page-keys.js';
import { securityHeaders } from '../lib/security-headers.js';
import { localConfig, url, type LocalConfig } from './config.js';
import type { LocalUserPool } from './cognito.js';
import { invoke } from './lambda-runtime.js';
import { RateWindow } from './rate-window.js';
import { attachSockets, type SocketRegistry } from './realtime.js';

/** Lambda's limit on a synchronous invocation's payload: API Gateway answers 413 above it. */
const MAX_BODY_BYTES = 6 * 1024 * 1024;

/** An error the router answers itself, with a French message of the catalogue. */
class RouterError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RouterOptions {
  config?: LocalConfig;
  pool: LocalUserPool;
  /** Where the `/ws` sockets are kept (realtime.ts): the local stack's one registry unless told otherwise. */
  sockets?: SocketRegistry;
}

export function runtimeConfig(pool: LocalUserPool, config: LocalConfig = localConfig): RuntimeConfig {
  return {
    stage: config.stage,
    region: config.region,
    userPoolId: pool.userPoolId,
    userPoolClientId: pool.userPoolClientId,
    userPoolEndpoint: url(config.ports.cognito),
    apiBaseUrl: '',
  };
}

/**
 * What CloudFront's deployment sets on the same files (infra/lib/web.ts): Vite's content-hashed
 * files under /assets/ never change, so they are cached for a year without revalidation; the rest
 * (index.html, which names the current assets, and public files) is revalidated on every load.
 */
export function spaCacheControl(pathname: string): string {
  return pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** What the router passes on of a bucket's answer, as CloudFront passes on its origin's headers. */
const OBJECT_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'last-modified'];

/**
 * An object of a private bucket, read with a signed GET as CloudFront reads it through its origin
 * access control (infra/lib/web.ts); `missing` answers when the bucket has no such object.
 */
async function serveObject(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  object: { bucket: string; key: string },
  missing: () => void,
  options: { compress?: boolean } = {},
): Promise<void> {
  const request = await signObjectRequest(environmentContext(), { ...object, method: 'GET' });
  const ifNoneMatch = req.headers['if-none-match'];
  const answer = await fetch(request.url, { headers: { ...request.headers, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) } });
  if (answer.status === 404 || answer.status === 403) {
    await answer.arrayBuffer();
    return missing();
  }
  if (!answer.ok && answer.status !== 304) throw new Error(`S3 GetObject answered ${answer.status}`);
  const headers: Record<string, string> = {};
  for (const name of OBJECT_HEADERS) {
    const value = answer.headers.get(name);
    if (value) headers[name] = value;
  }
  const body = Buffer.from(await answer.arrayBuffer());
  // CloudFront compresses text on the fly, as the browser accepts (its behaviours' Compress).
  const encoding = options.compress && answer.status === 200 ? acceptedEncoding(req.headers['accept-encoding']) : null;
  if (encoding) {
    const compressed = encoding === 'br' ? brotliCompressSync(body) : gzipSync(body);
    res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': String(compressed.length), vary: 'Accept-Encoding' });
    return void res.end(req.method === 'HEAD' ? undefined : compressed);
  }
  res.writeHead(answer.status, headers);
  res.end(req.method === 'HEAD' || answer.status === 304 ? undefined : body);
}

function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = [header ?? ''].flat().join(',').toLowerCase();
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
}

/**
 * `/photos/…`: the profile photos' variants, from the photos bucket. Only that bucket, only under
 * its `photos/` folder: originals, diplomas and identity documents are never reachable.
 */
async function servePhoto(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, config: LocalConfig): Promise<void> {
  const key = pathname.slice(1);
  if (!key.startsWith(PHOTO_PREFIX) || key.includes('..')) return send(res, 404, { message: messages.http.notFound });
  return serveObject(req, res, { bucket: config.buckets.tutorPhotos, key }, () => send(res, 404, { message: messages.http.notFound }));
}

/**
 * The pre-rendered pages (functions/src/pages), from the site bucket under their own paths, as
 * CloudFront's page behaviours serve them. A page that is not published (an unknown id, a tutor
 * not yet in the catalogue) is the SPA at the same address, as any client-side route: never a hop
 * to another address that a user could copy and share (issue 28). CloudFront answers S3's 403
 * there instead (docs/decisions.md, issue 28).
 */
async function servePage(req: http.IncomingMessage, res: http.ServerResponse, key: string, config: LocalConfig, spa: (() => void) | null): Promise<void> {
  const notFound = () => send(res, 404, { message: messages.http.notFound });
  return serveObject(req, res, { bucket: config.buckets.site, key }, () => {
    if (spa && (key.startsWith(TUTOR_PAGES_PREFIX) || key.startsWith(TOWN_SUBJECT_PAGES_PREFIX))) return spa();
    notFound();
  }, { compress: true });
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}

/** How long the rest of a too large body is drained after a 413 before the socket is cut. */
const DRAIN_MS = 10_000;

/**
 * The body, up to the limit: a declared length above it is refused before a byte is kept, a
 * streamed (chunked) body as soon as it passes it. Either way the stream is left flowing (its
 * rest is dropped, never kept) so that the 413 can close the connection cleanly (see `payloadTooLarge`).
 */
function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const tooLarge = () => new RouterError(413, messages.http.payloadTooLarge);
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd);
      chunks.length = 0;
      reject(tooLarge());
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData).once('end', onEnd).once('error', reject);
  });
}

/**
 * A 413 that closes the connection cleanly. Closing at once, with the client still sending, would
 * reset the connection (unread bytes make the kernel send RST) and the client could lose the
 * answer. So the status goes out at once, the rest of the body is drained into nothing, and the
 * answer ends — closing the connection with a FIN — once the client has sent it all (or after
 * DRAIN_MS, when the socket is cut).
 */
function payloadTooLarge(req: http.IncomingMessage, res: http.ServerResponse, message: string): void {
  res.writeHead(413, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
  const body = JSON.stringify({ message });
  if (req.complete) return void res.end(body);
  const cut = setTimeout(() => req.socket.destroy(), DRAIN_MS).unref();
  req.once('end', () => {
    clearTimeout(cut);
    res.end(body);
  });
  req.once('close', () => clearTimeout(cut));
  req.resume();
}

/**
 * Bad percent-encoding (`%zz`, a cut or invalid UTF-8 sequence) names neither a route nor a file:
 * the router refuses such a path with a French 400 before anything decodes it (route matching
 * decodes path parameters, the Invoke endpoint the function name) — never a 500.
 */
function checkPath(pathname: string): void {
  try {
    decodeURIComponent(pathname);
  } catch {
    throw new RouterError(400, messages.http.malformedUrl);
  }
}

/** API Gateway hands claims to the Lambda as strings; arrays become "[a b]". */
function stringifyClaims(payload: JWTPayload): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      key,
      Array.isArray(value) ? `[${value.join(' ')}]` : typeof value === 'string' ? value : String(value),
    ]),
  );
}

export function createRouter({ config = localConfig, pool, sockets }: RouterOptions): http.Server {
  const issuer = `${url(config.ports.cognito)}/${pool.userPoolId}`;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  const serveSpa = existsSync(path.join(config.webDist, 'index.html'))
    ? sirv(config.webDist, {
        single: true,
        etag: true,
        // The .br and .gz files the build writes beside each file (web/vite.config.ts).
        brotli: true,
        gzip: true,
        setHeaders: (res, pathname) => res.setHeader('cache-control', spaCacheControl(pathname)),
      })
    : null;
  // The browser talks to cognito-local and s3rver directly, as it talks to Cognito and S3 in AWS.
  const headers = securityHeaders({
    connect: [url(config.ports.cognito), url(config.ports.s3)],
    images: [url(config.ports.s3)],
  });

  /** The JWT authorizer: signature, issuer, expiry, and the app client (aud or client_id). */
  async function authorize(header: string | undefined): Promise<JWTPayload | null> {
    const token = header?.match(/^Bearer\s+(.+)$/i)?.[1];
    if (!token) return null;
    try {
      // API Gateway refuses a token without an expiry: `exp` is required, not only checked when present.
      const { payload } = await jwtVerify(token, jwks, { issuer, requiredClaims: ['exp'] });
      const audience = Array.isArray(payload.aud) ? payload.aud : payload.aud ? [payload.aud] : [];
      if (payload.client_id !== pool.userPoolClientId && !audience.includes(pool.userPoolClientId)) return null;
      return payload;
    } catch {
      return null;
    }
  }

  // The visitors' API, per client address, as the cloud's WAF rule limits it (RATE_LIMITS.publicApiPerIp).
  const publicApiWindow = new RateWindow(config.publicApiRateLimit, PUBLIC_API_RATE_LIMIT.windowSeconds * 1000);

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, requestUrl: URL): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    if (requestUrl.pathname.startsWith(PUBLIC_API_PREFIX)) {
      const address = req.socket.remoteAddress ?? '';
      if (!publicApiWindow.admit(address)) {
        return send(res, 429, tooManyRequestsBody, { 'retry-after': String(publicApiWindow.retryAfterSeconds(address)) });
      }
    }
    let matched: { route: RouteDefinition; params: Record<string, string> } | null = null;
    for (const [, route] of routesInMatchOrder()) {
      if (route.method !== 'ANY' && route.method !== method) continue;
      const params = matchPath(route.path, requestUrl.pathname);
      if (params) {
        matched = { route, params };
        break;
      }
    }
    if (!matched) return send(res, 404, { message: messages.http.routeNotFound });
    const { route, params } = matched;

    let claims: JWTPayload | null = null;
    if (route.auth === 'jwt') {
      claims = await authorize(req.headers.authorization);
      if (!claims) return send(res, 401, { message: messages.http.unauthorized }, { 'www-authenticate': 'Bearer' });
    }
    const body = await readBody(req);
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value ?? '']),
    );
    const query: Record<string, string> = {};
    for (const [key, value] of requestUrl.searchParams) query[key] = query[key] ? `${query[key]},${value}` : value;
    const now = new Date();
    const event: APIGatewayProxyEventV2WithJWTAuthorizer = {
      version: '2.0',
      routeKey: routeKey(route),
      rawPath: requestUrl.pathname,
      rawQueryString: requestUrl.search.replace(/^\?/, ''),
      headers,
      queryStringParameters: Object.keys(query).length ? query : undefined,
      pathParameters: Object.keys(params).length ? params : undefined,
      body: body.length ? body.toString('utf8') : undefined,
      isBase64Encoded: false,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: req.headers.host ?? 'localhost',
        domainPrefix: 'localhost',
        http: {
          method,
          path: requestUrl.pathname,
          protocol: 'HTTP/1.1',
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: req.headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey: routeKey(route),
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
        authorizer: {
          principalId: '',
          integrationLatency: 0,
          jwt: { claims: claims ? stringifyClaims(claims) : {}, scopes: [] },
        },
      },
    };
    let result: unknown;
    try {
      result = await invoke(route.handler, event);
    } catch (error) {
      console.error(`[api] ${routeKey(route)} a échoué`, error);
      return send(res, 500, { message: messages.http.internal });
    }
    writeLambdaResult(res, result);
  }

  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    /** The router's own refusals, in French; an unexpected error is logged and answers a 500. */
    const fail = (error: unknown) => {
      const known = error instanceof RouterError ? error : null;
      if (!known) console.error(`[router] ${req.method} a échoué`, error);
      if (res.headersSent) return void res.end();
      if (known?.status === 413) return payloadTooLarge(req, res, known.message);
      send(res, known?.status ?? 500, { message: known?.message ?? messages.http.internal });
    };
    const done = (promise: Promise<void>) => promise.catch(fail);
    let requestUrl: URL;
    try {
      requestUrl = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return fail(new RouterError(400, messages.http.malformedUrl));
    }
    const pathname = requestUrl.pathname;
    try {
      checkPath(pathname);
    } catch (error) {
      return fail(error);
    }

    if (pathname === '/config.json') {
      return send(res, 200, runtimeConfig(pool, config), { 'cache-control': 'no-store' });
    }
    if (pathname === '/api' || pathname.startsWith('/api/')) return void done(handleApi(req, res, requestUrl));
    // Files are only read: any other method outside /api is not a route (the SPA fallback would answer it).
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 404, { message: messages.http.notFound });
    if (pathname.startsWith(`/${PHOTO_PREFIX}`)) return void done(servePhoto(req, res, pathname, config));
    // A page's address with a trailing slash: one permanent hop to its own (SITE_ROUTING_CODE, infra/lib/web.ts).
    const pagePath = pagePathOfSlashed(pathname);
    if (pagePath) {
      res.writeHead(301, { location: `${pagePath}${requestUrl.search}`, 'cache-control': SLASHED_PAGE_REDIRECT_CACHE_CONTROL });
      return void res.end();
    }
    const pageKey = pageKeyOf(pathname);
    const spa = serveSpa && (() => serveSpa(req, res, () => send(res, 404, { message: messages.http.notFound })));
    if (pageKey) return void done(servePage(req, res, pageKey, config, spa));
    if (serveSpa) return serveSpa(req, res, () => send(res, 404, { message: messages.http.notFound }));
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end("L'application web n'est pas construite : lancez `npm run build`.");
  });
  /**
   * What Node's HTTP parser refuses (a malformed request line or header, headers too large) never
   * reaches the handler above: Node would answer a bare 400 without a body. The same refusal, in
   * French, then the connection is closed (the parser cannot find the next request in it).
   */
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const message = status === 431 ? messages.http.headersTooLarge : status === 408 ? messages.http.requestTimeout : messages.http.malformedRequest;
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
  // The real-time channel at `/ws` (issue 31): API Gateway's WebSocket protocol, the same handler modules.
  attachSockets(server, { config, registry: sockets });
  return server;
}

function writeLambdaResult(res: http.ServerResponse, result: unknown): void {
  const structured = result as APIGatewayProxyStructuredResultV2 | undefined;
  if (!structured || typeof structured !== 'object' || typeof structured.statusCode !== 'number') {
    return send(res, 200, result ?? null);
  }
  const headers: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(structured.headers ?? {})) headers[key] = String(value);
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  res.writeHead(structured.statusCode, headers);
  const body = structured.body ?? '';
  res.end(structured.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}
