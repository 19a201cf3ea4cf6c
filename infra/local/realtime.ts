/**
 * The WebSocket API of the local stack (issue 31), the same protocol as API Gateway's in the cloud
 * (infra/lib/realtime.ts): the router accepts upgrades at `/ws?token=<access token>`, runs the
 * SAME authorizer and socket handler modules (messages/socket-authorizer, messages/socket) with
 * API Gateway WebSocket-shaped events, and keeps the open sockets here, in the process. The
 * handlers push through the management API (PostToConnection) exactly as in the cloud: the loopback
 * Lambda endpoint answers `POST/GET/DELETE /@connections/{id}` (lambda-endpoint.ts) from this
 * registry; REALTIME_MANAGEMENT_ENDPOINT points them at it (config.ts).
 *
 * API Gateway's limits are kept: a frame of at most 128 KB, a connection closed after 10 idle
 * minutes or 2 hours in all; `$connect` runs before the handshake completes, and its refusal (or
 * the authorizer's) answers the upgrade with that status.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { APIGatewayAuthorizerResult, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { eventHandlers } from '#shared/routes';
import { localConfig, type LocalConfig } from './config.js';
import { invoke } from './lambda-runtime.js';

/** Where the SPA connects when /config.json names no `realtimeUrl` (shared/src/schemas.ts). */
export const SOCKET_PATH = '/ws';
/** API Gateway's WebSocket quotas (frame size, idle time-out, connection duration). */
export const SOCKET_LIMITS = { maxFrameBytes: 128 * 1024, idleMs: 10 * 60_000, maxDurationMs: 2 * 60 * 60_000 } as const;

interface OpenSocket {
  socket: WebSocket;
  connectedAt: Date;
  lastActiveAt: Date;
  sourceIp: string;
  userAgent: string;
  idle: NodeJS.Timeout;
  expiry: NodeJS.Timeout;
}

/** The open sockets by connection id: what API Gateway keeps for a WebSocket API's stage. */
export class SocketRegistry {
  private readonly sockets = new Map<string, OpenSocket>();

  get size(): number {
    return this.sockets.size;
  }

  add(connectionId: string, entry: OpenSocket): void {
    this.sockets.set(connectionId, entry);
  }

  remove(connectionId: string): OpenSocket | undefined {
    const entry = this.sockets.get(connectionId);
    if (!entry) return undefined;
    clearTimeout(entry.idle);
    clearTimeout(entry.expiry);
    this.sockets.delete(connectionId);
    return entry;
  }

  /** PostToConnection: false when the connection is unknown (410 Gone). */
  send(connectionId: string, data: Buffer): boolean {
    const entry = this.sockets.get(connectionId);
    if (!entry || entry.socket.readyState !== WebSocket.OPEN) return false;
    // API Gateway sends the data as a text frame.
    entry.socket.send(data.toString('utf8'));
    return true;
  }

  /** GetConnection: as the management API describes it, or null (410 Gone). */
  describe(connectionId: string): { ConnectedAt: string; LastActiveAt: string; Identity: { SourceIp: string; UserAgent: string } } | null {
    const entry = this.sockets.get(connectionId);
    if (!entry) return null;
    return {
      ConnectedAt: entry.connectedAt.toISOString(),
      LastActiveAt: entry.lastActiveAt.toISOString(),
      Identity: { SourceIp: entry.sourceIp, UserAgent: entry.userAgent },
    };
  }

  /** DeleteConnection: closes it (its `$disconnect` follows); false when unknown (410 Gone). */
  close(connectionId: string): boolean {
    const entry = this.sockets.get(connectionId);
    if (!entry) return false;
    entry.socket.close(1000);
    return true;
  }

  closeAll(): void {
    for (const { socket } of this.sockets.values()) socket.terminate();
  }
}

/** The local stack's one registry: the router fills it, the Lambda endpoint's management API reads it. */
export const localSockets = new SocketRegistry();

/** API Gateway's connection ids are 16 base64 characters ending in `=`; URL-safe here, so that a path carries them as they are. */
function newConnectionId(): string {
  return randomBytes(12).toString('base64url');
}

function headersOf(req: http.IncomingMessage): Record<string, string> {
  return Object.fromEntries(Object.entries(req.headers).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value ?? '']));
}

function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : status === 404 ? 'Not Found' : 'Error'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

export interface SocketServerOptions {
  config?: LocalConfig;
  registry?: SocketRegistry;
}

/**
 * Handles the HTTP server's `upgrade` events at SOCKET_PATH as API Gateway's WebSocket API would:
 * the authorizer, `$connect`, then the socket, its messages (`$default`) and its end (`$disconnect`).
 */
export function attachSockets(server: http.Server, { config = localConfig, registry = localSockets }: SocketServerOptions = {}): WebSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: SOCKET_LIMITS.maxFrameBytes });
  const methodArn = (routeKey: string) => `arn:aws:execute-api:${config.region}:000000000000:local/${config.stage}/${routeKey}`;

  function requestContext(connectionId: string, routeKey: string, eventType: 'CONNECT' | 'DISCONNECT' | 'MESSAGE', req: http.IncomingMessage) {
    const now = new Date();
    return {
      connectionId,
      routeKey,
      eventType,
      messageDirection: 'IN',
      requestId: randomUUID(),
      extendedRequestId: randomUUID(),
      apiId: 'local',
      stage: config.stage,
      domainName: req.headers.host ?? 'localhost',
      connectedAt: now.getTime(),
      requestTimeEpoch: now.getTime(),
      identity: { sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: req.headers['user-agent'] ?? '' },
    };
  }

  async function upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer, requestUrl: URL): Promise<void> {
    const connectionId = newConnectionId();
    const query = Object.fromEntries(requestUrl.searchParams);
    const headers = headersOf(req);
    const context = requestContext(connectionId, '$connect', 'CONNECT', req);
    // The REQUEST authorizer's event (identity source: route.request.querystring.token).
    let decision: APIGatewayAuthorizerResult;
    try {
      decision = (await invoke(eventHandlers.socketAuthorizer, {
        type: 'REQUEST',
        methodArn: methodArn('$connect'),
        headers,
        queryStringParameters: query,
        requestContext: context,
      })) as APIGatewayAuthorizerResult;
    } catch (error) {
      console.error('[ws] autorisation en échec', error);
      return refuse(socket, 500, 'Internal server error');
    }
    const allowed = decision?.policyDocument?.Statement?.some((statement) => statement.Effect === 'Allow');
    if (!allowed) return refuse(socket, 403, 'Forbidden');
    const authorizer = { ...decision.context, principalId: decision.principalId };
    let connected: APIGatewayProxyStructuredResultV2 | undefined;
    try {
      connected = (await invoke(eventHandlers.socket, {
        headers,
        queryStringParameters: query,
        isBase64Encoded: false,
        requestContext: { ...context, authorizer },
      })) as APIGatewayProxyStructuredResultV2 | undefined;
    } catch (error) {
      console.error('[ws] $connect a échoué', error);
      return refuse(socket, 500, 'Internal server error');
    }
    const status = connected?.statusCode ?? 200;
    if (status < 200 || status > 299) return refuse(socket, status, 'Forbidden');
    if (socket.destroyed) return void invokeDisconnect(connectionId, req);

    wss.handleUpgrade(req, socket, head, (ws) => {
      const connectedAt = new Date();
      const entry: OpenSocket = {
        socket: ws,
        connectedAt,
        lastActiveAt: connectedAt,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: req.headers['user-agent'] ?? '',
        idle: setTimeout(() => ws.close(1001, 'Going away'), SOCKET_LIMITS.idleMs).unref(),
        expiry: setTimeout(() => ws.close(1001, 'Going away'), SOCKET_LIMITS.maxDurationMs).unref(),
      };
      registry.add(connectionId, entry);
      ws.on('message', (data: RawData, isBinary: boolean) => {
        entry.lastActiveAt = new Date();
        entry.idle.refresh();
        const body = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
        invoke(eventHandlers.socket, {
          body: isBinary ? body.toString('base64') : body.toString('utf8'),
          isBase64Encoded: isBinary,
          requestContext: { ...requestContext(connectionId, '$default', 'MESSAGE', req), authorizer },
        }).catch((error: unknown) => console.error('[ws] $default a échoué', error));
      });
      ws.once('close', () => {
        registry.remove(connectionId);
        invokeDisconnect(connectionId, req, authorizer);
      });
      ws.on('error', () => ws.terminate());
    });
  }

  function invokeDisconnect(connectionId: string, req: http.IncomingMessage, authorizer?: Record<string, unknown>): void {
    invoke(eventHandlers.socket, { isBase64Encoded: false, requestContext: { ...requestContext(connectionId, '$disconnect', 'DISCONNECT', req), authorizer } }).catch(
      (error: unknown) => console.error('[ws] $disconnect a échoué', error),
    );
  }

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    let requestUrl: URL;
    try {
      requestUrl = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return refuse(socket, 404, 'Not Found');
    }
    if (requestUrl.pathname !== SOCKET_PATH) return refuse(socket, 404, 'Not Found');
    socket.on('error', () => socket.destroy());
    upgrade(req, socket, head, requestUrl).catch((error: unknown) => {
      console.error('[ws] connexion en échec', error);
      if (!socket.destroyed) refuse(socket, 500, 'Internal server error');
    });
  });
  server.once('close', () => {
    registry.closeAll();
    wss.close();
  });
  return wss;
}

/**
 * The management API (`@connections`), as `@aws-sdk/client-apigatewaymanagementapi` calls it:
 * `POST /@connections/{id}` sends the body to that socket, `GET` describes it, `DELETE` closes it;
 * an unknown connection answers 410 GoneException, as API Gateway does. Served by the loopback
 * Lambda endpoint (never the app's port: whoever reaches it can write to anyone's socket).
 * Returns false when the path is not the management API's.
 */
export function handleManagementRequest(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, registry: SocketRegistry = localSockets): boolean {
  const match = /^\/@connections\/([^/]+)$/.exec(pathname);
  if (!match) return false;
  let connectionId: string;
  try {
    connectionId = decodeURIComponent(match[1]!);
  } catch {
    connectionId = '';
  }
  const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/json' }), 'x-amzn-requestid': randomUUID(), ...headers });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const gone = () => answer(410, { message: `Connection ${connectionId} is gone` }, { 'x-amzn-errortype': 'GoneException' });
  const method = (req.method ?? 'GET').toUpperCase();
  if (method === 'GET') {
    const description = registry.describe(connectionId);
    return description ? (answer(200, description), true) : (gone(), true);
  }
  if (method === 'DELETE') {
    return registry.close(connectionId) ? (answer(204), true) : (gone(), true);
  }
  if (method !== 'POST') return answer(405, { message: 'Method not allowed' }), true;
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= SOCKET_LIMITS.maxFrameBytes) chunks.push(chunk);
  });
  req.once('end', () => {
    // API Gateway refuses a payload above its frame size.
    if (size > SOCKET_LIMITS.maxFrameBytes) return answer(413, { message: 'Request entity too large' }, { 'x-amzn-errortype': 'PayloadTooLargeException' });
    if (!registry.send(connectionId, Buffer.concat(chunks))) return gone();
    answer(200);
  });
  return true;
}
